import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { customerInput, customerUpdate } from '@nine/shared/schemas/customers';
import type { Db } from '../../db/pool.ts';
import { one, rows } from '../../db/sql.ts';
import type { Tables } from '../../db/tables.ts';
import { idempotentRoute } from '../../lib/idempotency.ts';
import { transaction } from '../../lib/transaction.ts';
import { parse } from '../../lib/validate.ts';
import { CUSTOMER_COLUMNS, type CustomerColumns } from './list-customers.ts';
import { loadCustomerDetail } from './customer-queries.ts';
import { customerMatches, fewMatchingCustomers } from './customer-search.ts';
import { actorOf } from '../../lib/actor.ts';
import { audit } from '../../lib/audit.ts';
import { idParams } from '../../lib/id-param.ts';
import { lockVersion } from '../../lib/version-lock.ts';

const lookupQuery = z.object({
  search: z.string().trim().min(1).max(100),
  limit: z.coerce.number().int().min(1).max(50).default(10),
});

/** GET (the detail with its balance, notes, participants and signatures), POST and PATCH of one customer; every change is audited in its transaction. */
export function registerCustomerRoutes(app: FastifyInstance, deps: { db: Db }): void {
  app.get(
    '/api/nine/customers/:id',
    { config: { access: { resource: 'customer', action: 'view' } } },
    async (request) => {
      const { id } = parse(idParams, request.params);
      return { data: await loadCustomerDetail(deps.db.pool, id) };
    },
  );

  // A lookup for taking orders: clerks who sell or rent need it without the customer permission.
  const lookupAccess = {
    anyOf: [
      { resource: 'customer', action: 'view' },
      { resource: 'rent_order', action: 'change' },
      { resource: 'sell_order', action: 'change' },
    ],
  } as const;
  app.get(
    '/api/nine/customers/lookup',
    { config: { access: { anyOf: [...lookupAccess.anyOf] } } },
    async (request) => {
      const q = parse(lookupQuery, request.query);
      // As the customer list: few matches by their ids, so the sort does not walk the table (list-customers.ts).
      const few = await fewMatchingCustomers(deps.db, q.search);
      const found = await rows<
        Pick<Tables['customers'], 'id' | 'phone' | 'email' | 'postal_code' | 'is_anonymous'> & {
          name: string;
        }
      >(
        deps.db.pool,
        `SELECT id, trim(first_name || ' ' || last_name) AS name, phone, email::text, postal_code, is_anonymous
       FROM customers WHERE NOT is_anonymous AND ${few ? 'id = ANY ($1::int[])' : customerMatches('$1')}
       ORDER BY last_name, first_name, id LIMIT $2`,
        [few ?? q.search, q.limit],
      );
      return { data: { rows: found } };
    },
  );

  idempotentRoute(
    app,
    deps.db,
    { url: '/api/nine/customers', access: { resource: 'customer', action: 'change' }, body: customerInput },
    async (client, actor, input) => {
      const { userId, locationId } = actor;
      const created = await one<CustomerColumns>(
        client,
        `INSERT INTO customers (first_name, last_name, email, phone, address, postal_code, city, country, notes, home_location_id)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING ${CUSTOMER_COLUMNS}`,
        [
          input.first_name,
          input.last_name,
          input.email ?? null,
          input.phone ?? null,
          input.address ?? null,
          input.postal_code ?? null,
          input.city ?? null,
          input.country ?? null,
          input.notes ?? null,
          locationId,
        ],
      );
      await audit(
        client,
        { userId, locationId },
        { entity: 'customer', entityId: created.id, action: 'created', data: input },
      );
      return created;
    },
  );

  app.patch(
    '/api/nine/customers/:id',
    { config: { access: { resource: 'customer', action: 'change' } } },
    async (request) => {
      const { id } = parse(idParams, request.params);
      const { version, ...changes } = parse(customerUpdate, request.body);
      const { userId, locationId } = actorOf(request);
      const result = await transaction(deps.db, async (client) => {
        await lockVersion(client, 'customers', id, version, 'NOT is_anonymous');
        const fields = Object.entries(changes).filter(([, v]) => v !== undefined);
        const sets = fields.map(([k], i) => `${k} = $${i + 2}`).join(', ');
        // Locked by lockVersion above: the row is still there.
        const updated = await one<CustomerColumns>(
          client,
          `UPDATE customers SET ${sets ? `${sets}, ` : ''}version = version + 1, updated_at = now() WHERE id = $1 RETURNING ${CUSTOMER_COLUMNS}`,
          [id, ...fields.map(([, v]) => v)],
        );
        await audit(
          client,
          { userId, locationId },
          { entity: 'customer', entityId: id, action: 'updated', data: Object.fromEntries(fields) },
        );
        return { status: 200, body: updated };
      });
      return { data: result.body };
    },
  );
}

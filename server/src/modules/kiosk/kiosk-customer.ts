import type { FastifyInstance } from 'fastify';
import { kioskCustomerRequest } from '@nine/shared/schemas/kiosk';
import type { Db } from '../../db/pool.ts';
import { exec, maybeOne, one } from '../../db/sql.ts';
import { actorOf } from '../../lib/actor.ts';
import { audit } from '../../lib/audit.ts';
import { transaction } from '../../lib/transaction.ts';
import { parse } from '../../lib/validate.ts';

/**
 * The customer a kiosk rents to: the customer on file with this phone number (digits compared, so spaces
 * and dashes do not matter), else a new customer with the name given. Answers only the id: a person at the
 * kiosk typing someone else's number learns nothing about them.
 */
export function registerKioskCustomer(app: FastifyInstance, deps: { db: Db }): void {
  app.post(
    '/api/nine/kiosk/customer',
    { config: { access: { resource: 'rent_order', action: 'change' } } },
    async (request) => {
      const input = parse(kioskCustomerRequest, request.body);
      const actor = actorOf(request);
      const digits = input.phone.replace(/\D/g, '');
      const customerId = await transaction(deps.db, async (client) => {
        // Two kiosks taking the same new number at once make one customer.
        await exec(client, 'SELECT pg_advisory_xact_lock(hashtext($1))', [`kiosk_phone:${digits}`]);
        const found = await maybeOne<{ id: number }>(
          client,
          `SELECT id FROM customers WHERE NOT is_anonymous AND regexp_replace(phone, '\\D', '', 'g') = $1
           ORDER BY id LIMIT 1`,
          [digits],
        );
        if (found) return found.id;
        const created = await one<{ id: number }>(
          client,
          `INSERT INTO customers (first_name, last_name, phone, home_location_id) VALUES ($1, $2, $3, $4) RETURNING id`,
          [input.first_name, input.last_name, input.phone, actor.locationId],
        );
        await audit(client, actor, {
          entity: 'customer',
          entityId: created.id,
          action: 'created',
          data: { ...input, source: 'kiosk' },
        });
        return created.id;
      });
      return { data: { customer_id: customerId } };
    },
  );
}

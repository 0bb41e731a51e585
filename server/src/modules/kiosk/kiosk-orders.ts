import type { FastifyInstance } from 'fastify';
import { AppError } from '@nine/shared/errors';
import {
  KIOSK_PHONE_MIN_DIGITS,
  kioskOrderLookup,
  kioskOrderSignRequest,
  type KioskOrderLookup,
  type KioskOrderSummary,
} from '@nine/shared/schemas/kiosk';
import type { Db } from '../../db/pool.ts';
import { maybeOne, rows, type Queryable } from '../../db/sql.ts';
import type { Tables } from '../../db/tables.ts';
import { actorOf, type Actor } from '../../lib/actor.ts';
import { transaction } from '../../lib/transaction.ts';
import { parse } from '../../lib/validate.ts';
import type { FailureCounter } from '../auth/failure-counter.ts';
import { saveOrderSignature } from '../orders/order-extras.ts';

/** Misses a kiosk may make before it waits: enough for typos, far too few to try order numbers. */
const LOOKUP_WINDOW = { threshold: 10, ttlMinutes: 15 };
const SIGNABLE = ['pending', 'confirmed', 'partially-delivered', 'delivered', 'partially-returned', 'open'];

type FoundOrder = Pick<Tables['orders'], 'id' | 'number' | 'status' | 'total_minor'> & {
  planned_start: string | null;
  planned_finish: string | null;
  signed_at: string | null;
};

/**
 * The rent order of this location with this number whose customer has this phone or e-mail (case ignored).
 * Phones compare by digits, with or without the country code: one number ends with the other. `lock` takes the order's row lock, so a sign reads the status it checks.
 */
async function findOrder(
  q: Queryable,
  locationId: number,
  lookup: KioskOrderLookup,
  lock: boolean,
): Promise<FoundOrder | null> {
  const email = lookup.contact.includes('@') ? lookup.contact.toLowerCase() : null;
  const digits = email === null ? lookup.contact.replace(/\D/g, '') : null;
  const order = await maybeOne<FoundOrder>(
    q,
    `SELECT o.id, o.number, o.status, o.total_minor,
            to_json(o.planned_start) #>> '{}' AS planned_start, to_json(o.planned_finish) #>> '{}' AS planned_finish,
            (SELECT to_json(s.signed_at) #>> '{}' FROM order_signatures s WHERE s.order_id = o.id) AS signed_at
     FROM orders o JOIN customers c ON c.id = o.customer_id
     WHERE o.number = $1 AND o.location_id = $2 AND o.type = 'rent' AND NOT c.is_anonymous
       AND (lower(c.email) = $3 OR EXISTS (
         SELECT 1 FROM (SELECT regexp_replace(c.phone, '\\D', '', 'g') AS d) p
         WHERE length(p.d) >= $5 AND (right(p.d, length($4)) = $4 OR right($4, length(p.d)) = p.d)))
     ${lock ? 'FOR UPDATE OF o' : ''}`,
    [lookup.number, locationId, email, digits, KIOSK_PHONE_MIN_DIGITS],
  );
  return order ?? null;
}

async function summary(q: Queryable, order: FoundOrder): Promise<KioskOrderSummary> {
  const lines = await rows<{ name: string; quantity: number }>(
    q,
    `SELECT CASE WHEN p.option IS NULL THEN p.name ELSE p.name || ' (' || p.option || ')' END AS name,
            sum(oi.quantity)::int AS quantity
     FROM order_items oi JOIN products p ON p.id = oi.product_id
     WHERE oi.order_id = $1 AND oi.status <> 'cancelled'
     GROUP BY p.id, p.name, p.option ORDER BY min(oi.id)`,
    [order.id],
  );
  return {
    order_id: order.id,
    number: order.number,
    status: order.status,
    planned_start: order.planned_start,
    planned_finish: order.planned_finish,
    total_minor: order.total_minor,
    lines,
    signed_at: order.signed_at,
    signable: SIGNABLE.includes(order.status),
  };
}

/**
 * "Find my order" and signing it at a kiosk. A miss answers exactly as an unknown number does and counts
 * against the kiosk's user (shared by every server process through the database); past the limit the kiosk
 * waits, so order numbers cannot be tried against a phone number. What is shown leaves out the customer.
 */
export function registerKioskOrders(app: FastifyInstance, deps: { db: Db; failures: FailureCounter }): void {
  const subject = (actor: Actor) => `${actor.userId}@${actor.locationId}`;

  async function guarded<T>(actor: Actor, work: () => Promise<T | null>): Promise<T> {
    if ((await deps.failures.lockedFor('kiosk_lookup', subject(actor), LOOKUP_WINDOW)) > 0)
      throw new AppError('rateLimited');
    const found = await work();
    if (found === null) {
      await deps.failures.record('kiosk_lookup', subject(actor));
      throw new AppError('kioskOrderNotFound');
    }
    return found;
  }

  app.post(
    '/api/nine/kiosk/orders/find',
    { config: { access: { resource: 'rent_order', action: 'view' } } },
    async (request) => {
      const lookup = parse(kioskOrderLookup, request.body);
      const actor = actorOf(request);
      const data = await guarded(actor, async () => {
        const order = await findOrder(deps.db.pool, actor.locationId, lookup, false);
        return order ? summary(deps.db.pool, order) : null;
      });
      return { data };
    },
  );

  app.put(
    '/api/nine/kiosk/orders/signature',
    { config: { access: { resource: 'rent_order', action: 'change' } } },
    async (request) => {
      const input = parse(kioskOrderSignRequest, request.body);
      const actor = actorOf(request);
      const data = await guarded(actor, () =>
        transaction(deps.db, async (client) => {
          const order = await findOrder(client, actor.locationId, input.lookup, true);
          if (!order) return null;
          if (!SIGNABLE.includes(order.status)) throw new AppError('kioskOrderNotSignable');
          await saveOrderSignature(client, actor, order.id, input.signature);
          const signed = await findOrder(client, actor.locationId, input.lookup, false);
          return summary(client, signed!);
        }),
      );
      return { data };
    },
  );
}

import type pg from 'pg';
import { AppError } from '@nine/shared/errors';
import { TOUR_RENTAL_TYPE_ID } from '@nine/shared/schemas/product-lines';
import type { CustomerInput } from '@nine/shared/schemas/customers';
import type { TourReservationCreateParsed } from '@nine/shared/schemas/tours/reservations';
import { equipmentNeeds, type TourEquipmentItem } from '@nine/shared/tour-equipment';
import { priceFor, type TourPrice, type TourSeasonPrices } from '@nine/shared/tour-pricing';
import { exec, maybeOne, one, rows, type Queryable } from '../../db/sql.ts';
import type { Tables } from '../../db/tables.ts';
import type { Actor } from '../../lib/actor.ts';
import { grants } from '@nine/shared/permissions';
import type { AuthService } from '../auth/auth-service.ts';
import { audit } from '../../lib/audit.ts';
import {
  insertRentLines,
  refuseUnavailable,
  repriceOrder,
  type OrderService,
  type RentLineInsert,
} from '../orders/order-service.ts';
import { checkBookable, seatsFree } from './waitlist-service.ts';

// Booking seats of a tour event (issue #20, design 1.1 decisions 1-4). One transaction, one lock order: the
// event FOR NO KEY UPDATE, then the equipment's items and stock rows (assessRentDraft), then the order's rows; the seat
// trigger locks the same event again (already ours) and its CHECK is the last word on capacity.

export interface ReservationDeps {
  orders: Pick<OrderService, 'assessRentDraft'>;
  /** Making a new customer from the form needs customer change (customerFor). */
  auth: Pick<AuthService, 'permissionsAt'>;
  now: () => Date;
}

type LockedEvent = Pick<
  Tables['tour_events'],
  | 'id'
  | 'definition_id'
  | 'starts_at'
  | 'ends_at'
  | 'capacity'
  | 'seats_taken'
  | 'status'
  | 'private_order_id'
> & {
  definition_name: string;
  seat_product_id: number | null;
  seat_sku: string | null;
  private_price_minor: number | null;
  local_day: string;
  booking_cutoff_minutes: number;
  private_live: boolean;
  definition_status: string;
};

const validation = (path: string, code: string, extra: object = {}) =>
  new AppError('validation', { data: { issues: [{ path, code, ...extra }] } });

/** 1207 for a departure without the seats asked: the unavailable-items modal names the tour and the seats left. */
export function seatsUnavailable(
  event: { definition_name: string; seat_sku: string | null },
  free: number,
): AppError {
  return new AppError('itemsUnavailable', {
    data: [{ product_category: event.definition_name, product_sku: event.seat_sku ?? '', seats_free: free }],
    params: { items: event.definition_name },
  });
}

export function isCheckViolation(err: unknown, constraint: string): boolean {
  const e = err as { code?: string; constraint?: string };
  return e.code === '23514' && e.constraint === constraint;
}

/**
 * A booking's or waitlist entry's customer: the one named (400 when unknown), or a new one made from the form,
 * which needs customer change as the customers screen does (403 without it).
 */
export async function customerFor(
  client: pg.PoolClient,
  auth: Pick<AuthService, 'permissionsAt'>,
  actor: Actor,
  input: { customer_id?: number | undefined; customer?: CustomerInput | undefined },
): Promise<number> {
  if (input.customer_id !== undefined) {
    if (!(await exec(client, 'SELECT 1 FROM customers WHERE id = $1', [input.customer_id])))
      throw validation('customer_id', 'not_found');
    return input.customer_id;
  }
  const held = await auth.permissionsAt(actor.userId, actor.locationId, client);
  if (!held || !grants(held, { resource: 'customer', action: 'change' })) throw new AppError('forbidden');
  const c = input.customer!;
  const { id } = await one<{ id: number }>(
    client,
    `INSERT INTO customers (first_name, last_name, email, phone, address, postal_code, city, country, notes, home_location_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING id`,
    [
      c.first_name,
      c.last_name,
      c.email ?? null,
      c.phone ?? null,
      c.address ?? null,
      c.postal_code ?? null,
      c.city ?? null,
      c.country ?? null,
      c.notes ?? null,
      actor.locationId,
    ],
  );
  await audit(client, actor, { entity: 'customer', entityId: id, action: 'created', data: c });
  return id;
}

/**
 * The equipment the party needs (shared equipmentNeeds), as rent lines for the event's period: serialized
 * products take their free items by SKU, bulk products their units; both checked and locked by the order
 * service's assessRentDraft, so a tour books equipment exactly as a rent order does. Short: 1207 naming the
 * serialized products, 1208 the bulk ones.
 */
async function equipmentLines(
  client: pg.PoolClient,
  actor: Actor,
  deps: ReservationDeps,
  event: LockedEvent,
  seats: ReadonlyMap<number, number>,
  rentalTypeId: number,
): Promise<{ lines: RentLineInsert[]; items: { id: number; category: string; product_sku: string }[] }> {
  const defined = await rows<TourEquipmentItem>(
    client,
    'SELECT product_id, per, age_group_id, units, per_count FROM tour_definition_items WHERE definition_id = $1 ORDER BY id',
    [event.definition_id],
  );
  const needs = equipmentNeeds(defined, seats);
  if (needs.size === 0) return { lines: [], items: [] };
  const products = await rows<
    Pick<Tables['products'], 'id' | 'sku' | 'is_serialized' | 'kind'> & { category: string | null }
  >(
    client,
    `SELECT p.id, p.sku, p.is_serialized, p.kind, c.name AS category FROM products p
     LEFT JOIN categories c ON c.id = p.category_id WHERE p.id = ANY($1::int[]) ORDER BY p.id`,
    [[...needs.keys()]],
  );
  const draft: ({ item_id: number } | { product_id: number; quantity: number })[] = [];
  const short: { product_category: string; product_sku: string }[] = [];
  for (const product of products) {
    const need = needs.get(product.id)!;
    if (!product.is_serialized) {
      draft.push({ product_id: product.id, quantity: need });
      continue;
    }
    // Picked and locked at once, skipping items another booking holds locked: picking first and locking
    // later (assessRentDraft) would wait for that booking and then find the item taken.
    const free = await rows<{ id: number }>(
      client,
      `SELECT i.id FROM items i
       WHERE i.product_id = $1 AND i.current_location_id = $2 AND i.status IN ('available', 'rented')
         AND NOT item_maintenance_due(i.id)
         AND NOT EXISTS (SELECT 1 FROM order_items oi WHERE oi.item_id = i.id AND oi.status <> 'cancelled'
                         AND oi.booked_period && tstzrange($3, $4, '[)'))
       ORDER BY i.sku LIMIT $5 FOR UPDATE OF i SKIP LOCKED`,
      [product.id, actor.locationId, event.starts_at, event.ends_at, need],
    );
    if (free.length < need || product.kind !== 'rent')
      short.push({ product_category: product.category ?? product.sku, product_sku: product.sku });
    else draft.push(...free.map((i) => ({ item_id: i.id })));
  }
  if (short.length)
    throw new AppError('itemsUnavailable', {
      data: short,
      params: { items: [...new Set(short.map((s) => s.product_category))].join(', ') },
    });
  const assessed = await deps.orders.assessRentDraft(
    client,
    actor,
    {
      planned_start: event.starts_at.toISOString(),
      planned_finish: event.ends_at.toISOString(),
      rental_type_id: rentalTypeId,
      items: draft,
    },
    true,
    null,
    // The event's times are the period: no business-hours shift, no rental-period rule.
    { exactPeriod: true },
  );
  refuseUnavailable(assessed.lines);
  return {
    // Included in the tour's price.
    lines: assessed.lines.map((l) => ({
      product_id: l.product_id,
      item_id: l.item_id,
      quantity: l.quantity,
      unit: 0,
    })),
    items: assessed.lines
      .filter((l) => l.item_id !== null)
      .map((l) => ({ id: l.item_id!, category: l.product_category, product_sku: l.product_sku })),
  };
}

/** A tour's base prices and its seasons' prices, as priceFor takes them. */
export async function tourPrices(
  client: Queryable,
  definitionId: number,
): Promise<{ base: TourPrice[]; seasons: TourSeasonPrices[] }> {
  const base = await rows<TourPrice>(
    client,
    'SELECT age_group_id, price_minor FROM tour_definition_prices WHERE definition_id = $1',
    [definitionId],
  );
  const seasons = await rows<TourSeasonPrices>(
    client,
    `SELECT lower(s.days)::text AS first_day, (upper(s.days) - 1)::text AS last_day,
            coalesce((SELECT json_agg(json_build_object('age_group_id', sp.age_group_id, 'price_minor', sp.price_minor))
                      FROM tour_definition_season_prices sp WHERE sp.season_id = s.id), '[]') AS prices
     FROM tour_definition_seasons s WHERE s.definition_id = $1`,
    [definitionId],
  );
  return { base, seasons };
}

/**
 * Books `input.seats` of the event at the actor's location and answers the new order's id. Usable inside any
 * transaction (the waitlist books through it). Refusals: 404 (no such event here), 1771 (not bookable:
 * cancelled, completed or started), 1770 (past the booking cut-off), 1772 (private), 1207 (seats or serialized
 * equipment short, naming them), 1208 (bulk equipment short), 400 (age groups without a price, unknown customer).
 */
export async function createReservation(
  client: pg.PoolClient,
  actor: Actor,
  input: TourReservationCreateParsed,
  deps: ReservationDeps,
  /** Booking a waitlist entry: the seats its own offer holds count as free for it (waitlist-routes.ts). */
  opts: { waitlistEntryId?: number } = {},
): Promise<number> {
  const event = await maybeOne<LockedEvent>(
    client,
    `SELECT e.id, e.definition_id, e.starts_at, e.ends_at, e.capacity, e.seats_taken, e.status, e.private_order_id,
            d.name AS definition_name, d.seat_product_id, p.sku AS seat_sku, d.private_price_minor, d.status AS definition_status,
            (e.starts_at AT TIME ZONE l.time_zone)::date::text AS local_day,
            coalesce(s.booking_cutoff_minutes, 60) AS booking_cutoff_minutes,
            EXISTS (SELECT 1 FROM order_items oi JOIN orders po ON po.id = oi.order_id
                    WHERE oi.order_id = e.private_order_id AND oi.tour_event_id = e.id AND oi.status <> 'cancelled'
                      AND po.status NOT IN ('cancelled', 'pre-cancel')) AS private_live
     FROM tour_events e JOIN tour_definitions d ON d.id = e.definition_id JOIN locations l ON l.id = e.location_id
     LEFT JOIN products p ON p.id = d.seat_product_id
     LEFT JOIN tour_settings s ON s.location_id = e.location_id
     WHERE e.id = $1 AND e.location_id = $2 FOR NO KEY UPDATE OF e`,
    [input.event_id, actor.locationId],
  );
  if (!event) throw new AppError('notFound');
  const now = deps.now();
  if (event.seat_product_id === null) throw new AppError('eventNotBookable');
  checkBookable(event, now);
  // A private order cancelled or moved away holds the departure no more (migration 0049).
  if (event.private_live || (input.private && event.seats_taken > 0)) throw new AppError('eventPrivate');
  if (input.private && event.private_price_minor === null) throw validation('private', 'not_offered');

  // Prices of the event's local day: its season's, else the tour's base price (shared priceFor).
  const groups = await rows<{ id: number; active: boolean }>(
    client,
    'SELECT id, active FROM tour_age_groups WHERE id = ANY($1::int[])',
    [input.seats.map((s) => s.age_group_id)],
  );
  const { base, seasons } = await tourPrices(client, event.definition_id);
  const priced = input.seats.map((seat, index) => {
    const group = groups.find((g) => g.id === seat.age_group_id);
    const price = group?.active ? priceFor(base, seasons, seat.age_group_id, event.local_day) : null;
    if (price === null) throw validation(`seats.${index}.age_group_id`, 'not_offered');
    return { ...seat, price };
  });

  // Read after the lock: every other booking of this event waits for this transaction.
  const asked = input.seats.reduce((sum, s) => sum + s.quantity, 0);
  // Seats held by live waitlist offers stay theirs (waitlist-service.ts), except this booking's own offer.
  const free = await seatsFree(client, event.id, now, opts.waitlistEntryId);
  if (asked > free) throw seatsUnavailable(event, Math.max(0, free));

  const rentalType = await maybeOne<{ id: number }>(client, 'SELECT id FROM rental_types WHERE id = $1', [
    TOUR_RENTAL_TYPE_ID,
  ]);
  const seatsByGroup = new Map(input.seats.map((s) => [s.age_group_id, s.quantity]));
  const equipment = await equipmentLines(client, actor, deps, event, seatsByGroup, rentalType?.id ?? 1);
  const customerId = await customerFor(client, deps.auth, actor, input);

  const { id: orderId } = await one<{ id: number }>(
    client,
    `INSERT INTO orders (type, source, status, location_id, customer_id, rental_type_id, planned_start, planned_finish,
                         total_minor, deposit_minor, staff_note, created_by)
     VALUES ('tour', $1, 'confirmed', $2, $3, $4, $5, $6, 0, 0, $7, $8) RETURNING id`,
    [
      input.source,
      actor.locationId,
      customerId,
      rentalType?.id ?? null,
      event.starts_at,
      event.ends_at,
      input.note || null,
      actor.userId,
    ],
  );

  // A private booking pays the tour's private price once: on one seat of its first group, the other seats at 0.
  const seatLines = input.private
    ? priced.flatMap((s, index) =>
        index === 0
          ? [
              { age_group_id: s.age_group_id, quantity: 1, price: event.private_price_minor! },
              ...(s.quantity > 1
                ? [{ age_group_id: s.age_group_id, quantity: s.quantity - 1, price: 0 }]
                : []),
            ]
          : [{ age_group_id: s.age_group_id, quantity: s.quantity, price: 0 }],
      )
    : priced.map((s) => ({ age_group_id: s.age_group_id, quantity: s.quantity, price: s.price }));
  try {
    await exec(
      client,
      `INSERT INTO order_items (order_id, product_id, quantity, unit_price_minor, status, tour_event_id, tour_age_group_id)
       SELECT $1, $2, q, p, 'confirmed', $3, g FROM unnest($4::int[], $5::bigint[], $6::int[]) AS t(q, p, g)`,
      [
        orderId,
        event.seat_product_id,
        event.id,
        seatLines.map((l) => l.quantity),
        seatLines.map((l) => l.price),
        seatLines.map((l) => l.age_group_id),
      ],
    );
  } catch (err) {
    // The trigger's CHECK: only a path that skipped the event's lock could get here.
    if (isCheckViolation(err, 'tour_events_capacity')) throw seatsUnavailable(event, free);
    if (isCheckViolation(err, 'tour_events_private')) throw new AppError('eventPrivate');
    throw err;
  }
  await insertRentLines(
    client,
    orderId,
    equipment.lines,
    event.starts_at,
    event.ends_at,
    'confirmed',
    equipment.items,
  );
  if (input.private)
    await exec(client, 'UPDATE tour_events SET private_order_id = $2, updated_at = now() WHERE id = $1', [
      event.id,
      orderId,
    ]);
  await exec(client, 'INSERT INTO tour_reservations (order_id, event_id, is_private) VALUES ($1, $2, $3)', [
    orderId,
    event.id,
    input.private,
  ]);
  await repriceOrder(client, orderId, actor.locationId);
  await audit(client, actor, {
    entity: 'order',
    entityId: orderId,
    action: 'created',
    data: {
      status: 'confirmed',
      source: input.source,
      event_id: event.id,
      seats: input.seats,
      private: input.private,
      items: seatLines.length + equipment.lines.length,
    },
  });
  return orderId;
}

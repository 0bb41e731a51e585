import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NineApp } from '../src/app.ts';
import { resources, type Permission } from '@nine/shared/permissions';
import type {
  TourCancellationPreview,
  TourReservationCancelled,
  TourReservationMoved,
} from '@nine/shared/schemas/tours/reservation-changes';
import { TEST_CARD_SUCCEEDS } from '@nine/shared/schemas/online-payments';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { runIntegrityChecks } from '../src/lib/integrity.ts';
import { hashPassword } from '../src/modules/auth/password-hashing.ts';
import type { PaymentProvider } from '../src/modules/online-payments/payment-provider.ts';
import { createTestProvider } from '../src/modules/online-payments/test-provider.ts';
import { newAccessToken } from '../src/modules/public/order-access-token.ts';
import { createLocation, createUser } from './helpers/fixtures.ts';
import { createTestApp, login } from './helpers/test-app.ts';
import { createTestDatabase, type TestDatabase } from './helpers/test-db.ts';
import { createDeparture, createTourWorld, type TourWorld } from './helpers/tour-change-fixtures.ts';

/** Moving and cancelling tour reservations (issue #20, design D6). */
let tdb: TestDatabase;
let app: NineApp['app'];
let loc: number;
let manager: Record<string, string>;
let clerk: Record<string, string>;
let world: TourWorld;

const everything: Permission[] = resources.map((resource) => ({ resource, action: 'any' }));
const q = async (sql: string, params: unknown[] = []) => (await tdb.db.pool.query(sql, params)).rows;
/** A fixed clock: departures below are 30 hours and more ahead. */
const NOW = new Date('2026-06-01T00:00:00Z');
const SEASON_DAY = '2026-06-05';

beforeAll(async () => {
  tdb = await createTestDatabase();
  loc = await createLocation(tdb.db, 'Cove');
  await q(`UPDATE general_settings SET allow_staff_credit_card_entry = true WHERE location_id = $1`, [loc]);
  await q(`UPDATE access_policy SET refund_level1_minor = 100000000, refund_level2_minor = 100000000`);
  await createUser(tdb.db, { email: 'ch-manager@nine.test', locations: [loc], grants: everything });
  await createUser(tdb.db, {
    email: 'ch-clerk@nine.test',
    locations: [loc],
    grants: [
      { resource: 'tour', action: 'change' },
      { resource: 'financial_transaction', action: 'refund' },
    ],
  });
  ({ app } = await createTestApp(tdb.db, { now: () => NOW }));
  manager = {
    authorization: `Bearer ${await login(app, 'ch-manager@nine.test')}`,
    'location-id': String(loc),
  };
  clerk = { authorization: `Bearer ${await login(app, 'ch-clerk@nine.test')}`, 'location-id': String(loc) };
  world = await createTourWorld(tdb.db, loc, { seasonDay: SEASON_DAY });
});
afterAll(async () => {
  await app.close();
  await tdb.drop();
});

function call(method: 'GET' | 'POST', url: string, payload?: object, headers = manager) {
  return app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
}
const code = (res: { json: () => unknown }) => (res.json() as { resp_code: number }).resp_code;

async function book(
  eventId: number,
  adults = 2,
): Promise<{ id: number; version: number; total_minor: number }> {
  const res = await call('POST', '/api/nine/tours/reservations', {
    event_id: eventId,
    seats: [{ age_group_id: world.adult, quantity: adults }],
    customer_id: world.catalogue.customerId,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ data: { id: number; version: number; total_minor: number } }>().data;
}
async function pay(orderId: number, amount: number) {
  const res = await call('POST', '/api/nine/payments', {
    order_id: orderId,
    method: 'card',
    amount_minor: amount,
  });
  expect(res.statusCode, res.body).toBe(201);
}
const order = async (id: number) =>
  (
    await q(
      'SELECT status, version, total_minor::int, paid_minor::int, cancellation_fee_minor::int FROM orders WHERE id = $1',
      [id],
    )
  )[0] as {
    status: string;
    version: number;
    total_minor: number;
    paid_minor: number;
    cancellation_fee_minor: number;
  };
const seatsTaken = async (eventId: number) =>
  Number((await q('SELECT seats_taken FROM tour_events WHERE id = $1', [eventId]))[0].seats_taken);
/**
 * The money of a cancelled order: every invoice's balance (total + credited − paid, as the invoice lists read it),
 * what is paid, and the revenue (with tax) its invoices and credit notes leave, and the receivables left open.
 */
async function books(orderId: number) {
  const balances = await q(
    `SELECT i.id, i.type, (s.total_minor + s.credited_minor - s.paid_minor)::int AS balance
     FROM invoices i JOIN invoice_settlements s ON s.invoice_id = i.id WHERE i.order_id = $1 ORDER BY i.id`,
    [orderId],
  );
  const [ledger] = await q(
    `SELECT coalesce(sum(e.amount_minor) FILTER (WHERE e.gl_code = ar.gl_code), 0)::int AS receivable,
            (-coalesce(sum(e.amount_minor) FILTER (WHERE e.gl_code <> ar.gl_code AND e.payment_id IS NULL
                         AND e.refund_id IS NULL AND e.deposit_movement_id IS NULL), 0))::int AS revenue
     FROM ledger_entries e, (SELECT gl_code FROM gl_system_accounts WHERE posting = 'accounts_receivable') ar
     WHERE e.order_id = $1`,
    [orderId],
  );
  return {
    unpaid: balances.filter((b) => b.balance > 0),
    paid: (await order(orderId)).paid_minor,
    receivable: ledger!.receivable as number,
    revenue: ledger!.revenue as number,
  };
}
async function expectIntegrity() {
  const broken = (await runIntegrityChecks(tdb.db.pool)).filter((r) => r.violations > 0);
  expect(broken).toEqual([]);
}

describe('move', () => {
  it('moves seats and equipment, bills a dearer day and refunds a cheaper one', async () => {
    const from = await createDeparture(tdb.db, loc, world.definition, '2026-06-03T08:00:00Z');
    const to = await createDeparture(tdb.db, loc, world.definition, `${SEASON_DAY}T08:00:00Z`);
    const booked = await book(from);
    expect(booked.total_minor).toBe(20000);
    await pay(booked.id, 20000);
    const before = await order(booked.id);

    const moved = await call('POST', `/api/nine/tours/reservations/${booked.id}/move`, {
      event_id: to,
      version: before.version,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const m = moved.json<{ data: TourReservationMoved }>().data;
    expect(m).toMatchObject({
      event_id: to,
      price_difference_minor: 4000,
      total_minor: 24000,
      refunded_minor: 0,
    });
    expect(m.invoice_id).not.toBeNull();
    expect(await seatsTaken(from)).toBe(0);
    expect(await seatsTaken(to)).toBe(2);
    const equipment = await q(
      `SELECT planned_start FROM order_items WHERE order_id = $1 AND tour_event_id IS NULL AND status <> 'cancelled'`,
      [booked.id],
    );
    expect(equipment.length).toBeGreaterThan(0);
    for (const line of equipment)
      expect((line.planned_start as Date).toISOString()).toBe(`${SEASON_DAY}T08:00:00.000Z`);
    const invoice = (
      await q('SELECT total_minor::int, status FROM invoices WHERE id = $1', [m.invoice_id])
    )[0];
    expect(invoice).toEqual({ total_minor: 24000, status: 'in_progress' });
    const reservation = await q('SELECT event_id FROM tour_reservations WHERE order_id = $1', [booked.id]);
    expect(Number(reservation[0].event_id)).toBe(to);

    // The balance paid, then back to the cheaper day: the difference goes back to the card.
    await pay(booked.id, 4000);
    const back = await call('POST', `/api/nine/tours/reservations/${booked.id}/move`, {
      event_id: from,
      version: (await order(booked.id)).version,
    });
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json<{ data: TourReservationMoved }>().data).toMatchObject({
      price_difference_minor: -4000,
      refunded_minor: 4000,
      total_minor: 20000,
    });
    expect(await order(booked.id)).toMatchObject({
      paid_minor: 20000,
      total_minor: 20000,
      status: 'confirmed',
    });
    await expectIntegrity();
  });

  it('refuses another tour (1780), a full departure (1207) and a stale version (409)', async () => {
    const from = await createDeparture(tdb.db, loc, world.definition, '2026-06-07T08:00:00Z');
    const small = await createDeparture(tdb.db, loc, world.definition, '2026-06-08T08:00:00Z', 1);
    const other = await createDeparture(tdb.db, loc, world.otherDefinition, '2026-06-08T08:00:00Z');
    const booked = await book(from);
    const { version } = await order(booked.id);
    const url = `/api/nine/tours/reservations/${booked.id}/move`;

    const otherTour = await call('POST', url, { event_id: other, version });
    expect(code(otherTour)).toBe(1780);
    expect(otherTour.json<{ data: { reason: string } }>().data.reason).toBe('other_definition');
    const full = await call('POST', url, { event_id: small, version });
    expect(code(full)).toBe(1207);
    const stale = await call('POST', url, { event_id: small, version: version - 1 });
    expect(stale.statusCode).toBe(409);
    expect(code(stale)).toBe(1021);
    const same = await call('POST', url, { event_id: from, version });
    expect(code(same)).toBe(1780);
    expect(await seatsTaken(from)).toBe(2);
  });
});

describe('move a paid reservation (its invoice posted)', () => {
  /** Booked, paid in full and its invoice posted (paying bills it; posting makes it immutable). */
  async function paidAndPosted(eventId: number) {
    const booked = await book(eventId);
    await pay(booked.id, booked.total_minor);
    let invoices = await q(`SELECT id FROM invoices WHERE order_id = $1 AND type = 'rent'`, [booked.id]);
    if (!invoices.length) {
      const billed = await call('POST', `/api/nine/orders/${booked.id}/invoice`, {});
      expect(billed.statusCode, billed.body).toBeLessThan(300);
      invoices = await q(`SELECT id FROM invoices WHERE order_id = $1 AND type = 'rent'`, [booked.id]);
    }
    const posted = await call('POST', `/api/nine/invoices/${invoices[0]!.id}/post`);
    expect(posted.statusCode, posted.body).toBe(200);
    return booked;
  }
  const move = async (orderId: number, eventId: number) => {
    const res = await call('POST', `/api/nine/tours/reservations/${orderId}/move`, {
      event_id: eventId,
      version: (await order(orderId)).version,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ data: TourReservationMoved }>().data;
  };
  const seatEvents = async (orderId: number) =>
    (
      await q(
        `SELECT DISTINCT tour_event_id::int AS e FROM order_items WHERE order_id = $1 AND tour_event_id IS NOT NULL`,
        [orderId],
      )
    ).map((r) => r.e as number);

  it('to a day of the same price: nothing billed or refunded, balance 0', async () => {
    const from = await createDeparture(tdb.db, loc, world.definition, '2026-06-10T09:00:00Z');
    const to = await createDeparture(tdb.db, loc, world.definition, '2026-06-11T09:00:00Z');
    const booked = await paidAndPosted(from);
    const m = await move(booked.id, to);
    expect(m).toMatchObject({ price_difference_minor: 0, refunded_minor: 0, total_minor: 20000 });
    expect(await seatEvents(booked.id)).toEqual([to]);
    expect(await seatsTaken(to)).toBe(2);
    expect(await order(booked.id)).toMatchObject({ total_minor: 20000, paid_minor: 20000 });
    const b = await books(booked.id);
    expect(b.unpaid).toEqual([]);
    expect(b.receivable).toBe(0);
    expect(
      await q(`SELECT 1 FROM invoices WHERE order_id = $1 AND type IN ('adhoc', 'credit_note')`, [booked.id]),
    ).toEqual([]);
    await expectIntegrity();
  });

  it('to a dearer day: the difference is billed as an ad-hoc charge and is due', async () => {
    const from = await createDeparture(tdb.db, loc, world.definition, '2026-06-12T09:00:00Z');
    const to = await createDeparture(tdb.db, loc, world.definition, `${SEASON_DAY}T13:00:00Z`);
    const booked = await paidAndPosted(from);
    const m = await move(booked.id, to);
    expect(m).toMatchObject({ price_difference_minor: 4000, refunded_minor: 0, total_minor: 24000 });
    const adhoc = await q(
      `SELECT i.id::int, i.total_minor::int, l.description FROM invoices i JOIN invoice_lines l ON l.invoice_id = i.id
       WHERE i.order_id = $1 AND i.type = 'adhoc'`,
      [booked.id],
    );
    expect(adhoc).toEqual([
      { id: m.invoice_id, total_minor: 4000, description: `Price difference: moved to ${SEASON_DAY}` },
    ]);
    expect(await seatEvents(booked.id)).toEqual([to]);
    // The seat lines keep the price billed; the order's total holds the charge.
    const prices = await q(
      `SELECT unit_price_minor::int AS p FROM order_items WHERE order_id = $1 AND tour_event_id IS NOT NULL`,
      [booked.id],
    );
    expect(prices.every((r) => r.p === 10000)).toBe(true);
    const o = await order(booked.id);
    expect(o.total_minor - o.paid_minor).toBe(4000);
    expect((await books(booked.id)).unpaid).toEqual([{ id: m.invoice_id, type: 'adhoc', balance: 4000 }]);
    await expectIntegrity();

    // The difference paid, then back to a normal-price day: the 4000 goes back and the books end at 20000.
    await pay(booked.id, 4000);
    const back = await move(booked.id, from);
    expect(back).toMatchObject({ price_difference_minor: -4000, refunded_minor: 4000, total_minor: 20000 });
    const b = await books(booked.id);
    expect(b).toMatchObject({ unpaid: [], paid: 20000, revenue: 20000 });
    await expectIntegrity();
  });

  it('to a dearer day and back before the difference is paid: the charge is credited, nothing refunded', async () => {
    const from = await createDeparture(tdb.db, loc, world.definition, '2026-06-14T09:00:00Z');
    const to = await createDeparture(tdb.db, loc, world.definition, `${SEASON_DAY}T17:00:00Z`);
    const booked = await paidAndPosted(from);
    await move(booked.id, to);
    const back = await move(booked.id, from);
    expect(back).toMatchObject({ price_difference_minor: -4000, refunded_minor: 0, total_minor: 20000 });
    expect(await seatEvents(booked.id)).toEqual([from]);
    expect(await books(booked.id)).toMatchObject({ unpaid: [], paid: 20000, receivable: 0, revenue: 20000 });
    await expectIntegrity();
  });

  it('to a cheaper day: a credit note takes the difference off and it is refunded', async () => {
    const from = await createDeparture(tdb.db, loc, world.definition, `${SEASON_DAY}T15:00:00Z`);
    const to = await createDeparture(tdb.db, loc, world.definition, '2026-06-13T09:00:00Z');
    const booked = await paidAndPosted(from);
    expect(booked.total_minor).toBe(24000);
    const m = await move(booked.id, to);
    expect(m).toMatchObject({ price_difference_minor: -4000, refunded_minor: 4000, total_minor: 20000 });
    expect(await seatEvents(booked.id)).toEqual([to]);
    expect(await seatsTaken(from)).toBe(0);
    const notes = await q(
      `SELECT total_minor::int, refund_id IS NOT NULL AS with_refund FROM invoices WHERE order_id = $1 AND type = 'credit_note'`,
      [booked.id],
    );
    expect(notes).toEqual([{ total_minor: -4000, with_refund: true }]);
    const refunds = await q(
      `SELECT r.amount_minor::int FROM refunds r JOIN payments p ON p.id = r.payment_id WHERE p.order_id = $1`,
      [booked.id],
    );
    expect(refunds).toEqual([{ amount_minor: 4000 }]);
    expect(await order(booked.id)).toMatchObject({
      total_minor: 20000,
      paid_minor: 20000,
      status: 'confirmed',
    });
    const b = await books(booked.id);
    expect(b).toMatchObject({ unpaid: [], receivable: 0, revenue: 20000 });
    const [audited] = await q(
      `SELECT data FROM audit_log WHERE entity_type = 'order' AND entity_id = $1 AND action = 'tour_moved'`,
      [booked.id],
    );
    expect(audited!.data).toMatchObject({ total_minor: { old: 24000, new: 20000 }, refunded_minor: 4000 });
    await expectIntegrity();
  });
});

describe('move with equipment', () => {
  it('refuses a period where its kayak is booked by another reservation (1207)', async () => {
    const solo = await createTourWorld(tdb.db, loc, {
      items: 1,
      groups: { adult: world.adult, child: world.child },
    });
    const morning = await createDeparture(tdb.db, loc, solo.definition, '2026-06-12T08:00:00Z');
    const sameTime = await createDeparture(tdb.db, loc, solo.definition, '2026-06-12T08:00:00Z');
    const evening = await createDeparture(tdb.db, loc, solo.definition, '2026-06-12T16:00:00Z');
    const seats = (eventId: number) => ({
      event_id: eventId,
      seats: [{ age_group_id: solo.adult, quantity: 1 }],
      customer_id: solo.catalogue.customerId,
    });
    expect((await call('POST', '/api/nine/tours/reservations', seats(morning))).statusCode).toBe(201);
    const later = await call('POST', '/api/nine/tours/reservations', seats(evening));
    expect(later.statusCode, later.body).toBe(201);
    const id = later.json<{ data: { id: number } }>().data.id;
    const res = await call('POST', `/api/nine/tours/reservations/${id}/move`, {
      event_id: sameTime,
      version: (await order(id)).version,
    });
    expect(code(res)).toBe(1207);
    expect(await seatsTaken(evening)).toBe(1);
  });
});

describe('cancel with fee', () => {
  it('30 hours before, with tiers 48 h 0 % / 24 h 50 % / 0 h 100 %, keeps 50 % and refunds the rest', async () => {
    const event = await createDeparture(tdb.db, loc, world.definition, '2026-06-02T06:00:00Z');
    const booked = await book(event);
    await pay(booked.id, 20000);
    expect(await seatsTaken(event)).toBe(2);

    const preview = await call('GET', `/api/nine/tours/reservations/${booked.id}/cancellation-preview`);
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json<{ data: TourCancellationPreview }>().data).toMatchObject({
      hours_before: 30,
      tier: { hours_before: 24, fee_bp: 5000 },
      fee_bp: 5000,
      seat_total_minor: 20000,
      fee_minor: 10000,
      paid_minor: 20000,
      refund_minor: 10000,
      no_show: false,
    });

    const { version } = await order(booked.id);
    const res = await app.inject({
      method: 'POST',
      url: `/api/nine/tours/reservations/${booked.id}/cancel`,
      headers: { ...clerk, 'idempotency-key': `cancel-${booked.id}` },
      payload: { version, reason: 'Customer ill' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const c = res.json<{ data: TourReservationCancelled }>().data;
    expect(c).toMatchObject({ status: 'cancelled', fee_bp: 5000, fee_minor: 10000, refunded_minor: 10000 });
    expect(c.credit_note_ids).toHaveLength(1);
    expect(c.refund_ids).toHaveLength(1);

    expect(await order(booked.id)).toMatchObject({
      status: 'cancelled',
      paid_minor: 10000,
      total_minor: 10000,
      cancellation_fee_minor: 10000,
    });
    expect(await seatsTaken(event)).toBe(0);
    const invoices = await q(
      `SELECT type, status, total_minor::int FROM invoices WHERE order_id = $1 ORDER BY id`,
      [booked.id],
    );
    // The original invoice credited down to the fee by the refund's own partial credit note: the payment kept
    // on it settles the fee, with the invoice's tax split.
    expect(invoices).toEqual([
      { type: 'rent', status: 'posted', total_minor: 20000 },
      { type: 'credit_note', status: 'posted', total_minor: -10000 },
    ]);
    const rent = await q(`SELECT id FROM invoices WHERE order_id = $1 AND type = 'rent'`, [booked.id]);
    expect(c.fee_invoice_id).toBe(Number(rent[0].id));
    const refunds = await q(
      `SELECT sum(r.amount_minor)::int AS total FROM refunds r JOIN payments p ON p.id = r.payment_id WHERE p.order_id = $1`,
      [booked.id],
    );
    expect(refunds[0].total).toBe(10000);
    expect(await books(booked.id)).toEqual({ unpaid: [], paid: 10000, receivable: 0, revenue: 10000 });

    // A retry with the same key replays the answer; a second cancel is refused.
    const replay = await app.inject({
      method: 'POST',
      url: `/api/nine/tours/reservations/${booked.id}/cancel`,
      headers: { ...clerk, 'idempotency-key': `cancel-${booked.id}` },
      payload: { version, reason: 'Customer ill' },
    });
    expect(replay.statusCode).toBe(200);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    const again = await call('POST', `/api/nine/tours/reservations/${booked.id}/cancel`, {
      version: (await order(booked.id)).version,
    });
    expect(code(again)).toBe(1784);
    await expectIntegrity();
  });

  it('cancels an unpaid reservation without a fee (the fee is kept only of money held)', async () => {
    const event = await createDeparture(tdb.db, loc, world.definition, '2026-06-02T12:00:00Z');
    const booked = await book(event, 1);
    const preview = (
      await call('GET', `/api/nine/tours/reservations/${booked.id}/cancellation-preview`)
    ).json<{ data: TourCancellationPreview }>().data;
    expect(preview).toMatchObject({ fee_bp: 5000, fee_minor: 0, paid_minor: 0, refund_minor: 0 });
    const res = await call('POST', `/api/nine/tours/reservations/${booked.id}/cancel`, {
      version: (await order(booked.id)).version,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ data: TourReservationCancelled }>().data).toMatchObject({
      status: 'cancelled',
      fee_minor: 0,
      fee_invoice_id: null,
      refund_ids: [],
    });
    expect(await seatsTaken(event)).toBe(0);
    expect(await q('SELECT id FROM invoices WHERE order_id = $1', [booked.id])).toEqual([]);
  });

  it('keeps at most what was paid, and waiving the fee needs tour:manage', async () => {
    const event = await createDeparture(tdb.db, loc, world.definition, '2026-06-02T03:00:00Z');
    // 27 hours ahead: 50 % of 20000 is 10000, but only 6000 was paid.
    const partly = await book(event);
    await pay(partly.id, 6000);
    const res = await call('POST', `/api/nine/tours/reservations/${partly.id}/cancel`, {
      version: (await order(partly.id)).version,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ data: TourReservationCancelled }>().data).toMatchObject({
      status: 'cancelled',
      fee_minor: 6000,
      refunded_minor: 0,
    });
    // The 14000 never paid is credited without a refund; the 6000 paid settles what is left.
    expect(await books(partly.id)).toEqual({ unpaid: [], paid: 6000, receivable: 0, revenue: 6000 });

    const waived = await book(event);
    await pay(waived.id, 20000);
    const refused = await call(
      'POST',
      `/api/nine/tours/reservations/${waived.id}/cancel`,
      { version: (await order(waived.id)).version, waive_fee: true },
      clerk,
    );
    expect(refused.statusCode).toBe(403);
    const ok = await call('POST', `/api/nine/tours/reservations/${waived.id}/cancel`, {
      version: (await order(waived.id)).version,
      waive_fee: true,
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json<{ data: TourReservationCancelled }>().data).toMatchObject({
      status: 'cancelled',
      fee_minor: 0,
      refunded_minor: 20000,
    });
    expect(await order(waived.id)).toMatchObject({ paid_minor: 0, status: 'cancelled' });
    await expectIntegrity();
  });

  it('charges the no-show fee once the departure started', async () => {
    const event = await createDeparture(tdb.db, loc, world.definition, '2026-06-03T00:00:00Z');
    const booked = await book(event, 1);
    await q(`UPDATE tour_events SET starts_at = $2, ends_at = $3 WHERE id = $1`, [
      event,
      new Date(NOW.getTime() - 3_600_000),
      new Date(NOW.getTime() + 3_600_000),
    ]);
    const preview = (
      await call('GET', `/api/nine/tours/reservations/${booked.id}/cancellation-preview`)
    ).json<{ data: TourCancellationPreview }>().data;
    expect(preview).toMatchObject({ no_show: true, tier: null, fee_bp: 10000, hours_before: -1 });
  });
});

describe('cancel: moving, approvals, online payments', () => {
  it('keeps the fee level of the departure it was moved away from (book 10 h before, move, cancel: 100 %)', async () => {
    const close = await createDeparture(tdb.db, loc, world.definition, '2026-06-01T10:00:00Z');
    const july = await createDeparture(tdb.db, loc, world.definition, '2026-07-01T08:00:00Z');
    const booked = await book(close);
    await pay(booked.id, 20000);
    const moved = await call('POST', `/api/nine/tours/reservations/${booked.id}/move`, {
      event_id: july,
      version: (await order(booked.id)).version,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const preview = (
      await call('GET', `/api/nine/tours/reservations/${booked.id}/cancellation-preview`)
    ).json<{ data: TourCancellationPreview }>().data;
    expect(preview).toMatchObject({
      tier: { hours_before: 48, fee_bp: 0 },
      fee_bp: 10000,
      fee_from: 'moved',
      min_fee_bp: 10000,
      fee_minor: 20000,
      refund_minor: 0,
    });
    const res = await call('POST', `/api/nine/tours/reservations/${booked.id}/cancel`, {
      version: (await order(booked.id)).version,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ data: TourReservationCancelled }>().data).toMatchObject({
      status: 'cancelled',
      fee_bp: 10000,
      fee_minor: 20000,
      refunded_minor: 0,
      refund_ids: [],
    });
    expect(await books(booked.id)).toEqual({ unpaid: [], paid: 20000, receivable: 0, revenue: 20000 });
    await expectIntegrity();
  });

  it('refunds above the refund level only with an approver key, and waives the fee with a manager key', async () => {
    await q(`UPDATE users SET access_key_hash = $1 WHERE email = 'ch-manager@nine.test'`, [
      await hashPassword('4321'),
    ]);
    await q(`UPDATE access_policy SET refund_level1_minor = 100, refund_level2_minor = 100000000`);
    try {
      // 31 hours ahead: a 50 % fee to waive.
      const event = await createDeparture(tdb.db, loc, world.definition, '2026-06-02T07:00:00Z');
      const booked = await book(event);
      await pay(booked.id, 20000);
      const url = `/api/nine/tours/reservations/${booked.id}/cancel`;
      const { version } = await order(booked.id);
      // The clerk (tour:change) asks to waive: no key, refused; the refund above L1 needs a key too.
      const noKey = await call('POST', url, { version, waive_fee: true }, clerk);
      expect(noKey.statusCode).toBe(403);
      const wrong = await call('POST', url, { version, waive_fee: true, access_key: '0000' }, clerk);
      expect(code(wrong)).toBe(1206);
      expect(await order(booked.id)).toMatchObject({ status: 'confirmed', paid_minor: 20000 });
      const ok = await call('POST', url, { version, waive_fee: true, access_key: '4321' }, clerk);
      expect(ok.statusCode, ok.body).toBe(200);
      expect(ok.json<{ data: TourReservationCancelled }>().data).toMatchObject({
        status: 'cancelled',
        fee_minor: 0,
        refunded_minor: 20000,
      });
      const approved = await q(
        `SELECT r.approval_level, r.approved_by IS NOT NULL AS approved FROM refunds r JOIN payments p ON p.id = r.payment_id
         WHERE p.order_id = $1`,
        [booked.id],
      );
      expect(approved).toEqual([{ approval_level: 1, approved: true }]);
      const audit = await q(
        `SELECT data FROM audit_log WHERE entity_type = 'order' AND entity_id = $1 AND action = 'tour_cancelled'`,
        [String(booked.id)],
      );
      expect(audit[0].data.waive_approver).not.toBeNull();
    } finally {
      await q(`UPDATE access_policy SET refund_level1_minor = 100000000, refund_level2_minor = 100000000`);
    }
  });

  it('refunds an online payment through its provider with default settings (external refunds off)', async () => {
    const providerRefunds: Parameters<PaymentProvider['refund']>[0][] = [];
    const provider = createTestProvider();
    const online = (
      await buildApp({
        config: {
          ...loadConfig({}),
          webDist: '/nonexistent',
          outboxDir: '/nonexistent-outbox',
          exportsDir: '/nonexistent-exports',
          publicUrl: 'http://nine.test',
          responseContracts: 'enforce' as const,
        },
        db: tdb.db,
        logger: false,
        now: () => NOW,
        paymentProvider: {
          ...provider,
          async refund(r) {
            providerRefunds.push(r);
          },
        },
      })
    ).app;
    try {
      await q(`UPDATE business_info SET accept_external_payments = true, process_external_refunds = false`);
      const event = await createDeparture(tdb.db, loc, world.definition, '2026-06-02T06:00:00Z');
      const booked = await book(event);
      const { token, hash } = newAccessToken();
      await q(
        `INSERT INTO order_access_tokens (token_hash, order_id, purpose, expires_at) VALUES ($1, $2, 'share_link', $3)`,
        [hash, booked.id, new Date(NOW.getTime() + 86_400_000)],
      );
      const headers = { 'x-forwarded-for': '198.51.100.77' };
      const intent = await online.inject({
        method: 'POST',
        url: `/api/nine/public/participant/${token}/payment-intent`,
        payload: {},
        headers,
      });
      expect(intent.statusCode, intent.body).toBe(200);
      const { intent_id, client_secret } = intent.json<{
        data: { intent_id: string; client_secret: string };
      }>().data;
      const paid = await online.inject({
        method: 'POST',
        url: `/api/nine/public/test-payments/${intent_id}/confirm`,
        payload: { card_number: TEST_CARD_SUCCEEDS, client_secret },
        headers,
      });
      expect(paid.statusCode, paid.body).toBe(200);
      expect(await order(booked.id)).toMatchObject({ paid_minor: 20000 });

      const res = await online.inject({
        method: 'POST',
        url: `/api/nine/tours/reservations/${booked.id}/cancel`,
        headers: clerk,
        payload: { version: (await order(booked.id)).version, reason: 'Plans changed' },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<{ data: TourReservationCancelled }>().data).toMatchObject({
        status: 'cancelled',
        fee_minor: 10000,
        refunded_minor: 10000,
      });
      expect(providerRefunds).toEqual([
        expect.objectContaining({ intentRef: intent_id, amountMinor: 10000 }),
      ]);
      expect(await books(booked.id)).toEqual({ unpaid: [], paid: 10000, receivable: 0, revenue: 10000 });
      await expectIntegrity();
    } finally {
      await q(`UPDATE business_info SET accept_external_payments = false`);
      await online.close();
    }
  });
});

describe('races', () => {
  it('two moves into the last seats: one wins, the other is told the departure is full', async () => {
    const from = await createDeparture(tdb.db, loc, world.definition, '2026-06-09T08:00:00Z');
    const to = await createDeparture(tdb.db, loc, world.definition, '2026-06-10T08:00:00Z', 3);
    const a = await book(from);
    const b = await book(from);
    const [ra, rb] = await Promise.all(
      [a, b].map(async (r) =>
        call('POST', `/api/nine/tours/reservations/${r.id}/move`, {
          event_id: to,
          version: (await order(r.id)).version,
        }),
      ),
    );
    expect([ra!.statusCode, rb!.statusCode].sort()).toEqual([200, 422]);
    expect([code(ra!), code(rb!)]).toContain(1207);
    expect(await seatsTaken(to)).toBe(2);
    expect(await seatsTaken(from)).toBe(2);
  });

  it('a double-clicked cancel refunds once', async () => {
    const event = await createDeparture(tdb.db, loc, world.definition, '2026-06-11T08:00:00Z');
    const booked = await book(event);
    await pay(booked.id, 20000);
    const { version } = await order(booked.id);
    const answers = await Promise.all(
      [1, 2].map(() => call('POST', `/api/nine/tours/reservations/${booked.id}/cancel`, { version })),
    );
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await order(booked.id)).toMatchObject({ status: 'cancelled', paid_minor: 0 });
    await expectIntegrity();
  });
});

describe('cancelling a departure with its reservations', () => {
  it('cancels every live reservation with a full refund and no fee, then the event', async () => {
    const event = await createDeparture(tdb.db, loc, world.definition, '2026-06-02T08:00:00Z');
    const paid = await book(event);
    await pay(paid.id, 20000);
    const unpaid = await book(event, 1);
    // A leader assigned and a customer waiting: both let go with the departure.
    const leaderUser = await createUser(tdb.db, { email: 'ch-leader@nine.test', locations: [loc] });
    const [leader] = await q(`INSERT INTO tour_leaders (user_id) VALUES ($1) RETURNING id`, [leaderUser]);
    await q(
      `INSERT INTO tour_event_leaders (event_id, leader_id, period)
       SELECT id, $2, tstzrange(starts_at, ends_at, '[)') FROM tour_events WHERE id = $1`,
      [event, leader!.id],
    );
    const [waiting] = await q(
      `INSERT INTO tour_waitlist (event_id, customer_id, seats) VALUES ($1, $2, $3) RETURNING id`,
      [event, world.catalogue.customerId, JSON.stringify([{ age_group_id: world.adult, quantity: 1 }])],
    );
    const refused = await call('POST', `/api/nine/tours/events/${event}/status`, {
      status: 'cancelled',
      version: 1,
    });
    expect(code(refused)).toBe(1764);
    const { version } = (await q('SELECT version FROM tour_events WHERE id = $1', [event]))[0];
    const res = await call('POST', `/api/nine/tours/events/${event}/cancel-with-reservations`, {
      reason: 'Storm warning',
      version,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ data: object }>().data).toMatchObject({
      event_id: event,
      cancelled_order_ids: [paid.id, unpaid.id],
      refunded_minor: 20000,
    });
    expect(await order(paid.id)).toMatchObject({
      status: 'cancelled',
      paid_minor: 0,
      cancellation_fee_minor: 0,
    });
    expect(await order(unpaid.id)).toMatchObject({ status: 'cancelled' });
    expect((await q('SELECT status, seats_taken FROM tour_events WHERE id = $1', [event]))[0]).toEqual({
      status: 'cancelled',
      seats_taken: 0,
    });
    expect(await q('SELECT released FROM tour_event_leaders WHERE event_id = $1', [event])).toEqual([
      { released: true },
    ]);
    expect(await q('SELECT status FROM tour_waitlist WHERE id = $1', [waiting!.id])).toEqual([
      { status: 'removed' },
    ]);
    expect(await books(paid.id)).toEqual({ unpaid: [], paid: 0, receivable: 0, revenue: 0 });
    await expectIntegrity();
  });
});

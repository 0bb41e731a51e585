import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NineApp } from '../src/app.ts';
import { createCatalogue, createLocation, createUser, type CatalogueFixture } from './helpers/fixtures.ts';
import { createTestApp, login } from './helpers/test-app.ts';
import { createTestDatabase, type TestDatabase } from './helpers/test-db.ts';

// "Find my order" at a kiosk: a rent order found by its number and the customer's phone or e-mail, shown
// without the customer, and signed there; misses look like unknown numbers and are limited per kiosk user.

let tdb: TestDatabase;
let app: NineApp['app'];
let loc: number;
let other: number;
let cat: CatalogueFixture;
let clerk: string;
let clerkId: number;
/** A second kiosk session at the same location, for the limit on misses. */
let kiosk2: string;

const headers = (token: string) => ({ authorization: `Bearer ${token}`, 'location-id': String(loc) });

async function rentOrder(location: number, status = 'pending'): Promise<{ id: number; number: number }> {
  const { rows } = await tdb.db.pool.query<{ id: number; number: string }>(
    `INSERT INTO orders (type, source, status, location_id, customer_id, total_minor, planned_start, planned_finish)
     VALUES ('rent', 'walk_in', $3, $1, $2, 8000, now(), now() + interval '2 days') RETURNING id, number`,
    [location, cat.customerId, status],
  );
  const order = { id: Number(rows[0]!.id), number: Number(rows[0]!.number) };
  await tdb.db.pool.query(
    `INSERT INTO order_items (order_id, product_id, quantity, unit_price_minor, status) VALUES ($1, $2, 2, 4000, 'pending')`,
    [order.id, cat.bulkProductId],
  );
  return order;
}

const find = (token: string, number: number, contact: string) =>
  app.inject({
    method: 'POST',
    url: '/api/nine/kiosk/orders/find',
    headers: headers(token),
    payload: { number, contact },
  });

const sign = (token: string, number: number, contact: string, signer = 'Ada Lovelace') =>
  app.inject({
    method: 'PUT',
    url: '/api/nine/kiosk/orders/signature',
    headers: headers(token),
    payload: { lookup: { number, contact }, signature: { method: 'typed', signer_name: signer } },
  });

const signatureOf = async (orderId: number) =>
  (
    await tdb.db.pool.query<{ signer_name: string; signed_by: number }>(
      'SELECT signer_name, signed_by FROM order_signatures WHERE order_id = $1',
      [orderId],
    )
  ).rows[0] ?? null;

beforeAll(async () => {
  tdb = await createTestDatabase();
  loc = await createLocation(tdb.db, 'Beach kiosk');
  other = await createLocation(tdb.db, 'Harbor');
  cat = await createCatalogue(tdb.db, loc);
  await tdb.db.pool.query(`UPDATE customers SET email = 'Ada.Lovelace@Example.com' WHERE id = $1`, [
    cat.customerId,
  ]);
  const grants = [
    { resource: 'rent_order', action: 'view' },
    { resource: 'rent_order', action: 'change' },
  ] as const;
  clerkId = await createUser(tdb.db, { email: 'clerk@nine.test', locations: [loc], grants: [...grants] });
  await createUser(tdb.db, { email: 'kiosk2@nine.test', locations: [loc], grants: [...grants] });
  ({ app } = await createTestApp(tdb.db));
  clerk = await login(app, 'clerk@nine.test');
  kiosk2 = await login(app, 'kiosk2@nine.test');
});
afterAll(async () => {
  await app.close();
  await tdb.drop();
});

describe('find my order', () => {
  it('finds the order by its number and the phone however it is typed, or the e-mail in any case', async () => {
    const order = await rentOrder(loc);
    for (const contact of ['555 0100', '+1 (555) 0100', '001 555 0100', 'ada.lovelace@example.com']) {
      const res = await find(clerk, order.number, contact);
      expect(res.statusCode, contact).toBe(200);
      const data = res.json().data;
      expect(data).toMatchObject({
        order_id: order.id,
        number: order.number,
        status: 'pending',
        total_minor: 8000,
        lines: [{ name: 'Life jacket', quantity: 2 }],
        signed_at: null,
        signable: true,
      });
      // Nothing about the customer is shown.
      expect(JSON.stringify(data)).not.toMatch(/Lovelace|example\.com|0100/);
    }
  });

  it('answers a wrong phone, an unknown number and another location the same way', async () => {
    const order = await rentOrder(loc);
    const far = await rentOrder(other);
    const answers = await Promise.all([
      find(clerk, order.number, '555 9999'),
      find(clerk, order.number, '2 555 0100'),
      find(clerk, order.number + 100_000, '555 0100'),
      find(clerk, far.number, '555 0100'),
    ]);
    for (const res of answers) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ resp_code: 1661 });
    }
    expect(new Set(answers.map((r) => r.body)).size).toBe(1);
  });

  it('refuses a contact too short to prove anything, without counting it as a miss', async () => {
    const misses = async () =>
      (await tdb.db.pool.query(`SELECT count(*)::int AS n FROM auth_failures WHERE kind = 'kiosk_lookup'`))
        .rows[0].n;
    const before = await misses();
    const res = await find(clerk, 100001, '555 01');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ resp_code: 1001 });
    expect(await misses()).toBe(before);
  });
});

describe('signing at the kiosk', () => {
  it('stores the signature for the found order, as the kiosk user, and shows it signed', async () => {
    const order = await rentOrder(loc);
    const res = await sign(clerk, order.number, 'ADA.LOVELACE@example.com');
    expect(res.statusCode).toBe(200);
    expect(res.json().data.signed_at).not.toBeNull();
    expect(await signatureOf(order.id)).toEqual({ signer_name: 'Ada Lovelace', signed_by: clerkId });
    const audit = await tdb.db.pool.query(
      `SELECT count(*)::int AS n FROM audit_log WHERE entity_type = 'order' AND entity_id = $1 AND action = 'signed'`,
      [String(order.id)],
    );
    expect(audit.rows[0].n).toBe(1);
    expect((await find(clerk, order.number, '555 0100')).json().data.signed_at).not.toBeNull();
  });

  it('signs nothing when the lookup is wrong', async () => {
    const order = await rentOrder(loc);
    const res = await sign(clerk, order.number, '555 1234');
    expect(res.statusCode).toBe(404);
    expect(await signatureOf(order.id)).toBeNull();
  });

  it('finds a closed order but does not sign it', async () => {
    const order = await rentOrder(loc, 'closed');
    expect((await find(clerk, order.number, '555 0100')).json().data.signable).toBe(false);
    const res = await sign(clerk, order.number, '555 0100');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ resp_code: 1662 });
    expect(await signatureOf(order.id)).toBeNull();
  });

  it('two kiosks signing the same order at once both succeed with one signature kept', async () => {
    const order = await rentOrder(loc);
    const [a, b] = await Promise.all([
      sign(clerk, order.number, '555 0100', 'Ada'),
      sign(kiosk2, order.number, '555 0100', 'Ada L.'),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    const rows = await tdb.db.pool.query('SELECT signer_name FROM order_signatures WHERE order_id = $1', [
      order.id,
    ]);
    expect(rows.rows).toHaveLength(1);
    expect(['Ada', 'Ada L.']).toContain(rows.rows[0].signer_name);
  });
});

describe('the limit on misses', () => {
  it('makes a kiosk wait after ten misses, even for a right lookup, and not another kiosk user', async () => {
    const order = await rentOrder(loc);
    for (let i = 0; i < 10; i++)
      expect((await find(kiosk2, order.number, `555 77${i}0`)).statusCode).toBe(404);
    const locked = await find(kiosk2, order.number, '555 0100');
    expect(locked.statusCode).toBe(429);
    expect((await sign(kiosk2, order.number, '555 0100')).statusCode).toBe(429);
    expect(await signatureOf(order.id)).toBeNull();
    expect((await find(clerk, order.number, '555 0100')).statusCode).toBe(200);
  });
});

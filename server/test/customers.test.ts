import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type NineApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { createLocation, createUser } from './helpers/fixtures.ts';
import { createTestApp, login } from './helpers/test-app.ts';
import { createTestDatabase, type TestDatabase } from './helpers/test-db.ts';

let tdb: TestDatabase;
let app: NineApp['app'];
let loc: number;
let outbox: string;
let headers: Record<string, string>;
let viewerHeaders: Record<string, string>;

beforeAll(async () => {
  tdb = await createTestDatabase();
  outbox = await mkdtemp(join(tmpdir(), 'nine-customers-outbox-'));
  loc = await createLocation(tdb.db, 'Quay');
  await createUser(tdb.db, {
    email: 'desk@nine.test',
    locations: [loc],
    grants: [{ resource: 'customer', action: 'manage' }],
  });
  await createUser(tdb.db, {
    email: 'viewer@nine.test',
    locations: [loc],
    grants: [{ resource: 'customer', action: 'view' }],
  });
  ({ app } = await createTestApp(tdb.db, { outboxDir: outbox }));
  headers = { authorization: `Bearer ${await login(app, 'desk@nine.test')}`, 'location-id': String(loc) };
  viewerHeaders = {
    authorization: `Bearer ${await login(app, 'viewer@nine.test')}`,
    'location-id': String(loc),
  };
});
afterAll(async () => {
  await app.close();
  await tdb.drop();
  await rm(outbox, { recursive: true, force: true });
});

const get = (url: string) => app.inject({ method: 'GET', url, headers });
const post = (url: string, payload: object, extra: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url, headers: { ...headers, ...extra }, payload });
const count = async () =>
  (await tdb.db.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM customers')).rows[0]!.n;
const createCustomer = async (body: object) =>
  (await post('/api/nine/customers', body)).json().data as { id: number; version: number };

describe('customer list and edits', () => {
  it('sorts by creation date, searches e-mail and pages in SQL', async () => {
    const a = await createCustomer({ first_name: 'Zoe', last_name: 'Alder', email: 'zoe@alder.test' });
    const b = await createCustomer({ first_name: 'Yann', last_name: 'Alder', email: 'yann@alder.test' });
    const newest = (await get('/api/nine/customers?search=alder.test&sort=created_at&sort_type=desc')).json()
      .data;
    expect(newest.total).toBe(2);
    expect(newest.rows.map((r: { id: number }) => r.id)).toEqual([b.id, a.id]);
    const second = (await get('/api/nine/customers?search=alder&sort=name&page=2&page_size=1')).json().data;
    expect(second).toMatchObject({ page: 2, page_size: 1, total: 2 });
    expect(second.rows[0].first_name).toBe('Zoe');
  });

  it('answers 1001 naming each bad field, and 1021 to a stale edit', async () => {
    const bad = await post('/api/nine/customers', {
      first_name: '',
      email: 'nobody',
      phone: '12',
      postal_code: '$$$',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().resp_code).toBe(1001);
    expect(
      bad
        .json()
        .data.issues.map((i: { path: string }) => i.path)
        .sort(),
    ).toEqual(['email', 'first_name', 'phone', 'postal_code']);
    const c = await createCustomer({ first_name: 'Iris' });
    const patch = (payload: object) =>
      app.inject({ method: 'PATCH', url: `/api/nine/customers/${c.id}`, headers, payload });
    expect((await patch({ version: 1, postal_code: 'SW1A 1AA' })).statusCode).toBe(200);
    const stale = await patch({ version: 1, postal_code: '75001' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().resp_code).toBe(1021);
    expect((await patch({ version: 2, email: 'broken@' })).json().resp_code).toBe(1001);
    expect((await get(`/api/nine/customers/${c.id}`)).json().data).toMatchObject({
      postal_code: 'SW1A 1AA',
      version: 2,
    });
  });

  it('changes only the fields an edit sends', async () => {
    const c = await createCustomer({ first_name: 'Hugo', last_name: 'Pratt', notes: 'Pays cash' });
    const res = await app.inject({
      method: 'PATCH',
      url: `/api/nine/customers/${c.id}`,
      headers,
      payload: { version: 1, city: 'Rimini' },
    });
    expect(res.json().data).toMatchObject({ name: 'Hugo Pratt', city: 'Rimini', version: 2 });
    expect((await get(`/api/nine/customers/${c.id}`)).json().data.notes).toBe('Pays cash');
  });

  it('refuses edits to a viewer', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/nine/customers',
      headers: viewerHeaders,
      payload: { first_name: 'Nope' },
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('CSV import', () => {
  const importCsv = (content: string, filename = 'customers.csv') =>
    post('/api/nine/customers/import', { filename, content });

  it('refuses the whole file when any row is bad, reporting each refused row, and imports nothing', async () => {
    const before = await count();
    const res = await importCsv(
      [
        'first_name,last_name,email,phone,postal_code',
        'Good,Row,good@example.com,+44 20 7946 0000,SW1A 1AA',
        ',Nameless,nameless@example.com,,',
        'Bad,Mail,not-an-email,,',
        'Short,Row',
        'Fine,Again,,,',
      ].join('\n'),
    );
    expect(res.statusCode).toBe(422);
    expect(res.json().resp_code).toBe(1403);
    expect(res.json().resp_message).toBe('3 row(s) were refused; nothing was imported.');
    expect(res.json().data).toEqual({
      refused: 3,
      accepted: 2,
      rows: [
        { line: 3, issues: [{ field: 'first_name', message: 'required' }] },
        { line: 4, issues: [{ field: 'email', message: 'invalid' }] },
        { line: 5, issues: [{ field: '', message: 'columns' }] },
      ],
    });
    expect(await count()).toBe(before);
  });

  it('refuses a file that is not .csv, too large, or with unknown columns', async () => {
    const txt = await importCsv('first_name\nAnn\n', 'customers.txt');
    expect([txt.statusCode, txt.json().resp_code]).toEqual([415, 1400]);
    const big = await importCsv(`first_name\n${'x'.repeat(10 * 1024 * 1024)}\n`);
    expect([big.statusCode, big.json().resp_code]).toEqual([413, 1401]);
    const header = await importCsv('first_name,shoe_size\nAnn,38\n');
    expect(header.json().resp_code).toBe(1402);
    expect(header.json().resp_message).toContain('shoe_size');
    const empty = await importCsv('first_name,last_name\n');
    expect(empty.json().resp_code).toBe(1404);
  });

  it('imports a good file in one go, quoted fields and a BOM included, and audits it', async () => {
    const before = await count();
    const res = await importCsv(
      '\ufeffLast_Name,First_Name,email,city\n"Curie","Marie","marie@example.com","Paris, 5e"\nNoether,Emmy,,Erlangen\n',
    );
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toEqual({ imported: 2 });
    expect(await count()).toBe(before + 2);
    const found = (await get('/api/nine/customers?search=marie@example')).json().data.rows;
    expect(found).toEqual([expect.objectContaining({ name: 'Marie Curie', city: 'Paris, 5e' })]);
    const audit = await tdb.db.pool.query(
      `SELECT data FROM audit_log WHERE entity_type = 'customer_import' AND action = 'imported'`,
    );
    expect(audit.rows).toEqual([{ data: { filename: 'customers.csv', count: 2 } }]);
  });
});

describe('customer detail', () => {
  it('derives the balance and lists orders, invoices, payments, notes, participants and signatures', async () => {
    const c = await createCustomer({ first_name: 'Bea', last_name: 'Stone', phone: '+1 555 0199' });
    const q = (text: string, params: unknown[]) => tdb.db.pool.query(text, params).then((r) => r.rows[0]);
    const order = await q(
      `INSERT INTO orders (type, source, status, location_id, customer_id, total_minor) VALUES ('sale', 'walk_in', 'open', $1, $2, 12000) RETURNING id, number`,
      [loc, c.id],
    );
    await q(
      `INSERT INTO orders (type, source, status, location_id, customer_id, total_minor) VALUES ('sale', 'walk_in', 'cancelled', $1, $2, 99900) RETURNING id`,
      [loc, c.id],
    );
    const payment = await q(
      `INSERT INTO payments (order_id, location_id, method, amount_minor) VALUES ($1, $2, 'card', 5000) RETURNING id`,
      [order.id, loc],
    );
    await q(`INSERT INTO refunds (payment_id, amount_minor) VALUES ($1, 1000) RETURNING id`, [payment.id]);
    await q(
      `INSERT INTO invoices (type, status, order_id, customer_id, location_id, subtotal_minor, total_minor, posted_at)
       VALUES ('sale', 'posted', $1, $2, $3, 12000, 12000, now()) RETURNING id`,
      [order.id, c.id, loc],
    );
    const participant = (await post(`/api/nine/customers/${c.id}/participants`, { name: 'Tom Stone' })).json()
      .data;
    expect(participant).toMatchObject({ name: 'Tom Stone', birth_date: null });
    const other = await post(`/api/nine/customers/${c.id}/participants`, {
      name: 'Kim Stone',
      birth_date: '2015-06-01',
    });
    expect(other.json().data.birth_date).toBe('2015-06-01');
    expect(
      (await post(`/api/nine/customers/${c.id}/participants`, { name: 'X', email: 'x' })).json().resp_code,
    ).toBe(1001);
    const removed = await app.inject({
      method: 'DELETE',
      url: `/api/nine/customers/${c.id}/participants/${other.json().data.id}`,
      headers,
    });
    expect(removed.statusCode).toBe(200);
    await q(
      `INSERT INTO customer_signatures (customer_id, participant_id, signer_name, document) VALUES ($1, $2, 'Tom Stone', 'Kayak waiver') RETURNING id`,
      [c.id, participant.id],
    );
    expect((await post(`/api/nine/customers/${c.id}/notes`, { body: 'Prefers mornings' })).statusCode).toBe(
      201,
    );
    expect((await post(`/api/nine/customers/${c.id}/notes`, { body: '  ' })).json().resp_code).toBe(1001);

    const detail = (await get(`/api/nine/customers/${c.id}`)).json().data;
    expect(detail.balance).toEqual({
      ordered_minor: 12000,
      paid_minor: 4000,
      balance_minor: 8000,
      invoiced_minor: 12000,
    });
    expect(detail.participants.map((p: { name: string }) => p.name)).toEqual(['Tom Stone']);
    expect(detail.signatures).toEqual([
      expect.objectContaining({
        signer_name: 'Tom Stone',
        document: 'Kayak waiver',
        participant_id: participant.id,
      }),
    ]);
    expect(detail.note_log).toEqual([
      expect.objectContaining({ body: 'Prefers mornings', created_by_name: 'desk' }),
    ]);

    const orders = (await get(`/api/nine/customers/${c.id}/orders?page_size=1`)).json().data;
    expect(orders.total).toBe(2);
    expect(orders.rows).toHaveLength(1);
    const payments = (await get(`/api/nine/customers/${c.id}/payments`)).json().data.rows;
    expect(payments).toEqual([
      expect.objectContaining({ order_number: order.number, amount_minor: 5000, refunded_minor: 1000 }),
    ]);
    const invoices = (await get(`/api/nine/customers/${c.id}/invoices`)).json().data.rows;
    expect(invoices).toEqual([expect.objectContaining({ order_number: order.number, total_minor: 12000 })]);
    expect((await get('/api/nine/customers/999999/orders')).json().data.total).toBe(0);
    expect((await get('/api/nine/customers/999999')).statusCode).toBe(404);
  });
});

describe('send SMS', () => {
  const outboxFiles = async () =>
    (await readdir(join(outbox, 'sms')).catch(() => [] as string[])).filter((f) => f.endsWith('.txt'));

  it('fills the template, writes the outbox file, lists the message, and sends a retry only once', async () => {
    const c = await createCustomer({ first_name: 'Lena', last_name: 'Berg', phone: '+49 30 1234567' });
    const before = (await outboxFiles()).length;
    const key = { 'idempotency-key': 'sms-lena-1' };
    const body = { text: 'Hello {{first_name}}, your kayak is ready.' };
    const [a, b] = [
      await post(`/api/nine/customers/${c.id}/sms`, body, key),
      await post(`/api/nine/customers/${c.id}/sms`, body, key),
    ];
    expect(a.statusCode).toBe(201);
    expect(b.json().data.id).toBe(a.json().data.id);
    const files = await outboxFiles();
    expect(files.length).toBe(before + 1);
    const file = files.find((f) => f.endsWith('-+49301234567.txt'))!;
    expect(await readFile(join(outbox, 'sms', file), 'utf8')).toBe(
      'To: +49 30 1234567\n\nHello Lena, your kayak is ready.\n',
    );
    const messages = (await get(`/api/nine/customers/${c.id}/messages`)).json().data;
    expect(messages.total).toBe(1);
    expect(messages.rows[0]).toMatchObject({
      channel: 'sms',
      recipient: '+49 30 1234567',
      body: 'Hello Lena, your kayak is ready.',
      status: 'sent',
      sent_by_name: 'desk',
    });
  });

  it('refuses a customer without a phone number and an empty text', async () => {
    const c = await createCustomer({ first_name: 'Mute' });
    const res = await post(`/api/nine/customers/${c.id}/sms`, { text: 'Hi' });
    expect([res.statusCode, res.json().resp_code]).toEqual([422, 1405]);
    expect((await post(`/api/nine/customers/${c.id}/sms`, { text: ' ' })).json().resp_code).toBe(1001);
    expect((await get(`/api/nine/customers/${c.id}/messages`)).json().data.total).toBe(0);
  });

  it('posts to the gateway when one is configured and records a refused message as failed', async () => {
    const received: unknown[] = [];
    let answer = 200;
    const gateway: Server = createServer((req, res) => {
      let raw = '';
      req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
      req.on('end', () => {
        received.push(JSON.parse(raw));
        res.writeHead(answer).end();
      });
    });
    await new Promise<void>((done) => gateway.listen(0, '127.0.0.1', done));
    const url = `http://127.0.0.1:${(gateway.address() as AddressInfo).port}/send`;
    const nine = await buildApp({
      config: { ...loadConfig({}), webDist: '/nonexistent', outboxDir: outbox, smsGatewayUrl: url },
      db: tdb.db,
      logger: false,
    });
    try {
      const token = await login(nine.app, 'desk@nine.test');
      const h = { authorization: `Bearer ${token}`, 'location-id': String(loc) };
      const c = await createCustomer({ first_name: 'Gus', phone: '+1 555 0123' });
      const send = () =>
        nine.app.inject({
          method: 'POST',
          url: `/api/nine/customers/${c.id}/sms`,
          headers: h,
          payload: { text: 'Hi {{name}}' },
        });
      expect((await send()).statusCode).toBe(201);
      expect(received).toEqual([{ to: '+1 555 0123', text: 'Hi Gus' }]);
      answer = 500;
      const failed = await send();
      expect([failed.statusCode, failed.json().resp_code]).toEqual([502, 1406]);
      const statuses = (await get(`/api/nine/customers/${c.id}/messages`))
        .json()
        .data.rows.map((m: { status: string }) => m.status);
      expect(statuses).toEqual(['failed', 'sent']);
    } finally {
      await nine.app.close();
      gateway.close();
    }
  });
});

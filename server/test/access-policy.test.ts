import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { NineApp } from '../src/app.ts';
import { createLocation, createUser } from './helpers/fixtures.ts';
import { createTestApp, login } from './helpers/test-app.ts';
import { createTestDatabase, type TestDatabase } from './helpers/test-db.ts';

let tdb: TestDatabase;
let app: NineApp['app'];
let outbox: string;
let clock = new Date('2026-11-21T10:00:00Z');
let harbor: number;
let lake: number;

const q = (sql: string, params: unknown[] = []) => tdb.db.pool.query(sql, params);
const post = (url: string, payload: object, lang = 'en-US') =>
  app.inject({ method: 'POST', url, payload, headers: { 'accept-language': lang } });
const minutes = (n: number) => (clock = new Date(clock.getTime() + n * 60_000));

beforeAll(async () => {
  tdb = await createTestDatabase();
  outbox = await mkdtemp(join(tmpdir(), 'nine-outbox-'));
  harbor = await createLocation(tdb.db, 'Harbor');
  lake = await createLocation(tdb.db, 'Lake');
  ({ app } = await createTestApp(tdb.db, { now: () => clock, outboxDir: outbox }));
});
afterAll(async () => {
  await app.close();
  await tdb.drop();
  await rm(outbox, { recursive: true, force: true });
});

let email = '';
let n = 0;
beforeEach(async () => {
  email = `user${++n}@nine.test`;
  await createUser(tdb.db, {
    email,
    locations: [harbor, lake],
    grants: [{ resource: 'customer', action: 'view' }],
  });
  await q(`UPDATE users SET password_changed_at = $1 WHERE email = $2`, [clock, email]);
  await q(`UPDATE access_policy SET wrong_password_threshold = 3, wrong_password_ttl_minutes = 10, password_expiry_days = 0,
           password_reuse_limit = 2, password_min_length = 8, password_require_capital = true, password_require_number = true,
           password_require_special = false`);
});

describe('wrong passwords', () => {
  it('locks the account after the threshold within the TTL, with the time left, and unlocks after it', async () => {
    expect((await post('/api/nine/user/login', { email, password: 'wrong-1' })).json().resp_code).toBe(1010);
    minutes(1);
    expect((await post('/api/nine/user/login', { email, password: 'wrong-2' })).json().resp_code).toBe(1010);
    minutes(1);
    const third = await post('/api/nine/user/login', { email, password: 'wrong-3' }, 'fr-FR');
    expect(third.statusCode).toBe(423);
    expect(third.json()).toMatchObject({
      resp_code: 1012,
      resp_message: 'Trop de mots de passe erronés. Le compte est bloqué encore 8 minute(s).',
    });
    // Locked: even the right password is refused, and no session is created.
    minutes(5);
    const right = await post('/api/nine/user/login', { email, password: 'Secret-pass-1' });
    expect(right.statusCode).toBe(423);
    expect(right.json().data.retry_after_seconds).toBe(180);
    const sessions = await q(
      `SELECT count(*)::int AS n FROM sessions s JOIN users u ON u.id = s.user_id WHERE u.email = $1`,
      [email],
    );
    expect(sessions.rows[0].n).toBe(0);
    // Ten minutes after the first failure it ages out: 2 remain, under the threshold.
    minutes(3);
    expect((await post('/api/nine/user/login', { email, password: 'Secret-pass-1' })).statusCode).toBe(200);
  });

  it('forgets failures older than the TTL and after a successful sign-in', async () => {
    await post('/api/nine/user/login', { email, password: 'wrong' });
    await post('/api/nine/user/login', { email, password: 'wrong' });
    minutes(11);
    await post('/api/nine/user/login', { email, password: 'wrong' });
    expect((await post('/api/nine/user/login', { email, password: 'Secret-pass-1' })).statusCode).toBe(200);
    await post('/api/nine/user/login', { email, password: 'wrong' });
    await post('/api/nine/user/login', { email, password: 'wrong' });
    expect((await post('/api/nine/user/login', { email, password: 'Secret-pass-1' })).statusCode).toBe(200);
  });
});

describe('password expiry', () => {
  it('answers 1013 when the policy’s days have passed, and the expired-password screen changes it and signs in', async () => {
    await q(`UPDATE access_policy SET password_expiry_days = 30`);
    await q(`UPDATE users SET password_changed_at = $1::timestamptz - interval '31 days' WHERE email = $2`, [
      clock,
      email,
    ]);
    const res = await post('/api/nine/user/login', { email, password: 'Secret-pass-1' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ resp_code: 1013, data: { email } });

    const weak = await post('/api/nine/user/password-expired', {
      email,
      password: 'Secret-pass-1',
      new_password: 'short',
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.json()).toMatchObject({
      resp_code: 1014,
      data: { rules: ['min_length', 'capital', 'number'] },
    });
    const reused = await post('/api/nine/user/password-expired', {
      email,
      password: 'Secret-pass-1',
      new_password: 'Secret-pass-1',
    });
    expect(reused.json().resp_code).toBe(1015);

    const changed = await post('/api/nine/user/password-expired', {
      email,
      password: 'Secret-pass-1',
      new_password: 'Brand-new-2',
      location_id: lake,
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().data).toMatchObject({ location_id: lake, token_type: 'Bearer' });
    expect((await post('/api/nine/user/login', { email, password: 'Brand-new-2' })).statusCode).toBe(200);
    expect((await post('/api/nine/user/login', { email, password: 'Secret-pass-1' })).json().resp_code).toBe(
      1010,
    );
  });

  it('honours an administrator’s forced expiry date', async () => {
    await q(`UPDATE users SET password_expired_at = $1 WHERE email = $2`, [clock, email]);
    expect((await post('/api/nine/user/login', { email, password: 'Secret-pass-1' })).json().resp_code).toBe(
      1013,
    );
  });
});

describe('password reset by e-mail', () => {
  /** The newest .eml in the outbox for `to`, its quoted-printable body decoded. */
  const lastMail = async (to: string) => {
    const files = (await readdir(outbox)).filter((f) => f.includes(to)).sort();
    if (!files.length) return null;
    const raw = await readFile(join(outbox, files.at(-1)!), 'latin1');
    const decoded = raw
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
    return Buffer.from(decoded, 'latin1').toString('utf8');
  };
  const linkToken = (mail: string) => /reset-password\?token=([\w-]+)/.exec(mail)![1]!;

  it('mails a single-use link in the asked language; the link sets a new password under the policy and ends sessions', async () => {
    const oldToken = await login(app, email);
    const res = await post('/api/nine/user/reset-password-link', { email }, 'es-ES');
    expect(res.json()).toEqual({ data: { ok: true } });
    const mail = await lastMail(email);
    expect(mail).toContain('Subject: =?UTF-8?Q?Restablezca');
    expect(mail).toContain('Hola user');
    expect(mail).toContain('abra este enlace en los próximos 30 minutos');
    const token = linkToken(mail!);

    expect((await post('/api/nine/user/reset-password', { token, password: 'weak' })).json().resp_code).toBe(
      1014,
    );
    expect(
      (await post('/api/nine/user/reset-password', { token, password: 'Fresh-pass-9' })).statusCode,
    ).toBe(200);
    expect(
      (await post('/api/nine/user/reset-password', { token, password: 'Other-pass-9' })).json().resp_code,
    ).toBe(1016);
    expect((await post('/api/nine/user/login', { email, password: 'Fresh-pass-9' })).statusCode).toBe(200);
    const old = await app.inject({
      method: 'GET',
      url: '/api/nine/locations',
      headers: { authorization: `Bearer ${oldToken}` },
    });
    expect(old.statusCode).toBe(401);
  });

  it('answers the same for an unknown address and sends nothing', async () => {
    const res = await post('/api/nine/user/reset-password-link', { email: 'nobody@nine.test' });
    expect(res.json()).toEqual({ data: { ok: true } });
    expect(await lastMail('nobody@nine.test')).toBeNull();
  });

  it('refuses an expired link', async () => {
    await post('/api/nine/user/reset-password-link', { email });
    const token = linkToken((await lastMail(email))!);
    minutes(31);
    expect(
      (await post('/api/nine/user/reset-password', { token, password: 'Fresh-pass-9' })).json().resp_code,
    ).toBe(1016);
  });
});

describe('locations and settings', () => {
  it('selects another allowed location for the session and refuses a foreign one', async () => {
    const token = await login(app, email);
    const auth = { authorization: `Bearer ${token}` };
    const res = await app.inject({ method: 'GET', url: `/api/nine/locations/${lake}/select`, headers: auth });
    expect(res.json().data).toMatchObject({ location_id: lake, resources: ['customer'] });
    const settings = await app.inject({ method: 'GET', url: '/api/nine/general-settings', headers: auth });
    expect(settings.json().data).toMatchObject({
      currency_symbol: '$',
      calendar_time_intervals: 1,
      auto_logout_inactive_users_timeout: 0,
    });
    const foreign = await createLocation(tdb.db, `Far ${n}`);
    const refused = await app.inject({
      method: 'GET',
      url: `/api/nine/locations/${foreign}/select`,
      headers: auth,
    });
    expect(refused.statusCode).toBe(403);
    const activity = await app.inject({
      method: 'GET',
      url: `/api/nine/activity-settings?location_id=${foreign}`,
      headers: auth,
    });
    expect(activity.statusCode).toBe(403);
  });

  it('answers activity settings with the spec defaults for rental type 1', async () => {
    const token = await login(app, email);
    const res = await app.inject({
      method: 'GET',
      url: `/api/nine/activity-settings?location_id=${harbor}`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.json().data).toMatchObject({
      rental_type_id: 1,
      deliver_unpaid_orders: 'warn',
      close_sale_order: 'manual',
      adjust_plan_to_business_hours: false,
      assign_and_deliver: false,
    });
  });
});

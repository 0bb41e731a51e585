import { createHmac, generateKeyPairSync, randomBytes, randomUUID, sign, type KeyObject } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kioskProofMessage } from '@nine/shared/agent-protocol';
import type { NineApp } from '../src/app.ts';
import { createLocation, createUser } from './helpers/fixtures.ts';
import { createTestApp, login } from './helpers/test-app.ts';
import { createTestDatabase, type TestDatabase } from './helpers/test-db.ts';

let tdb: TestDatabase;
let app: NineApp['app'];
let loc1: number;
let loc2: number;
/** location_setting change at location 1 only. */
let mgr1: string;
/** location_setting change at location 2 only: the other shop's admin. */
let mgr2: string;
/** location_setting change at both. */
let both: string;
/** location_setting change at location 1: another manager of the same shop. */
let colleague: string;
let mgr1Id: number;

const CHANGE = { resource: 'location_setting', action: 'change' } as const;

beforeAll(async () => {
  tdb = await createTestDatabase();
  loc1 = await createLocation(tdb.db, 'Kiosk corner');
  loc2 = await createLocation(tdb.db, 'Harbor front');
  mgr1Id = await createUser(tdb.db, { email: 'mgr1@nine.test', locations: [loc1], grants: [CHANGE] });
  await createUser(tdb.db, { email: 'mgr2@nine.test', locations: [loc2], grants: [CHANGE] });
  await createUser(tdb.db, { email: 'both@nine.test', locations: [loc1, loc2], grants: [CHANGE] });
  await createUser(tdb.db, { email: 'colleague@nine.test', locations: [loc1], grants: [CHANGE] });
  ({ app } = await createTestApp(tdb.db));
  mgr1 = await login(app, 'mgr1@nine.test');
  mgr2 = await login(app, 'mgr2@nine.test');
  both = await login(app, 'both@nine.test');
  colleague = await login(app, 'colleague@nine.test');
});
afterAll(async () => {
  await app.close();
  await tdb.drop();
});

const headersOf = (token: string, location: number) => ({
  authorization: `Bearer ${token}`,
  'location-id': String(location),
});

interface Challenge {
  challenge_id: string;
  challenge: string;
  location_id: number;
  expires_at: string;
}

async function challengeFor(token: string, location: number): Promise<Challenge> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/nine/set-as-kiosk/challenge',
    headers: headersOf(token, location),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: Challenge }>().data;
}

/** A counter agent: its device id and the Ed25519 key pair it keeps. */
interface Agent {
  deviceId: string;
  privateKey: KeyObject;
  publicKey: string;
}

function newAgent(deviceId: string = randomUUID()): Agent {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  return { deviceId, privateKey, publicKey: publicKey.export({ format: 'jwk' }).x! };
}

/** What the agent's kiosk-identity answers, as the web app posts it: the challenge signed for a location. */
function answer(
  agent: Agent,
  challenge: Challenge,
  signed: { challenge?: string; locationId?: number } = {},
) {
  const message = kioskProofMessage({
    challenge: signed.challenge ?? challenge.challenge,
    deviceId: agent.deviceId,
    locationId: signed.locationId ?? challenge.location_id,
  });
  return {
    deviceId: agent.deviceId,
    name: 'Counter 2',
    publicKey: agent.publicKey,
    challengeId: challenge.challenge_id,
    signature: sign(null, Buffer.from(message), agent.privateKey).toString('base64url'),
  };
}

function post(token: string, location: number, payload: object) {
  return app.inject({
    method: 'POST',
    url: '/api/nine/set-as-kiosk',
    headers: headersOf(token, location),
    payload,
  });
}

/** Challenge, signature and registration, as the kiosk registration screen does it. */
async function register(token: string, location: number, agent: Agent, name = 'Counter 2') {
  const challenge = await challengeFor(token, location);
  return post(token, location, { used_in_store: true, device: { ...answer(agent, challenge), name } });
}

async function stored(deviceId: string) {
  const { rows } = await tdb.db.pool.query<{
    id: number;
    location_id: number;
    name: string;
    public_key: Buffer | null;
    registered_by: number;
    registered_at: Date;
    revoked_at: Date | null;
  }>(
    `SELECT id, location_id, name, public_key, registered_by, registered_at, revoked_at FROM kiosk_devices WHERE device_id = $1`,
    [deviceId],
  );
  return rows;
}

async function usedInStore(location: number): Promise<boolean> {
  const { rows } = await tdb.db.pool.query<{ used_in_store: boolean }>(
    'SELECT used_in_store FROM general_settings WHERE location_id = $1',
    [location],
  );
  return rows[0]!.used_in_store;
}

async function setUsedInStore(location: number, value: boolean): Promise<void> {
  await tdb.db.pool.query('UPDATE general_settings SET used_in_store = $1 WHERE location_id = $2', [
    value,
    location,
  ]);
}

function expectRefused(res: { statusCode: number; json(): unknown }, status: number, code: number) {
  expect(res.statusCode).toBe(status);
  expect(res.json()).toMatchObject({ resp_code: code });
}

describe('set-as-kiosk with the agent’s key pair', () => {
  it('registers the PC on a fresh challenge, keeping only its public key', async () => {
    await setUsedInStore(loc1, false);
    const agent = newAgent();
    const challenge = await challengeFor(mgr1, loc1);
    expect(challenge).toMatchObject({ location_id: loc1, challenge: expect.stringMatching(/^[\w-]{43}$/) });
    expect(Date.parse(challenge.expires_at) - Date.now()).toBeLessThanOrEqual(121_000);

    const res = await post(mgr1, loc1, { used_in_store: true, device: answer(agent, challenge) });
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await stored(agent.deviceId);
    expect(res.json().data).toEqual({ location_id: loc1, used_in_store: true, kiosk_device_id: row!.id });
    expect(row).toMatchObject({
      location_id: loc1,
      name: 'Counter 2',
      registered_by: mgr1Id,
      revoked_at: null,
    });
    expect(row!.public_key!.toString('base64url')).toBe(agent.publicKey);
    expect(await usedInStore(loc1)).toBe(true);
    // Nothing but the public key: the table has no column for a secret or its hash.
    const { rows: columns } = await tdb.db.pool.query<{ column_name: string }>(
      `SELECT column_name FROM information_schema.columns WHERE table_name = 'kiosk_devices' ORDER BY column_name`,
    );
    expect(columns.map((c) => c.column_name)).not.toContain('device_key_hash');
    const { rows: audit } = await tdb.db.pool.query(
      `SELECT entity_type, action FROM audit_log WHERE entity_type = 'kiosk_device' AND entity_id = $1`,
      [String(row!.id)],
    );
    expect(audit).toEqual([{ entity_type: 'kiosk_device', action: 'register' }]);
  });

  it('refuses the made-up HMAC identity of the issue (a random secret with its own proof, no agent)', async () => {
    const secret = randomBytes(32);
    const nonce = randomBytes(16).toString('base64url');
    const deviceId = `forged-${randomUUID()}`;
    const res = await post(mgr1, loc1, {
      used_in_store: true,
      device: {
        deviceId,
        name: 'Forged',
        nonce,
        secret: secret.toString('base64url'),
        proof: createHmac('sha256', secret)
          .update(`nine-kiosk-v1\n${deviceId}\n${nonce}`)
          .digest('base64url'),
      },
    });
    expectRefused(res, 400, 1001);
    expect(await stored(deviceId)).toEqual([]);
  });

  it('refuses forged identities with kioskProofInvalid and registers nothing', async () => {
    await setUsedInStore(loc1, false);
    const agent = newAgent();
    const other = newAgent();
    const forgeries = [
      // A signature over a challenge the server did not issue.
      async () => {
        const c = await challengeFor(mgr1, loc1);
        return answer(agent, c, { challenge: randomBytes(32).toString('base64url') });
      },
      // A valid signature presented with another public key.
      async () => ({ ...answer(agent, await challengeFor(mgr1, loc1)), publicKey: other.publicKey }),
      // A signature made for another location.
      async () => answer(agent, await challengeFor(mgr1, loc1), { locationId: loc2 }),
      // A signature made for another device id.
      async () => ({ ...answer(other, await challengeFor(mgr1, loc1)), deviceId: agent.deviceId }),
      // The identity point as the "public key": R = identity, S = 0 verifies for any message in OpenSSL.
      async () => {
        const identity = Buffer.alloc(32);
        identity[0] = 1;
        return {
          ...answer(agent, await challengeFor(mgr1, loc1)),
          publicKey: identity.toString('base64url'),
          signature: Buffer.concat([identity, Buffer.alloc(32)]).toString('base64url'),
        };
      },
    ];
    for (const forge of forgeries) {
      const res = await post(mgr1, loc1, { used_in_store: true, device: await forge() });
      expectRefused(res, 422, 1024);
    }
    expect(await stored(agent.deviceId)).toEqual([]);
    expect(await usedInStore(loc1)).toBe(false);

    // A refused answer uses the challenge up: the real signature cannot follow on it.
    const challenge = await challengeFor(mgr1, loc1);
    const forged = answer(agent, challenge, { challenge: 'x'.repeat(43) });
    expectRefused(await post(mgr1, loc1, { used_in_store: true, device: forged }), 422, 1024);
    expectRefused(
      await post(mgr1, loc1, { used_in_store: true, device: answer(agent, challenge) }),
      422,
      1025,
    );
    const { rows } = await tdb.db.pool.query(
      `SELECT count(*)::int AS n FROM audit_log WHERE action = 'set_as_kiosk_refused' AND data->>'device' = $1`,
      [agent.deviceId],
    );
    expect(rows[0].n).toBe(forgeries.length + 1);
  });

  it('refuses a replay of an earlier registration, leaving it as it was', async () => {
    const agent = newAgent();
    const challenge = await challengeFor(mgr1, loc1);
    const payload = { used_in_store: true, device: answer(agent, challenge) };
    expect((await post(mgr1, loc1, payload)).statusCode).toBe(200);
    const before = await stored(agent.deviceId);
    await setUsedInStore(loc1, false);

    expectRefused(await post(mgr1, loc1, payload), 422, 1025);
    expect(await stored(agent.deviceId)).toEqual(before);
    expect(await usedInStore(loc1)).toBe(false);
  });

  it('refuses a challenge issued to another user, at another location, or expired', async () => {
    const agent = newAgent();
    // Another manager of the same location asked for it.
    const theirs = await challengeFor(colleague, loc1);
    expectRefused(await post(mgr1, loc1, { used_in_store: true, device: answer(agent, theirs) }), 422, 1025);
    // Issued for location 2, answered at location 1 (signed for location 1, so only the binding refuses it).
    const elsewhere = await challengeFor(both, loc2);
    expectRefused(
      await post(both, loc1, {
        used_in_store: true,
        device: answer(agent, elsewhere, { locationId: loc1 }),
      }),
      422,
      1025,
    );
    // Expired.
    const late = await challengeFor(mgr1, loc1);
    await tdb.db.pool.query(
      `UPDATE kiosk_challenges SET expires_at = now() - interval '1 second' WHERE id = $1`,
      [late.challenge_id],
    );
    expectRefused(await post(mgr1, loc1, { used_in_store: true, device: answer(agent, late) }), 422, 1025);
    expect(await stored(agent.deviceId)).toEqual([]);
    // The refusals did not use up the colleague's challenge: it is still theirs to answer.
    expect(
      (await post(colleague, loc1, { used_in_store: true, device: answer(agent, theirs) })).statusCode,
    ).toBe(200);
  });

  it('refuses a known device id re-registered from another location with another key, changing nothing', async () => {
    const agent = newAgent();
    expect((await register(mgr1, loc1, agent)).statusCode).toBe(200);
    const before = await stored(agent.deviceId);
    await setUsedInStore(loc2, false);

    // The other shop's admin, with a key of their own, properly signed.
    const hijacker = newAgent(agent.deviceId);
    expectRefused(await register(mgr2, loc2, hijacker, 'Hijacked'), 409, 1026);
    // Nor from the same location by someone holding another key.
    expectRefused(await register(colleague, loc1, hijacker, 'Hijacked'), 409, 1026);
    // The device's own key does not move it to a location whose admin cannot manage its current one.
    expectRefused(await register(mgr2, loc2, agent, 'Moved'), 409, 1026);

    const after = await stored(agent.deviceId);
    expect(after).toEqual(before);
    expect(after[0]!.public_key!.toString('base64url')).toBe(agent.publicKey);
    expect(after[0]!.location_id).toBe(loc1);
    expect(await usedInStore(loc2)).toBe(false);
    const { rows } = await tdb.db.pool.query(
      `SELECT data->>'reason' AS reason FROM audit_log WHERE action = 'set_as_kiosk_refused' AND data->>'device' = $1 ORDER BY id`,
      [agent.deviceId],
    );
    expect(rows.map((r) => r.reason)).toEqual(['other_key', 'other_key', 'move_not_allowed']);
  });

  it('lets the holder of the key register again, and move the PC when it manages both locations', async () => {
    const agent = newAgent();
    expect((await register(mgr1, loc1, agent)).statusCode).toBe(200);
    const [first] = await stored(agent.deviceId);

    const again = await register(mgr1, loc1, agent, 'Counter 2, renamed');
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().data.kiosk_device_id).toBe(first!.id);
    expect(await stored(agent.deviceId)).toMatchObject([
      { id: first!.id, location_id: loc1, name: 'Counter 2, renamed' },
    ]);

    const moved = await register(both, loc2, agent, 'Counter at the harbor');
    expect(moved.statusCode, moved.body).toBe(200);
    const [row] = await stored(agent.deviceId);
    expect(row).toMatchObject({
      id: first!.id,
      location_id: loc2,
      name: 'Counter at the harbor',
      revoked_at: null,
    });
    expect(row!.public_key!.toString('base64url')).toBe(agent.publicKey);
  });

  it('registers two new PCs under one id at once only once', async () => {
    const deviceId = randomUUID();
    const results = await Promise.all([
      register(mgr1, loc1, newAgent(deviceId)),
      register(colleague, loc1, newAgent(deviceId)),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await stored(deviceId)).toHaveLength(1);
  });

  it('lets a manager revoke a registration, after which the PC registers with a new key', async () => {
    const agent = newAgent();
    const registered = await register(mgr1, loc1, agent);
    const kioskId = registered.json().data.kiosk_device_id as number;

    // The other location's admin cannot see it, and an unknown id is not found either.
    for (const [token, location, id] of [
      [mgr2, loc2, kioskId],
      [mgr1, loc1, 999_999],
    ] as const) {
      const res = await app.inject({
        method: 'POST',
        url: `/api/nine/kiosk-devices/${id}/revoke`,
        headers: headersOf(token, location),
      });
      expectRefused(res, 404, 1004);
    }
    expect((await stored(agent.deviceId))[0]!.revoked_at).toBeNull();

    const list = await app.inject({
      method: 'GET',
      url: '/api/nine/kiosk-devices',
      headers: headersOf(mgr1, loc1),
    });
    expect(list.statusCode).toBe(200);
    const listed = list.json().data.find((d: { id: number }) => d.id === kioskId);
    expect(listed).toMatchObject({
      device_id: agent.deviceId,
      name: 'Counter 2',
      key_fingerprint: expect.stringMatching(/^[0-9a-f]{16}$/),
      revoked_at: null,
    });
    const elsewhere = await app.inject({
      method: 'GET',
      url: '/api/nine/kiosk-devices',
      headers: headersOf(mgr2, loc2),
    });
    expect(elsewhere.json().data.map((d: { id: number }) => d.id)).not.toContain(kioskId);

    // The PC was reinstalled: a new key pair under the same device id is refused until a manager revokes.
    const reinstalled = newAgent(agent.deviceId);
    expectRefused(await register(mgr1, loc1, reinstalled), 409, 1026);
    const revoke = await app.inject({
      method: 'POST',
      url: `/api/nine/kiosk-devices/${kioskId}/revoke`,
      headers: headersOf(mgr1, loc1),
    });
    expect(revoke.statusCode, revoke.body).toBe(200);
    expect(revoke.json().data).toMatchObject({ id: kioskId, revoked_at: expect.any(String) });
    // The old key is revoked: it cannot stop the new one from registering.
    const res = await register(mgr1, loc1, reinstalled, 'Counter 2 (new disk)');
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await stored(agent.deviceId);
    expect(row).toMatchObject({
      id: kioskId,
      location_id: loc1,
      revoked_at: null,
      name: 'Counter 2 (new disk)',
    });
    expect(row!.public_key!.toString('base64url')).toBe(reinstalled.publicKey);
    // ... and from now on the old key is the stranger.
    expectRefused(await register(mgr1, loc1, agent), 409, 1026);
    const { rows } = await tdb.db.pool.query(
      `SELECT action FROM audit_log WHERE entity_type = 'kiosk_device' AND entity_id = $1 ORDER BY id`,
      [String(kioskId)],
    );
    expect(rows.map((r) => r.action)).toEqual(['register', 'revoke', 'replace_revoked']);
  });

  it('lets a manager of its location claim a registration from before keys, and nobody else', async () => {
    const deviceId = randomUUID();
    await tdb.db.pool.query(
      `INSERT INTO kiosk_devices (location_id, name, device_id, registered_by) VALUES ($1, 'Old counter', $2, $3)`,
      [loc1, deviceId, mgr1Id],
    );
    expectRefused(await register(mgr2, loc2, newAgent(deviceId)), 409, 1026);
    expect(await stored(deviceId)).toMatchObject([{ location_id: loc1, public_key: null }]);
    const agent = newAgent(deviceId);
    expect((await register(mgr1, loc1, agent)).statusCode).toBe(200);
    expect((await stored(deviceId))[0]!.public_key!.toString('base64url')).toBe(agent.publicKey);
  });

  it('without a device only marks the location used in store, as before', async () => {
    for (const value of [false, true]) {
      const res = await post(mgr1, loc1, { used_in_store: value });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toEqual({ location_id: loc1, used_in_store: value, kiosk_device_id: null });
      expect(await usedInStore(loc1)).toBe(value);
    }
  });
});

import { createHmac, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kioskProofMessage } from '@nine/shared/agent-protocol';
import type { NineApp } from '../src/app.ts';
import { createLocation, createUser } from './helpers/fixtures.ts';
import { createTestApp, login } from './helpers/test-app.ts';
import { createTestDatabase, type TestDatabase } from './helpers/test-db.ts';

let tdb: TestDatabase;
let app: NineApp['app'];
let headers: Record<string, string>;

beforeAll(async () => {
  tdb = await createTestDatabase();
  const loc = await createLocation(tdb.db, 'Kiosk corner');
  await createUser(tdb.db, {
    email: 'mgr@nine.test',
    locations: [loc],
    grants: [{ resource: 'location_setting', action: 'change' }],
  });
  ({ app } = await createTestApp(tdb.db));
  headers = { authorization: `Bearer ${await login(app, 'mgr@nine.test')}`, 'location-id': String(loc) };
});
afterAll(async () => {
  await app.close();
  await tdb.drop();
});

/** What the agent answers to kiosk-identity with enroll. */
function identity(secret = randomBytes(32)) {
  const nonce = randomBytes(16).toString('base64url');
  const deviceId = 'pc-7f3a';
  return {
    deviceId,
    name: 'Counter 2',
    nonce,
    secret: secret.toString('base64url'),
    proof: createHmac('sha256', secret).update(kioskProofMessage(deviceId, nonce)).digest('base64url'),
  };
}

describe('set-as-kiosk', () => {
  it('marks the counter used in store and registers the agent’s PC, keeping only a hash of its secret', async () => {
    const device = identity();
    const res = await app.inject({
      method: 'POST',
      url: '/api/nine/set-as-kiosk',
      headers,
      payload: { used_in_store: true, device },
    });
    expect(res.statusCode).toBe(200);
    const row = (
      await tdb.db.pool.query(`SELECT name, device_id, device_key_hash, revoked_at FROM kiosk_devices`)
    ).rows;
    expect(row).toHaveLength(1);
    expect(row[0]).toMatchObject({ name: 'Counter 2', device_id: 'pc-7f3a', revoked_at: null });
    expect(row[0].device_key_hash.toString('base64url')).not.toBe(device.secret);
    // Registering again updates the same PC; turning kiosk mode off revokes it.
    await app.inject({
      method: 'POST',
      url: '/api/nine/set-as-kiosk',
      headers,
      payload: { used_in_store: false, device: identity() },
    });
    const after = (
      await tdb.db.pool.query(
        `SELECT count(*)::int AS n, bool_and(revoked_at IS NOT NULL) AS revoked FROM kiosk_devices`,
      )
    ).rows[0];
    expect(after).toEqual({ n: 1, revoked: true });
  });

  it('refuses a proof that does not match the secret', async () => {
    const device = { ...identity(), proof: identity().proof };
    const res = await app.inject({
      method: 'POST',
      url: '/api/nine/set-as-kiosk',
      headers,
      payload: { used_in_store: true, device },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().data.issues[0].code).toBe('invalid_proof');
  });
});

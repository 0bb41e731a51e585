import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NineApp } from '../src/app.ts';
import { resources, type Permission } from '@nine/shared/permissions';
import { createLocation, createUser } from './helpers/fixtures.ts';
import { createTestApp, login } from './helpers/test-app.ts';
import { createTestDatabase, type TestDatabase } from './helpers/test-db.ts';

let tdb: TestDatabase;
let app: NineApp['app'];
let loc: number;
let admin: Record<string, string>;
let manager: Record<string, string>;

const everything: Permission[] = resources.map((resource) => ({ resource, action: 'any' }));
const q = (sql: string, params: unknown[] = []) => tdb.db.pool.query(sql, params);

beforeAll(async () => {
  tdb = await createTestDatabase();
  loc = await createLocation(tdb.db, 'HQ');
  await createUser(tdb.db, { email: 'admin@nine.test', locations: [loc], grants: everything });
  await createUser(tdb.db, {
    email: 'manager@nine.test',
    locations: [loc],
    grants: [
      { resource: 'staff', action: 'manage' },
      { resource: 'role_and_permission', action: 'manage' },
      { resource: 'rent_order', action: 'view' },
    ],
  });
  ({ app } = await createTestApp(tdb.db));
  admin = { authorization: `Bearer ${await login(app, 'admin@nine.test')}`, 'location-id': String(loc) };
  manager = { authorization: `Bearer ${await login(app, 'manager@nine.test')}`, 'location-id': String(loc) };
});
afterAll(async () => {
  await app.close();
  await tdb.drop();
});

const call = (
  method: 'POST' | 'PUT' | 'PATCH' | 'GET' | 'DELETE',
  url: string,
  headers: Record<string, string>,
  payload?: object,
) => app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

describe('roles and users', () => {
  it('creates a role and a user with it; the user signs in and holds exactly the role’s permissions', async () => {
    const role = await call('POST', '/api/nine/roles', admin, {
      title: 'Dock hand',
      permissions: [
        { resource: 'rent_order', action: 'view' },
        { resource: 'customer', action: 'view' },
      ],
    });
    expect(role.statusCode).toBe(201);
    const user = await call('POST', '/api/nine/users', admin, {
      name: 'Dee',
      email: 'dee@nine.test',
      password: 'Dock-hand-1',
      roles: [{ role_id: role.json().data.id, location_id: loc }],
    });
    expect(user.statusCode).toBe(201);
    // New users choose their own password: the one set by the admin is already expired.
    expect(
      (
        await call('POST', '/api/nine/user/login', {}, { email: 'dee@nine.test', password: 'Dock-hand-1' })
      ).json().resp_code,
    ).toBe(1013);
    await q(`UPDATE users SET password_expired_at = NULL WHERE email = 'dee@nine.test'`);
    const token = (
      await call('POST', '/api/nine/user/login', {}, { email: 'dee@nine.test', password: 'Dock-hand-1' })
    ).json().data.token;
    const perms = (
      await call('GET', '/api/nine/user/location-permissions', {
        authorization: `Bearer ${token}`,
        'location-id': String(loc),
      })
    ).json().data;
    expect(perms.resources).toEqual(['customer', 'rent_order']);
    const audit = (
      await q(
        `SELECT entity_type, action FROM audit_log WHERE entity_type IN ('role', 'user') AND action IN ('saved', 'created') ORDER BY id`,
      )
    ).rows;
    expect(audit).toEqual([
      { entity_type: 'role', action: 'saved' },
      { entity_type: 'user', action: 'created' },
    ]);
  });

  it('refuses privilege escalation: a role or a user with permissions the actor does not hold', async () => {
    const escalate = await call('POST', '/api/nine/roles', manager, {
      title: 'Super',
      permissions: [{ resource: 'financial_transaction', action: 'refund' }],
    });
    expect(escalate.statusCode).toBe(403);
    expect(escalate.json().data.reason).toBe('privilege_escalation');
    expect((await q(`SELECT count(*)::int AS n FROM roles WHERE title = 'Super'`)).rows[0].n).toBe(0);
    const adminRole = (
      await q(
        `SELECT role_id FROM user_roles ur JOIN users u ON u.id = ur.user_id WHERE u.email = 'admin@nine.test'`,
      )
    ).rows[0].role_id;
    const grantAdmin = await call('POST', '/api/nine/users', manager, {
      name: 'Eve',
      email: 'eve@nine.test',
      roles: [{ role_id: adminRole, location_id: loc }],
    });
    expect(grantAdmin.statusCode).toBe(403);
    expect((await q(`SELECT count(*)::int AS n FROM users WHERE email = 'eve@nine.test'`)).rows[0].n).toBe(0);
    // Within what it holds, the manager may.
    expect(
      (
        await call('POST', '/api/nine/roles', manager, {
          title: 'Viewer',
          permissions: [{ resource: 'rent_order', action: 'view' }],
        })
      ).statusCode,
    ).toBe(201);
  });

  it('deactivating a user ends their sessions at once; they cannot sign in until activated', async () => {
    await createUser(tdb.db, {
      email: 'temp@nine.test',
      locations: [loc],
      grants: [{ resource: 'customer', action: 'view' }],
    });
    const token = await login(app, 'temp@nine.test');
    const id = (await q(`SELECT id FROM users WHERE email = 'temp@nine.test'`)).rows[0].id;
    expect((await call('POST', `/api/nine/users/${id}/deactivate`, admin)).json().data.status).toBe(
      'inactive',
    );
    expect((await call('GET', '/api/nine/locations', { authorization: `Bearer ${token}` })).statusCode).toBe(
      401,
    );
    expect(
      (
        await call('POST', '/api/nine/user/login', {}, { email: 'temp@nine.test', password: 'Secret-pass-1' })
      ).json().resp_code,
    ).toBe(1011);
    await call('POST', `/api/nine/users/${id}/activate`, admin);
    expect(
      (await call('POST', '/api/nine/user/login', {}, { email: 'temp@nine.test', password: 'Secret-pass-1' }))
        .statusCode,
    ).toBe(200);
  });

  it('sets an access key stored hashed', async () => {
    const id = (await q(`SELECT id FROM users WHERE email = 'manager@nine.test'`)).rows[0].id;
    expect(
      (await call('PUT', `/api/nine/users/${id}/access-key`, admin, { access_key: 'abc' })).statusCode,
    ).toBe(400);
    expect(
      (await call('PUT', `/api/nine/users/${id}/access-key`, admin, { access_key: '8642' })).statusCode,
    ).toBe(200);
    const stored = (await q('SELECT access_key_hash FROM users WHERE id = $1', [id])).rows[0].access_key_hash;
    expect(stored).toMatch(/^scrypt\$/);
    expect(stored).not.toContain('8642');
  });
});

describe('staff gaps', () => {
  it('an expiry date in the past shows the user as expired and ends their session at once', async () => {
    await createUser(tdb.db, {
      email: 'seasonal@nine.test',
      locations: [loc],
      grants: [{ resource: 'customer', action: 'view' }],
    });
    const token = await login(app, 'seasonal@nine.test');
    const id = (await q(`SELECT id FROM users WHERE email = 'seasonal@nine.test'`)).rows[0].id;
    const patched = await call('PATCH', `/api/nine/users/${id}`, admin, {
      expires_at: new Date(Date.now() - 60_000).toISOString(),
    });
    expect(patched.json().data.status).toBe('expired');
    expect((await call('GET', '/api/nine/locations', { authorization: `Bearer ${token}` })).statusCode).toBe(
      401,
    );
    const revoked = await q(
      'SELECT count(*)::int AS n FROM sessions WHERE user_id = $1 AND revoked_at IS NULL',
      [id],
    );
    expect(revoked.rows[0].n).toBe(0);
    const listed = (await call('GET', '/api/nine/users?status=expired', admin)).json().data.rows;
    expect(listed.map((u: { email: string }) => u.email)).toContain('seasonal@nine.test');
    const active = (await call('GET', '/api/nine/users?status=active', admin)).json().data.rows;
    expect(active.map((u: { email: string }) => u.email)).not.toContain('seasonal@nine.test');
  });

  it('resets an access key and audits it', async () => {
    const id = (await q(`SELECT id FROM users WHERE email = 'manager@nine.test'`)).rows[0].id;
    await call('PUT', `/api/nine/users/${id}/access-key`, admin, { access_key: '97531' });
    expect((await call('DELETE', `/api/nine/users/${id}/access-key`, admin)).statusCode).toBe(200);
    expect(
      (await q('SELECT access_key_hash FROM users WHERE id = $1', [id])).rows[0].access_key_hash,
    ).toBeNull();
    const user = (await call('GET', '/api/nine/users?search=manager', admin)).json().data.rows[0];
    expect(user.has_access_key).toBe(false);
    const audit = await q(
      `SELECT action FROM audit_log WHERE entity_type = 'user' AND entity_id = $1 AND action LIKE 'access_key%' ORDER BY id`,
      [String(id)],
    );
    expect(audit.rows.map((r) => r.action)).toEqual(['access_key_set', 'access_key_set', 'access_key_reset']);
  });

  it('a manager may edit a role holding more than they do, but may not add what they lack', async () => {
    const role = (
      await call('POST', '/api/nine/roles', admin, {
        title: 'Cashier',
        permissions: [
          { resource: 'rent_order', action: 'view' },
          { resource: 'financial_transaction', action: 'refund' },
        ],
      })
    ).json().data.id;
    // Renaming and keeping the refund grant is not granting it.
    const kept = await call('PUT', `/api/nine/roles/${role}`, manager, {
      title: 'Senior cashier',
      permissions: [
        { resource: 'rent_order', action: 'view' },
        { resource: 'financial_transaction', action: 'refund' },
      ],
    });
    expect(kept.statusCode).toBe(200);
    const added = await call('PUT', `/api/nine/roles/${role}`, manager, {
      title: 'Senior cashier',
      permissions: [
        { resource: 'rent_order', action: 'view' },
        { resource: 'financial_transaction', action: 'refund' },
        { resource: 'cost', action: 'changeCost' },
      ],
    });
    expect(added.statusCode).toBe(403);
    const stored = await q(
      'SELECT resource, action FROM role_permissions WHERE role_id = $1 ORDER BY resource',
      [role],
    );
    expect(stored.rows).toEqual([
      { resource: 'financial_transaction', action: 'refund' },
      { resource: 'rent_order', action: 'view' },
    ]);
    // Giving that role to a user is a grant the manager cannot make.
    const target = (await q(`SELECT id FROM users WHERE email = 'temp@nine.test'`)).rows[0].id;
    const assign = await call('PATCH', `/api/nine/users/${target}`, manager, {
      roles: [{ role_id: role, location_id: loc }],
    });
    expect(assign.statusCode).toBe(403);
    expect(
      (
        await q('SELECT count(*)::int AS n FROM user_roles WHERE user_id = $1 AND role_id = $2', [
          target,
          role,
        ])
      ).rows[0].n,
    ).toBe(0);
    const audits = await q(
      `SELECT count(*)::int AS n FROM audit_log WHERE entity_type = 'role' AND entity_id = $1`,
      [String(role)],
    );
    expect(audits.rows[0].n).toBe(2);
  });
});

describe('access policy', () => {
  it('saves a valid policy, refuses an inconsistent one, and the server enforces it', async () => {
    const policy = (await call('GET', '/api/nine/access-policy', admin)).json().data;
    const { updated_at: _u, ...body } = policy;
    expect(
      (
        await call('PUT', '/api/nine/access-policy', admin, {
          ...body,
          password_min_length: 20,
          password_max_length: 10,
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (await call('PUT', '/api/nine/access-policy', manager, { ...body, wrong_password_threshold: 2 }))
        .statusCode,
    ).toBe(200);
    await call('POST', '/api/nine/user/login', {}, { email: 'temp@nine.test', password: 'nope' });
    const locked = await call(
      'POST',
      '/api/nine/user/login',
      {},
      { email: 'temp@nine.test', password: 'nope' },
    );
    expect(locked.json().resp_code).toBe(1012);
  });
});

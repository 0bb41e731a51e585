import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NineApp } from '../src/app.ts';
import type { Access } from '../src/plugins/access.ts';
import { resources, type Permission } from '@nine/shared/permissions';
import { hashPassword } from '../src/modules/auth/password-hashing.ts';
import { createCatalogue, createLocation, createUser, type CatalogueFixture } from './helpers/fixtures.ts';
import { createTestApp, login } from './helpers/test-app.ts';
import { createTestDatabase, type TestDatabase } from './helpers/test-db.ts';

/**
 * Issue #14 item 8: a location's administrator must not reach into other locations through the staff,
 * role and policy endpoints, nor read other locations' order lines through a product's rentals list.
 * The refusal table is checked against the app's registered routes, so a new staff endpoint fails here
 * until it says what a location-scoped administrator may do with it.
 */
let tdb: TestDatabase;
let nine: NineApp;
let L1: number;
let L2: number;
let L3: number;
const u: Record<string, number> = {};
const r: Record<string, number> = {};
const tokens: Record<string, string> = {};
let policy: Record<string, unknown> = {};
let cat: CatalogueFixture;
let order1: number;
let order2: number;

const everything: Permission[] = resources.map((resource) => ({ resource, action: 'any' }));
const q = (sql: string, params: unknown[] = []) => tdb.db.pool.query(sql, params);
const idOf = async (sql: string, params: unknown[] = []) => (await q(sql, params)).rows[0].id as number;

beforeAll(async () => {
  tdb = await createTestDatabase();
  L1 = await createLocation(tdb.db, 'Harbour');
  L2 = await createLocation(tdb.db, 'Lake');
  L3 = await createLocation(tdb.db, 'Mountain');
  u.admin1 = await createUser(tdb.db, {
    email: 'admin1@nine.test',
    locations: [L1],
    grants: [
      { resource: 'staff', action: 'manage' },
      { resource: 'role_and_permission', action: 'manage' },
      { resource: 'rent_order', action: 'view' },
      { resource: 'inventory', action: 'view' },
      { resource: 'customer', action: 'view' },
    ],
  });
  u.wide = await createUser(tdb.db, { email: 'wide@nine.test', locations: [L1, L2, L3], grants: everything });
  u.accountant = await createUser(tdb.db, {
    email: 'accountant@nine.test',
    locations: [L1, L2, L3],
    grants: [
      { resource: 'financial_transaction', action: 'any' },
      { resource: 'financial_report', action: 'view' },
    ],
  });
  u.clerk1 = await createUser(tdb.db, {
    email: 'clerk1@nine.test',
    locations: [L1],
    grants: [
      { resource: 'rent_order', action: 'view' },
      { resource: 'inventory', action: 'view' },
    ],
  });
  u.clerk3 = await createUser(tdb.db, {
    email: 'clerk3@nine.test',
    locations: [L3],
    grants: [{ resource: 'customer', action: 'view' }],
  });
  u.multi = await createUser(tdb.db, {
    email: 'multi@nine.test',
    locations: [L1, L2],
    grants: [{ resource: 'rent_order', action: 'view' }],
  });
  u.retired3 = await createUser(tdb.db, {
    email: 'retired3@nine.test',
    locations: [L3],
    grants: [{ resource: 'customer', action: 'view' }],
    status: 'inactive',
  });
  u.roleless = await idOf(
    `INSERT INTO users (name, email) VALUES ('Newcomer', 'new@nine.test') RETURNING id`,
  );
  const roleOf = (user: number) => idOf('SELECT role_id AS id FROM user_roles WHERE user_id = $1', [user]);
  r.clerk1 = await roleOf(u.clerk1);
  r.clerk3 = await roleOf(u.clerk3);
  r.multi = await roleOf(u.multi);
  // The built-in role every location uses.
  r.counter = await idOf(`INSERT INTO roles (title) VALUES ('Counter clerk') RETURNING id`);
  await q(
    `INSERT INTO role_permissions (role_id, resource, action) VALUES ($1, 'rent_order', 'view'), ($1, 'customer', 'view')`,
    [r.counter],
  );
  await q(
    `INSERT INTO user_roles (user_id, role_id, location_id) VALUES ($1, $4, $5), ($2, $4, $6), ($3, $4, $7)`,
    [u.clerk1, u.multi, u.clerk3, r.counter, L1, L2, L3],
  );
  // Holds no permission, so only the location rule can refuse giving it at location 3.
  r.empty = await idOf(`INSERT INTO roles (title) VALUES ('Visitor') RETURNING id`);
  for (const [user, key] of [
    [u.wide, '2468'],
    [u.clerk3, '1357'],
    [u.clerk1, '9753'],
  ] as const) {
    await q('UPDATE users SET access_key_hash = $2 WHERE id = $1', [user, await hashPassword(key)]);
  }
  const { updated_at: _u, id: _i, ...p } = (await q('SELECT * FROM access_policy')).rows[0];
  policy = p;

  // Rentals: one product with a line at location 1 (Ada Lovelace) and one at location 2 (Grace Hopper).
  cat = await createCatalogue(tdb.db, L1);
  const grace = await idOf(
    `INSERT INTO customers (first_name, last_name, email) VALUES ('Grace', 'Hopper', 'grace@example.com') RETURNING id`,
  );
  const line = async (location: number, customer: number) => {
    const order = await idOf(
      `INSERT INTO orders (type, source, status, location_id, customer_id) VALUES ('rent', 'walk_in', 'pending', $1, $2) RETURNING id`,
      [location, customer],
    );
    await q(
      `INSERT INTO order_items (order_id, product_id, quantity, unit_price_minor, status) VALUES ($1, $2, 1, 500, 'pending')`,
      [order, cat.bulkProductId],
    );
    return order;
  };
  order1 = await line(L1, cat.customerId);
  order2 = await line(L2, grace);

  nine = await createTestApp(tdb.db);
  for (const name of ['admin1', 'wide', 'accountant', 'clerk1', 'clerk3']) {
    tokens[name] = await login(nine.app, `${name}@nine.test`);
  }
});
afterAll(async () => {
  await nine.app.close();
  await tdb.drop();
});

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const call = (who: string, method: Method, url: string, payload?: object, location = L1) =>
  nine.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${tokens[who]}`, 'location-id': String(location) },
    ...(payload ? { payload } : {}),
  });

/** Everything a staff, role or policy endpoint could change, and whether sessions were ended. */
async function snapshot() {
  const rows = async (sql: string) => (await q(sql)).rows;
  return {
    users: await rows(
      `SELECT id, name, email::text, status::text, expires_at, only_login_by_sso, password_expired_at, access_key_hash, updated_at FROM users ORDER BY id`,
    ),
    userRoles: await rows('SELECT user_id, role_id, location_id FROM user_roles ORDER BY 1, 2, 3'),
    roles: await rows('SELECT id, title, updated_at FROM roles ORDER BY id'),
    rolePermissions: await rows('SELECT role_id, resource, action FROM role_permissions ORDER BY 1, 2, 3'),
    policy: await rows('SELECT * FROM access_policy'),
    revokedSessions: await rows('SELECT id FROM sessions WHERE revoked_at IS NOT NULL ORDER BY id'),
    audit: await rows('SELECT count(*)::int AS n FROM audit_log'),
  };
}

const past = () => new Date(Date.now() - 60_000).toISOString();

/** What the location-1 administrator tries against users and roles of other locations: all refused. */
const refusals = (): { route: string; what: string; url: string; payload?: object }[] => [
  {
    route: 'PATCH /api/nine/users/:id',
    what: 'renames the business-wide administrator',
    url: `/api/nine/users/${u.wide}`,
    payload: { name: 'Mallory' },
  },
  {
    route: 'PATCH /api/nine/users/:id',
    what: 'expires the accountant of all three locations',
    url: `/api/nine/users/${u.accountant}`,
    payload: { expires_at: past() },
  },
  {
    route: 'PATCH /api/nine/users/:id',
    what: 'switches a location-3 clerk to single sign-on only',
    url: `/api/nine/users/${u.clerk3}`,
    payload: { only_login_by_sso: true },
  },
  {
    route: 'PATCH /api/nine/users/:id',
    what: 'forces a location-3 clerk to change password',
    url: `/api/nine/users/${u.clerk3}`,
    payload: { password_expired_at: past() },
  },
  {
    route: 'PATCH /api/nine/users/:id',
    what: 'removes the roles of a location-3 clerk',
    url: `/api/nine/users/${u.clerk3}`,
    payload: { roles: [] },
  },
  {
    route: 'PATCH /api/nine/users/:id',
    what: 'drops the location-2 role of a user of locations 1 and 2',
    url: `/api/nine/users/${u.multi}`,
    payload: { roles: [{ role_id: r.multi, location_id: L1 }] },
  },
  {
    route: 'PATCH /api/nine/users/:id',
    what: 'gives a location-1 clerk a role at location 3',
    url: `/api/nine/users/${u.clerk1}`,
    payload: {
      roles: [
        { role_id: r.clerk1, location_id: L1 },
        { role_id: r.counter, location_id: L1 },
        { role_id: r.empty, location_id: L3 },
      ],
    },
  },
  {
    route: 'POST /api/nine/users',
    what: 'creates a user with a role at location 3',
    url: '/api/nine/users',
    payload: { name: 'Plant', email: 'plant@nine.test', roles: [{ role_id: r.empty, location_id: L3 }] },
  },
  {
    route: 'POST /api/nine/users/:id/deactivate',
    what: 'deactivates the accountant of all three locations',
    url: `/api/nine/users/${u.accountant}/deactivate`,
  },
  {
    route: 'POST /api/nine/users/:id/deactivate',
    what: 'deactivates the business-wide administrator',
    url: `/api/nine/users/${u.wide}/deactivate`,
  },
  {
    route: 'POST /api/nine/users/:id/activate',
    what: 'activates a former location-3 clerk',
    url: `/api/nine/users/${u.retired3}/activate`,
  },
  {
    route: 'PUT /api/nine/users/:id/access-key',
    what: 'sets the business-wide administrator’s access key',
    url: `/api/nine/users/${u.wide}/access-key`,
    payload: { access_key: '1111' },
  },
  {
    route: 'PUT /api/nine/users/:id/access-key',
    what: 'sets a location-3 clerk’s access key',
    url: `/api/nine/users/${u.clerk3}/access-key`,
    payload: { access_key: '1111' },
  },
  {
    route: 'PUT /api/nine/users/:id/access-key',
    what: 'sets the access key of a location-1 clerk (approvals in their name)',
    url: `/api/nine/users/${u.clerk1}/access-key`,
    payload: { access_key: '1111' },
  },
  {
    route: 'DELETE /api/nine/users/:id/access-key',
    what: 'resets the business-wide administrator’s access key',
    url: `/api/nine/users/${u.wide}/access-key`,
  },
  {
    route: 'DELETE /api/nine/users/:id/access-key',
    what: 'resets a location-3 clerk’s access key',
    url: `/api/nine/users/${u.clerk3}/access-key`,
  },
  {
    route: 'PUT /api/nine/roles/:id',
    what: 'gives staff:manage to a role used at location 3',
    url: `/api/nine/roles/${r.clerk3}`,
    payload: {
      title: 'role of clerk3@nine.test',
      permissions: [
        { resource: 'customer', action: 'view' },
        { resource: 'staff', action: 'manage' },
      ],
    },
  },
  {
    route: 'PUT /api/nine/roles/:id',
    what: 'edits the Counter clerk role every location uses',
    url: `/api/nine/roles/${r.counter}`,
    payload: { title: 'Counter clerk', permissions: [{ resource: 'rent_order', action: 'view' }] },
  },
  {
    route: 'PUT /api/nine/access-policy',
    what: 'rewrites the business-wide access policy',
    url: '/api/nine/access-policy',
    payload: { ...policy, wrong_password_threshold: 1, refund_level1_minor: 0, refund_level2_minor: 0 },
  },
];

/** Endpoints the location-1 administrator may use, with why that reaches nothing of another location. */
const allowedRoutes: Record<string, string> = {
  'GET /api/nine/users': 'lists only users of the caller’s locations (checked below)',
  'GET /api/nine/roles': 'role titles and permissions are shared by every location; no personal data',
  'GET /api/nine/access-policy': 'the rules everyone is held to; reading them changes nothing',
  'POST /api/nine/roles': 'a new role is assigned nowhere until someone gives it in their own location',
};

const isStaffRoute = (route: { url: string; access: Access }) => {
  if (/^\/api\/nine\/(users|roles|access-policy)(\/|$)/.test(route.url)) return true;
  if (typeof route.access === 'string') return false;
  const needs = 'anyOf' in route.access ? route.access.anyOf : [route.access];
  return needs.some((n) => n.resource === 'staff' || n.resource === 'role_and_permission');
};

describe('a location-1 administrator cannot reach other locations', () => {
  it('covers every staff, role and policy endpoint the app registers', () => {
    const staffRoutes = nine.routes.filter(isStaffRoute).map((r) => `${r.method} ${r.url}`);
    expect(staffRoutes.length).toBeGreaterThanOrEqual(11);
    const covered = new Set([...refusals().map((c) => c.route), ...Object.keys(allowedRoutes)]);
    for (const route of staffRoutes) expect(covered, `${route} is not in the scope table`).toContain(route);
    // Every write endpoint has at least one refusal against another location.
    const refused = new Set(refusals().map((c) => c.route));
    for (const route of staffRoutes.filter((r) => !r.startsWith('GET ') && !(r in allowedRoutes)))
      expect(refused, `${route} has no refusal case`).toContain(route);
  });

  for (const [i, c] of refusals().entries()) {
    it(`refuses when it ${c.what} (${c.route}), changing nothing`, async () => {
      // The table was built before the ids existed: take this case's real values.
      const real = refusals()[i]!;
      const before = await snapshot();
      const [method] = real.route.split(' ') as [Method];
      const res = await call('admin1', method, real.url, real.payload);
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json().resp_code).toBe(1003);
      expect(await snapshot()).toEqual(before);
    });
  }

  it('keeps the sessions of the users it tried to reach', async () => {
    for (const who of ['wide', 'accountant', 'clerk3']) {
      expect((await call(who, 'GET', '/api/nine/locations')).statusCode, who).toBe(200);
    }
  });

  it('lists only users holding a role in its locations, and users with none', async () => {
    const res = await call('admin1', 'GET', '/api/nine/users?page_size=200');
    expect(res.statusCode).toBe(200);
    const emails = res.json().data.rows.map((row: { email: string }) => row.email);
    expect(emails).toEqual(
      expect.arrayContaining([
        'admin1@nine.test',
        'wide@nine.test',
        'accountant@nine.test',
        'clerk1@nine.test',
        'multi@nine.test',
        'new@nine.test',
      ]),
    );
    expect(emails).not.toContain('clerk3@nine.test');
    expect(emails).not.toContain('retired3@nine.test');
    expect(res.json().data.total).toBe(emails.length);
    const searched = await call('admin1', 'GET', '/api/nine/users?search=clerk3');
    expect(searched.json().data).toMatchObject({ rows: [], total: 0 });
  });

  it('may still read the shared roles and the access policy', async () => {
    expect((await call('admin1', 'GET', '/api/nine/roles')).statusCode).toBe(200);
    expect((await call('admin1', 'GET', '/api/nine/access-policy')).statusCode).toBe(200);
  });
});

describe('what each may still do', () => {
  it('the location-1 administrator manages a location-1 user and a user without roles', async () => {
    const patched = await call('admin1', 'PATCH', `/api/nine/users/${u.clerk1}`, {
      name: 'Clerk One',
      roles: [{ role_id: r.clerk1, location_id: L1 }],
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect((await q('SELECT name FROM users WHERE id = $1', [u.clerk1])).rows[0].name).toBe('Clerk One');
    expect(
      (await q('SELECT role_id, location_id FROM user_roles WHERE user_id = $1', [u.clerk1])).rows,
    ).toEqual([{ role_id: r.clerk1, location_id: L1 }]);
    expect((await call('admin1', 'POST', `/api/nine/users/${u.clerk1}/deactivate`)).statusCode).toBe(200);
    expect((await call('admin1', 'POST', `/api/nine/users/${u.clerk1}/activate`)).statusCode).toBe(200);
    expect((await q('SELECT status::text FROM users WHERE id = $1', [u.clerk1])).rows[0].status).toBe(
      'active',
    );
    // Giving the newcomer a role of location 1 is within reach; so is creating a location-1 user.
    expect(
      (
        await call('admin1', 'PATCH', `/api/nine/users/${u.roleless}`, {
          roles: [{ role_id: r.clerk1, location_id: L1 }],
        })
      ).statusCode,
    ).toBe(200);
    const created = await call('admin1', 'POST', '/api/nine/users', {
      name: 'Deckhand',
      email: 'deckhand@nine.test',
      roles: [{ role_id: r.clerk1, location_id: L1 }],
    });
    expect(created.statusCode, created.body).toBe(201);
  });

  it('the location-1 administrator creates roles and edits a role used only at location 1', async () => {
    const created = await call('admin1', 'POST', '/api/nine/roles', {
      title: 'Harbour greeter',
      permissions: [{ resource: 'customer', action: 'view' }],
    });
    expect(created.statusCode, created.body).toBe(201);
    const edited = await call('admin1', 'PUT', `/api/nine/roles/${r.clerk1}`, {
      title: 'Harbour clerk',
      permissions: [
        { resource: 'rent_order', action: 'view' },
        { resource: 'inventory', action: 'view' },
        { resource: 'customer', action: 'view' },
      ],
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await q('SELECT title FROM roles WHERE id = $1', [r.clerk1])).rows[0].title).toBe(
      'Harbour clerk',
    );
  });

  it('a user sets their own access key', async () => {
    const res = await call('admin1', 'PUT', `/api/nine/users/${u.admin1}/access-key`, { access_key: '4321' });
    expect(res.statusCode, res.body).toBe(200);
    expect(
      (await q('SELECT access_key_hash FROM users WHERE id = $1', [u.admin1])).rows[0].access_key_hash,
    ).toMatch(/^scrypt\$/);
  });

  it('the business-wide administrator does everything the location administrator may not', async () => {
    const wide = (method: Method, url: string, payload?: object) => call('wide', method, url, payload, L2);
    const ok = async (method: Method, url: string, payload?: object) => {
      const res = await wide(method, url, payload);
      expect([200, 201], `${method} ${url}: ${res.body}`).toContain(res.statusCode);
    };
    await ok('PATCH', `/api/nine/users/${u.clerk3}`, { name: 'Clerk Three', only_login_by_sso: false });
    await ok('PATCH', `/api/nine/users/${u.multi}`, { roles: [{ role_id: r.multi, location_id: L1 }] });
    await ok('POST', `/api/nine/users/${u.accountant}/deactivate`);
    await ok('POST', `/api/nine/users/${u.accountant}/activate`);
    await ok('POST', `/api/nine/users/${u.retired3}/activate`);
    await ok('PUT', `/api/nine/users/${u.clerk3}/access-key`, { access_key: '8080' });
    await ok('DELETE', `/api/nine/users/${u.clerk1}/access-key`);
    await ok('PUT', `/api/nine/roles/${r.counter}`, {
      title: 'Counter clerk',
      permissions: [
        { resource: 'rent_order', action: 'view' },
        { resource: 'customer', action: 'view' },
        { resource: 'inventory', action: 'view' },
      ],
    });
    await ok('PUT', '/api/nine/access-policy', { ...policy, wrong_password_threshold: 7 });
    expect(
      (await q('SELECT wrong_password_threshold FROM access_policy')).rows[0].wrong_password_threshold,
    ).toBe(7);
    expect((await q('SELECT name FROM users WHERE id = $1', [u.clerk3])).rows[0].name).toBe('Clerk Three');
    expect((await q('SELECT location_id FROM user_roles WHERE user_id = $1', [u.multi])).rows).toEqual([
      { location_id: L1 },
    ]);
    const listed = (await wide('GET', '/api/nine/users?page_size=200')).json().data.rows;
    expect(listed.map((row: { email: string }) => row.email)).toContain('clerk3@nine.test');
  });

  it('another business-wide administrator is managed only by a business-wide administrator', async () => {
    const second = await createUser(tdb.db, {
      email: 'wide2@nine.test',
      locations: [L1, L2, L3],
      grants: everything,
    });
    expect((await call('admin1', 'PATCH', `/api/nine/users/${second}`, { name: 'X' })).statusCode).toBe(403);
    expect((await call('wide', 'PATCH', `/api/nine/users/${second}`, { name: 'Wide Two' })).statusCode).toBe(
      200,
    );
  });
});

describe('a product’s rentals list', () => {
  it('shows a location-1 clerk only the order lines of location 1', async () => {
    // The clerk was deactivated and activated above, which ended their session.
    tokens.clerk1 = await login(nine.app, 'clerk1@nine.test');
    const res = await call('clerk1', 'GET', `/api/nine/inventory/products/${cat.bulkProductId}/rentals`);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data.rows.map((row: { order_id: number }) => row.order_id)).toEqual([order1]);
    expect(data.total).toBe(1);
    expect(res.body).not.toContain('Hopper');
    // The order itself is not theirs to open either.
    expect((await call('clerk1', 'GET', `/api/nine/rent-orders/${order2}`)).statusCode).toBe(404);
  });

  it('shows someone holding inventory view at both locations the lines of both', async () => {
    const res = await call('wide', 'GET', `/api/nine/inventory/products/${cat.bulkProductId}/rentals`);
    const ids = res.json().data.rows.map((row: { order_id: number }) => row.order_id);
    expect(ids.sort((a: number, b: number) => a - b)).toEqual([order1, order2].sort((a, b) => a - b));
  });
});

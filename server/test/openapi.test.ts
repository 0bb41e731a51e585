import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contracts } from '@nine/shared/schemas/contracts';
import { resources, type Permission } from '@nine/shared/permissions';
import type { NineApp } from '../src/app.ts';
import type { AuthService } from '../src/modules/auth/auth-service.ts';
import { registerAuthentication } from '../src/plugins/authenticate.ts';
import { registerOpenApi } from '../src/plugins/openapi.ts';
import { createCatalogue, createLocation, createUser, type CatalogueFixture } from './helpers/fixtures.ts';
import { createTestApp, login } from './helpers/test-app.ts';
import { createTestDatabase, type TestDatabase } from './helpers/test-db.ts';

/**
 * GET /api/docs/openapi.json describes every registered /api route (enumerated as access.test.ts does),
 * with the request schemas its handler parses; response schemas may only be added, never lost.
 */
let tdb: TestDatabase;
let nine: NineApp;
let home: number;
let cat: CatalogueFixture;

interface Operation {
  parameters?: { in: string; name: string }[];
  requestBody?: unknown;
  responses?: Record<string, { content?: unknown }>;
}
let paths: Record<string, Record<string, Operation>>;

beforeAll(async () => {
  tdb = await createTestDatabase();
  nine = await createTestApp(tdb.db);
  home = await createLocation(tdb.db, 'Home');
  const everything: Permission[] = resources.map((resource) => ({ resource, action: 'any' }));
  await createUser(tdb.db, { email: 'docs@nine.test', locations: [home], grants: everything });
  cat = await createCatalogue(tdb.db, home, { items: 2 });
  const res = await nine.app.inject({ method: 'GET', url: '/api/docs/openapi.json' });
  expect(res.statusCode).toBe(200);
  paths = res.json<{ paths: typeof paths }>().paths;
});

afterAll(async () => {
  await nine.app.close();
  await tdb.drop();
});

/** Swagger UI's own routes are the documentation, not part of it. */
const apiRoutes = () => nine.routes.filter((r) => !r.url.startsWith('/api/docs'));
/** Fastify's `/a/:id` is OpenAPI's `/a/{id}`. */
const openApiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');
const operation = (r: { method: string; url: string }) => paths[openApiPath(r.url)]?.[r.method.toLowerCase()];
const key = (r: { method: string; url: string }) => `${r.method} ${r.url}`;

/**
 * Routes still answering without a response schema. This list may only shrink: a new route comes with its
 * response schema in shared/src/schemas/contracts.ts, and one that gains a schema leaves the list. Those left
 * answer no JSON `{ data }`: a file (photo, category image, export) or the SSO callback's redirect.
 */
const WITHOUT_RESPONSE_SCHEMA: string[] = [
  'GET /api/nine/business-logo-images/:file',
  'GET /api/nine/category-images/:file',
  'GET /api/nine/exports/:id/download',
  'GET /api/nine/rent-orders/:id/photos/:childId',
  'GET /api/nine/sale-orders/:id/photos/:childId',
  'GET /api/nine/tour-images/:file',
  'GET /api/nine/tours/waivers/:id/pdf',
  'GET /api/nine/user/sso/callback',
];

/** Routes that take no JSON body although their method could carry one (actions on the path alone). */
const NO_BODY = new Set([
  'POST /api/nine/user/logout',
  'POST /api/nine/user/sso/check',
  'POST /api/nine/set-as-kiosk/challenge',
  'POST /api/nine/orders/:id/invoice',
  'POST /api/nine/invoices/:id/post',
  'POST /api/nine/users/:id/activate',
  'POST /api/nine/users/:id/deactivate',
  'POST /api/nine/stock/stocktakes/:id/close',
  'POST /api/nine/kiosk-devices/:id/revoke',
  'POST /api/nine/tours/reservations/:id/share-link',
]);

/**
 * Which request parts each handler reads, found in the module sources: a route registration (its path as a
 * pattern) up to the next one, and `request.body|query|params` inside it. A literal path wins over a template.
 */
interface HandlerReads {
  method: string;
  pattern: RegExp;
  literal: boolean;
  reads: Set<string>;
}
function handlerReads(): HandlerReads[] {
  const dir = join(import.meta.dirname, '../src/modules');
  const found: HandlerReads[] = [];
  for (const file of readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
    if (!file.endsWith('.ts')) continue;
    const src = readFileSync(join(dir, file), 'utf8');
    const hits = [...src.matchAll(/\.(get|post|put|patch|delete)(?:<[^(]*>)?\(\s*([`'])([^`']+)\2/g)];
    hits.forEach((m, i) => {
      const body = src.slice(m.index, hits[i + 1]?.index ?? src.length);
      const reads = new Set([...body.matchAll(/request\.(body|query|params)\b/g)].map((r) => r[1]!));
      // `${…}` stands for one segment, or for several when it starts the path (`${base}/photos`).
      const parts = m[3]!.split(/\$\{[^}]+\}/).map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
      const pattern = new RegExp(
        `^${parts.map((p, j) => (j === 0 ? p : (j === 1 && !parts[0] ? '.+' : '[^/]+') + p)).join('')}$`,
      );
      found.push({ method: m[1]!.toUpperCase(), pattern, literal: !m[3]!.includes('${'), reads });
    });
  }
  return found;
}

describe('the OpenAPI document', () => {
  it('is OpenAPI 3.1 and lists every /api route with its method', async () => {
    const res = await nine.app.inject({ method: 'GET', url: '/api/docs/openapi.json' });
    expect(res.json().openapi).toBe('3.1.0');
    expect(apiRoutes().length).toBeGreaterThan(150);
    const missing = apiRoutes()
      .filter((r) => !operation(r))
      .map(key);
    expect(missing).toEqual([]);
    // Nothing but /api routes: the web app's and the docs' own routes are hidden.
    expect(Object.keys(paths).filter((p) => !p.startsWith('/api/') || p.startsWith('/api/docs'))).toEqual([]);
  });

  it('declares the path parameters, query and body each route takes', () => {
    const reads = handlerReads();
    const problems: string[] = [];
    for (const route of apiRoutes()) {
      const op = operation(route)!;
      const params = new Set((op.parameters ?? []).map((p) => `${p.in}:${p.name}`));
      for (const [, name] of route.url.matchAll(/:(\w+)/g)) {
        if (!params.has(`path:${name}`)) problems.push(`${key(route)}: path parameter ${name}`);
      }
      const handlers = reads.filter((h) => h.method === route.method && h.pattern.test(route.url));
      const exact = handlers.filter((h) => h.literal);
      const read = new Set((exact.length ? exact : handlers).flatMap((h) => [...h.reads]));
      if (read.has('query') && ![...params].some((p) => p.startsWith('query:')))
        problems.push(`${key(route)}: querystring`);
      const takesBody = ['POST', 'PUT', 'PATCH'].includes(route.method) && !NO_BODY.has(key(route));
      if ((takesBody || read.has('body')) && !op.requestBody) problems.push(`${key(route)}: body`);
    }
    expect(problems).toEqual([]);
  });

  it('has a response schema for every route but a shrinking allowance', () => {
    const without = apiRoutes()
      .filter((r) => {
        const responses = operation(r)?.responses ?? {};
        return !(responses['200']?.content || responses['201']?.content);
      })
      .map(key)
      .sort();
    const grown = without.filter((k) => !WITHOUT_RESPONSE_SCHEMA.includes(k));
    expect(grown, 'routes without a response schema (add one to shared/src/schemas/contracts.ts)').toEqual(
      [],
    );
    // A route that gained a schema (or is gone) leaves the allowance.
    const stale = WITHOUT_RESPONSE_SCHEMA.filter((k) => !without.includes(k));
    expect(stale, 'remove these from WITHOUT_RESPONSE_SCHEMA').toEqual([]);
  });

  it('describes what the routes really answer (checked on real data)', async () => {
    const token = await login(nine.app, 'docs@nine.test');
    const calls = [
      'GET /api/health',
      'GET /api/nine/customers',
      `GET /api/nine/customers/:id ${cat.customerId}`,
      `GET /api/nine/customers/:id/orders ${cat.customerId}`,
      'GET /api/nine/customers/lookup?search=ada',
      'GET /api/nine/catalogue/search?search=a',
      'GET /api/nine/catalogue/products',
      'GET /api/nine/inventory/rent',
      'GET /api/nine/inventory/sale',
      'GET /api/nine/invoices/rents',
      'GET /api/nine/rent-orders',
      'GET /api/nine/partners',
      'GET /api/nine/cash-registers',
      'GET /api/nine/users',
      'GET /api/nine/roles',
      'GET /api/nine/access-policy',
      'GET /api/nine/activity-settings',
      'GET /api/nine/location-activity-settings',
      'GET /api/nine/general-settings',
      'GET /api/nine/business-info',
      'GET /api/nine/kiosk-devices',
      'GET /api/nine/exports',
      'GET /api/nine/stock/label-items',
      'GET /api/nine/stock/availability-calendar?start_day=2030-06-01',
      `GET /api/nine/stock/availability-calendar/orders?product_id=${cat.rentProductId}&from=2030-01-01T00:00:00Z&to=2031-01-01T00:00:00Z`,
      'GET /api/nine/stock/rental-groups',
      'GET /api/nine/stock/maintenance-rules',
      'GET /api/nine/stock/scheduled-maintenance',
      'GET /api/nine/stock/repair-logs',
      'GET /api/nine/stock/stocktakes',
      'GET /api/nine/stock/stocktakes/current',
      'GET /api/nine/stock/reports/repair-logs',
      'GET /api/nine/stock/reports/maintenance',
      'GET /api/nine/dashboard/summary',
      'GET /api/nine/delivery-report?date=2030-06-01',
      'GET /api/nine/locations',
      `GET /api/nine/locations/:id/select ${home}`,
      'GET /api/nine/user/location-permissions',
      'GET /api/nine/user/password-policy',
      'GET /api/nine/recurring-orders',
    ];
    for (const call of calls) {
      const [method, route, id] = call.split(' ') as [string, string, string | undefined];
      const url = id ? route.replace(':id', id) : route;
      const res = await nine.app.inject({
        method: method as 'GET',
        url,
        headers: { authorization: `Bearer ${token}`, 'location-id': String(home) },
      });
      expect(res.statusCode, `${call}: ${res.body}`).toBe(200);
      const schema = contracts[`${method} ${route.split('?')[0]}`]?.response?.[200];
      expect(schema, call).toBeDefined();
      const parsed = schema!.safeParse(res.json<{ data: unknown }>().data);
      expect(parsed.error?.issues ?? [], call).toEqual([]);
    }
  });

  it('describes what order and stock routes answer once there is data (checked on real data)', async () => {
    const token = await login(nine.app, 'docs@nine.test');
    const check = async (route: string, url: string, status: 200 | 201, payload?: object) => {
      const method = route.split(' ')[0] as 'GET' | 'POST' | 'PUT';
      const res = await nine.app.inject({
        method,
        url,
        payload,
        headers: {
          authorization: `Bearer ${token}`,
          'location-id': String(home),
          ...(method === 'POST' ? { 'idempotency-key': `docs-${route.replace(/\W+/g, '-')}` } : {}),
        },
      });
      expect(res.statusCode, `${route}: ${res.body}`).toBe(status);
      const schema = contracts[route]?.response?.[status];
      expect(schema, route).toBeDefined();
      const data = res.json<{ data: unknown }>().data;
      expect(schema!.safeParse(data).error?.issues ?? [], route).toEqual([]);
      return data as { id: number; version: number };
    };
    const draft = {
      customer_id: cat.customerId,
      planned_start: '2030-06-01T09:00:00Z',
      planned_finish: '2030-06-01T17:00:00Z',
      items: [{ item_id: cat.itemIds[0] }, { product_id: cat.bulkProductId, quantity: 2 }],
    };
    await check('POST /api/nine/rent-orders/quote', '/api/nine/rent-orders/quote', 200, draft);
    const order = await check('POST /api/nine/rent-orders', '/api/nine/rent-orders', 201, draft);
    await check('GET /api/nine/rent-orders/:id', `/api/nine/rent-orders/${order.id}`, 200);
    await check(
      'GET /api/nine/rent-orders/:id/auto-billing',
      `/api/nine/rent-orders/${order.id}/auto-billing`,
      200,
    );
    await check(
      'PUT /api/nine/rent-orders/:id/signature',
      `/api/nine/rent-orders/${order.id}/signature`,
      200,
      {
        method: 'typed',
        signer_name: 'Ada Lovelace',
      },
    );
    await check(
      'POST /api/nine/rent-orders/:id/participants',
      `/api/nine/rent-orders/${order.id}/participants`,
      200,
      { name: 'Ada', age: 36 },
    );
    await check('POST /api/nine/set-as-kiosk/challenge', '/api/nine/set-as-kiosk/challenge', 200);
    // Stock lists with rows in them: a maintenance rule and a repair log.
    await check('POST /api/nine/stock/maintenance-rules', '/api/nine/stock/maintenance-rules', 201, {
      product_id: cat.rentProductId,
      every_days: 30,
    });
    await check('GET /api/nine/stock/maintenance-rules', '/api/nine/stock/maintenance-rules', 200);
    await check('GET /api/nine/stock/scheduled-maintenance', '/api/nine/stock/scheduled-maintenance', 200);
    const log = await check('POST /api/nine/stock/repair-logs', '/api/nine/stock/repair-logs', 201, {
      item_id: cat.itemIds[1],
      problem: 'Cracked paddle',
    });
    await check(
      'POST /api/nine/stock/repair-logs/:id/work',
      `/api/nine/stock/repair-logs/${log.id}/work`,
      200,
      {
        work: 'Glued',
        cost_minor: 1250,
      },
    );
    await check('GET /api/nine/stock/repair-logs', '/api/nine/stock/repair-logs', 200);
    await check('GET /api/nine/stock/reports/repair-logs', '/api/nine/stock/reports/repair-logs', 200);
    await check('GET /api/nine/stock/reports/maintenance', '/api/nine/stock/reports/maintenance', 200);
    // Inventory: the product the order booked, its rentals, and a category and attribute made here.
    const product = `/api/nine/inventory/products/${cat.rentProductId}`;
    await check('GET /api/nine/inventory/products/:id', product, 200);
    await check('GET /api/nine/inventory/products/:id/rentals', `${product}/rentals`, 200);
    await check(
      'GET /api/nine/inventory/detail/rent/:id',
      `/api/nine/inventory/detail/rent/${cat.rentProductId}`,
      200,
    );
    await check('POST /api/nine/categories', '/api/nine/categories', 201, { name: 'Docs boats' });
    await check('POST /api/nine/attributes', '/api/nine/attributes', 201, {
      name: 'Hull',
      kind: 'option',
      options: ['Plastic', 'Wood'],
    });
    await check('GET /api/nine/categories', '/api/nine/categories', 200);
    await check('GET /api/nine/attributes', '/api/nine/attributes', 200);
  });

  it('marks protected routes with the bearer scheme and public ones without', () => {
    for (const route of apiRoutes()) {
      const op = operation(route) as Operation & { security?: unknown[] };
      if (route.access === 'public') expect(op.security, key(route)).toBeUndefined();
      else expect(op.security, key(route)).toEqual([{ bearer: [] }]);
    }
  });
});

describe('Swagger UI', () => {
  it('answers /api/docs with HTML without authentication, its assets served locally', async () => {
    const page = await nine.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('swagger-ui');
    const bare = await nine.app.inject({ method: 'GET', url: '/api/docs' });
    expect(bare.statusCode).toBe(200);
    expect(bare.headers['content-type']).toContain('text/html');
    for (const asset of ['swagger-ui-bundle.js', 'swagger-ui.css', 'swagger-initializer.js']) {
      const res = await nine.app.inject({ method: 'GET', url: `/api/docs/static/${asset}` });
      expect(res.statusCode, asset).toBe(200);
    }
    const json = await nine.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(json.statusCode).toBe(200);
    expect(json.json().openapi).toBe('3.1.0');
  });

  it('records the docs routes as public and still refuses an /api route without access', async () => {
    const docs = nine.routes.filter((r) => r.url.startsWith('/api/docs'));
    expect(docs.map(key)).toContain('GET /api/docs/openapi.json');
    expect(docs.every((r) => r.access === 'public')).toBe(true);
    // Only the docs scope is exempt: any other /api route without `config.access` still stops the app.
    const bare = Fastify({ logger: false });
    await registerOpenApi(bare, 'test');
    registerAuthentication(bare, {} as AuthService);
    expect(() => bare.get('/api/undeclared', async () => ({}))).toThrow(/declares no access/);
    await bare.close();
  });
});

import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type NineApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { createLocation, createUser } from './helpers/fixtures.ts';
import { login } from './helpers/test-app.ts';
import { createTestDatabase, type TestDatabase } from './helpers/test-db.ts';

// How the server hands out the built web app (precompressed files, cache headers) and compresses /api answers.
let tdb: TestDatabase;
let nine: NineApp;
let dir: string;

const IMMUTABLE = 'public, max-age=31536000, immutable';
const INDEX =
  '<!doctype html><html><head><script type="module" src="/nine/assets/index-Ab12Cd.js"></script></head></html>';
const SCRIPT = Buffer.from(
  `export const rows = [${Array.from({ length: 400 }, (_, i) => `"row ${i}"`).join(',')}];\n`,
);
const SCRIPT_URL = '/nine/assets/index-Ab12Cd.js';
const CSV = `id,name\n${Array.from({ length: 300 }, (_, i) => `${i},customer ${i}`).join('\n')}\n`;

beforeAll(async () => {
  tdb = await createTestDatabase();
  dir = mkdtempSync(join(tmpdir(), 'nine-web-delivery-'));
  const dist = join(dir, 'dist');
  mkdirSync(join(dist, 'assets'), { recursive: true });
  writeFileSync(join(dist, 'index.html'), INDEX);
  // What the web build writes: the file and its two precompressed copies.
  writeFileSync(join(dist, 'assets/index-Ab12Cd.js'), SCRIPT);
  writeFileSync(join(dist, 'assets/index-Ab12Cd.js.br'), brotliCompressSync(SCRIPT));
  writeFileSync(join(dist, 'assets/index-Ab12Cd.js.gz'), gzipSync(SCRIPT));
  // Below the build's 1 KiB floor: no copies.
  writeFileSync(join(dist, 'assets/logo-Ef34Gh.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  mkdirSync(join(dir, 'exports'));
  nine = await buildApp({
    config: {
      ...loadConfig({}),
      webDist: dist,
      outboxDir: join(dir, 'outbox'),
      exportsDir: join(dir, 'exports'),
      responseContracts: 'enforce',
    },
    db: tdb.db,
    logger: false,
    jobPollingSeconds: 0.5,
  });
});
afterAll(async () => {
  await nine.app.close();
  await tdb.drop();
  rmSync(dir, { recursive: true, force: true });
});

describe('the web app files', () => {
  it('go out as the brotli copy the build wrote when the browser takes br, cached for a year', async () => {
    const res = await nine.app.inject({
      method: 'GET',
      url: SCRIPT_URL,
      headers: { 'accept-encoding': 'gzip, deflate, br, zstd' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe(IMMUTABLE);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.rawPayload.length).toBeLessThan(SCRIPT.length);
    expect(brotliDecompressSync(res.rawPayload).equals(SCRIPT)).toBe(true);
  });

  it('go out as the gzip copy when the browser takes gzip only', async () => {
    const res = await nine.app.inject({
      method: 'GET',
      url: SCRIPT_URL,
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['cache-control']).toBe(IMMUTABLE);
    expect(gunzipSync(res.rawPayload).equals(SCRIPT)).toBe(true);
  });

  it('go out as they are when the browser takes no compression', async () => {
    for (const headers of [{}, { 'accept-encoding': 'identity' }]) {
      const res = await nine.app.inject({ method: 'GET', url: SCRIPT_URL, headers });
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.headers['cache-control']).toBe(IMMUTABLE);
      expect(res.rawPayload.equals(SCRIPT)).toBe(true);
    }
  });

  it('without a precompressed copy go out as they are, not compressed again on the fly', async () => {
    const res = await nine.app.inject({
      method: 'GET',
      url: '/nine/assets/logo-Ef34Gh.svg',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['cache-control']).toBe(IMMUTABLE);
    expect(res.body).toBe('<svg xmlns="http://www.w3.org/2000/svg"/>');
  });

  it('index.html and every client route are revalidated on each load (they name the current assets)', async () => {
    for (const url of ['/nine/', '/nine/index.html', '/nine/rent-orders', '/nine/customers/12']) {
      const res = await nine.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br, gzip' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.body, url).toBe(INDEX);
    }
  });

  it('the page never sends its URL on as a Referer (the participant page holds a share token)', async () => {
    for (const url of ['/nine/', '/nine/index.html', '/nine/participant/signe?token=abc']) {
      const res = await nine.app.inject({ method: 'GET', url });
      expect(res.headers['referrer-policy'], url).toBe('no-referrer');
    }
  });

  it('an unknown asset is a 404, not the page', async () => {
    const res = await nine.app.inject({ method: 'GET', url: '/nine/assets/gone-Zz99.js' });
    expect(res.statusCode).toBe(404);
  });
});

describe('API answers', () => {
  it('above 1 KiB are compressed by the accepted encoding, and decompress to the same JSON', async () => {
    const plain = await nine.app.inject({ method: 'GET', url: '/api/docs/openapi.json' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);

    const br = await nine.app.inject({
      method: 'GET',
      url: '/api/docs/openapi.json',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());

    const gz = await nine.app.inject({
      method: 'GET',
      url: '/api/docs/openapi.json',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual(plain.json());
  });

  it('checked against their contract are still checked, then compressed', async () => {
    const locations = [];
    for (let i = 0; i < 25; i++) locations.push(await createLocation(tdb.db, `Delivery shop number ${i}`));
    await createUser(tdb.db, { email: 'delivery@example.com', locations });
    const token = await login(nine.app, 'delivery@example.com');
    const headers = { authorization: `Bearer ${token}` };
    const plain = await nine.app.inject({ method: 'GET', url: '/api/nine/locations', headers });
    expect(plain.statusCode).toBe(200);
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    const res = await nine.app.inject({
      method: 'GET',
      url: '/api/nine/locations',
      headers: { ...headers, 'accept-encoding': 'br' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(res.rawPayload).toString())).toEqual(plain.json());
  });

  it('below 1 KiB go out as they are', async () => {
    const res = await nine.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json<{ data: { status: string } }>().data.status).toBeDefined();
  });

  it('a streamed export download arrives whole, compressed once', async () => {
    const location = await createLocation(tdb.db, 'Export shop');
    const userId = await createUser(tdb.db, { email: 'export-delivery@example.com', locations: [location] });
    const { rows } = await tdb.db.pool.query<{ id: number }>(
      `INSERT INTO exports (user_id, location_id, list, format, description, status, row_count, byte_count, finished_at)
       VALUES ($1, $2, 'customers', 'csv', 'all customers', 'ready', 300, $3, now()) RETURNING id`,
      [userId, location, Buffer.byteLength(CSV)],
    );
    writeFileSync(join(dir, 'exports', `${rows[0]!.id}.csv`), CSV);
    const token = await login(nine.app, 'export-delivery@example.com');
    const url = `/api/nine/exports/${rows[0]!.id}/download`;
    const headers = { authorization: `Bearer ${token}`, 'location-id': String(location) };

    const gz = await nine.app.inject({
      method: 'GET',
      url,
      headers: { ...headers, 'accept-encoding': 'gzip' },
    });
    expect(gz.statusCode).toBe(200);
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers['content-disposition']).toMatch(/^attachment; filename="customers-/);
    expect(gunzipSync(gz.rawPayload).toString()).toBe(CSV);

    const plain = await nine.app.inject({ method: 'GET', url, headers });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(CSV);
  });
});

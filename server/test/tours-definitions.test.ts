import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync } from 'node:fs';
import type * as FsPromises from 'node:fs/promises';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { resources, type Permission } from '@nine/shared/permissions';
import type { TourDefinitionDetail, TourDefinitionRow } from '@nine/shared/schemas/tours/definitions';
import type { NineApp } from '../src/app.ts';
import { createCatalogue, createLocation, createUser } from './helpers/fixtures.ts';
import { createTestApp, login } from './helpers/test-app.ts';
import { createTestDatabase, type TestDatabase } from './helpers/test-db.ts';

/** Tour definitions (issue #19, slice S3): the stepper's writes, publishing, the gallery and the list. */
let tdb: TestDatabase;
let app: NineApp['app'];
let loc: number;
let other: number;
let manager: Record<string, string>;
let viewer: Record<string, string>;
let elsewhere: Record<string, string>;
const ids = {} as {
  adult: number;
  child: number;
  group: number;
  meeting: number;
  site: number;
  otherMeeting: number;
  terms: number;
  draftTerms: number;
  waiver: number;
  kayak: number;
  vest: number;
  bottle: number;
};

const everything: Permission[] = resources.map((resource) => ({ resource, action: 'any' }));
const q = <T = Record<string, unknown>>(sql: string, params: unknown[] = []) =>
  tdb.db.pool.query(sql, params).then((r) => r.rows as T[]);
// The app writes its gallery files into a folder of this file's own, removed at the end.
const dataDir = mkdtempSync(join(tmpdir(), 'nine-tour-defs-'));
const imagesDir = join(dataDir, 'tour-images');
const listImages = () => (existsSync(imagesDir) ? readdirSync(imagesDir) : []);

// A thumbnail write can be made to fail (a full disk) to see the first file go too.
const fsFault = vi.hoisted(() => ({ failThumb: false }));
vi.mock('node:fs/promises', async (importOriginal) => {
  const real = await importOriginal<typeof FsPromises>();
  const writeFile: typeof real.writeFile = (file, data, options) => {
    if (fsFault.failThumb && String(file).endsWith('-t.webp'))
      return Promise.reject(Object.assign(new Error('no space left'), { code: 'ENOSPC' }));
    return real.writeFile(file, data, options);
  };
  return { ...real, writeFile, default: { ...real, writeFile } };
});
const BASE = '/api/nine/tours/definitions';

type Res = Awaited<ReturnType<NineApp['app']['inject']>>;
const code = (res: Res) => res.json<{ resp_code: number }>().resp_code;
const detailOf = (res: Res) => res.json<{ data: TourDefinitionDetail }>().data;

function call(method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, payload?: object, headers = manager) {
  return app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
}

function upload(id: number, fileName: string, body: Buffer, type = 'image/png', headers = manager) {
  const boundary = '----nine-tour-boundary';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    body,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return app.inject({
    method: 'POST',
    url: `${BASE}/${id}/images`,
    payload,
    headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
}

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#0b7285' } })
    .png()
    .toBuffer();

let codeSeq = 0;
const basicInfo = (over: object = {}) => ({
  code: `T-${++codeSeq}`,
  name: `Tour ${codeSeq}`,
  group_id: ids.group,
  duration_minutes: 120,
  capacity: 12,
  min_participants: 2,
  participants_per_leader: 6,
  min_leaders: 1,
  languages: ['en', 'es'],
  ...over,
});
const pricing = () => ({
  prices: [
    { age_group_id: ids.adult, price_minor: 5000 },
    { age_group_id: ids.child, price_minor: 2500 },
  ],
  private_price_minor: 40000,
  taxable: true,
  seasons: [
    {
      name: 'Summer',
      first_day: '2027-06-01',
      last_day: '2027-08-31',
      prices: [
        { age_group_id: ids.adult, price_minor: 6000 },
        { age_group_id: ids.child, price_minor: 3000 },
      ],
    },
  ],
});
const cancellation = {
  tiers: [
    { hours_before: 48, fee_bp: 0 },
    { hours_before: 24, fee_bp: 5000 },
    { hours_before: 0, fee_bp: 10000 },
  ],
  no_show_fee_bp: 10000,
};
const description = () => ({
  description: {
    type: 'doc',
    content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Paddle <b>at dusk</b>.' }] }],
  },
  what_to_bring: 'Water, sunscreen',
  terms_id: ids.terms,
  waiver_id: ids.waiver,
});
const items = () => ({
  items: [
    { product_id: ids.kayak, per: 'participant', age_group_id: ids.adult, units: 1, per_count: 2 },
    { product_id: ids.vest, per: 'participant', age_group_id: null, units: 1, per_count: 1 },
  ],
});

async function create(over: object = {}, headers = manager): Promise<TourDefinitionDetail> {
  const res = await call('POST', BASE, basicInfo(over), headers);
  expect(res.statusCode, res.body).toBe(201);
  return detailOf(res);
}
async function step(
  d: { id: number; version: number },
  name: string,
  body: object,
): Promise<TourDefinitionDetail> {
  const res = await call('PUT', `${BASE}/${d.id}/steps/${name}`, { step: name, version: d.version, ...body });
  expect(res.statusCode, res.body).toBe(200);
  return detailOf(res);
}
/** A definition with every step done, still a draft. */
async function complete(): Promise<TourDefinitionDetail> {
  let d = await create();
  d = await step(d, 'pricing', pricing());
  d = await step(d, 'cancellation-fee', cancellation);
  const up = await upload(d.id, 'a.png', await png(40, 30));
  expect(up.statusCode, up.body).toBe(201);
  d = await step(detailOf(up), 'gallery', {});
  d = await step(d, 'location', { meeting_point_id: ids.meeting, site_id: ids.site });
  d = await step(d, 'items', items());
  return step(d, 'description', description());
}
const rowCount = async (sql: string, params: unknown[] = []) =>
  Number((await q<{ n: string }>(`SELECT count(*) AS n FROM ${sql}`, params))[0]!.n);

beforeAll(async () => {
  tdb = await createTestDatabase();
  loc = await createLocation(tdb.db, 'Harbour');
  other = await createLocation(tdb.db, 'Lakeside');
  await createUser(tdb.db, { email: 'def-manager@nine.test', locations: [loc, other], grants: everything });
  await createUser(tdb.db, {
    email: 'def-viewer@nine.test',
    locations: [loc],
    grants: [{ resource: 'tour', action: 'view' }],
  });
  ({ app } = await createTestApp(tdb.db, { dataDir }));
  const token = await login(app, 'def-manager@nine.test');
  manager = { authorization: `Bearer ${token}`, 'location-id': String(loc) };
  elsewhere = { authorization: `Bearer ${token}`, 'location-id': String(other) };
  viewer = {
    authorization: `Bearer ${await login(app, 'def-viewer@nine.test')}`,
    'location-id': String(loc),
  };

  const one = async (sql: string, params: unknown[] = []) => (await q<{ id: number }>(sql, params))[0]!.id;
  ids.adult = await one(
    `INSERT INTO tour_age_groups (name, min_age, sort_order) VALUES ('Adult', 18, 0) RETURNING id`,
  );
  ids.child = await one(
    `INSERT INTO tour_age_groups (name, min_age, max_age, sort_order) VALUES ('Child', 4, 17, 1) RETURNING id`,
  );
  ids.group = await one(`INSERT INTO tour_groups (name, color) VALUES ('Kayak', 'teal') RETURNING id`);
  const place = (location: number, kind: string, name: string) =>
    one(`INSERT INTO tour_places (location_id, kind, name) VALUES ($1, $2, $3) RETURNING id`, [
      location,
      kind,
      name,
    ]);
  ids.meeting = await place(loc, 'meeting_point', 'Pier 1');
  ids.site = await place(loc, 'site', 'Bay');
  ids.otherMeeting = await place(other, 'meeting_point', 'Jetty');
  const terms = async (kind: string, title: string, published: boolean) => {
    const id = await one(`INSERT INTO tour_terms (kind, title) VALUES ($1, $2) RETURNING id`, [kind, title]);
    await q(
      `INSERT INTO tour_term_versions (terms_id, number, status, body, body_html, body_text, body_sha256, published_at)
       VALUES ($1, 1, $2, '{"type":"doc","content":[]}', '', '', sha256(''), $3)`,
      [id, published ? 'published' : 'draft', published ? new Date() : null],
    );
    return id;
  };
  ids.terms = await terms('terms', 'Booking terms', true);
  ids.draftTerms = await terms('terms', 'Unpublished terms', false);
  ids.waiver = await terms('waiver', 'Activity waiver', true);
  const cat = await createCatalogue(tdb.db, loc, { items: 0 });
  ids.kayak = cat.rentProductId;
  ids.vest = cat.bulkProductId;
  ids.bottle = cat.saleProductId;
});
afterAll(async () => {
  await app.close();
  await tdb.drop();
  await rm(dataDir, { recursive: true, force: true });
});

describe('tour definitions', () => {
  it('goes step by step from a draft to a published tour, auditing each step', async () => {
    let d = await create();
    expect(d).toMatchObject({
      status: 'draft',
      steps_done: ['basic-info'],
      version: 1,
      group: { name: 'Kayak' },
    });
    d = await step(d, 'pricing', pricing());
    expect(d.seasons).toEqual([expect.objectContaining({ first_day: '2027-06-01', last_day: '2027-08-31' })]);
    d = await step(d, 'cancellation-fee', cancellation);
    // The gallery step holds only once there is an image with a cover.
    const early = await call('PUT', `${BASE}/${d.id}/steps/gallery`, { step: 'gallery', version: d.version });
    expect([early.statusCode, code(early)]).toEqual([422, 1750]);
    const up = await upload(d.id, 'a.png', await png(40, 30));
    d = await step(detailOf(up), 'gallery', {});
    d = await step(d, 'location', { meeting_point_id: ids.meeting, site_id: ids.site });
    d = await step(d, 'items', items());
    d = await step(d, 'description', description());
    expect(d.steps_done).toEqual([
      'basic-info',
      'pricing',
      'cancellation-fee',
      'gallery',
      'location',
      'items',
      'description',
    ]);
    // The HTML is rendered by the server, escaped.
    expect(d.description_html).toContain('Paddle &lt;b&gt;at dusk&lt;/b&gt;.');
    const published = await call('POST', `${BASE}/${d.id}/publish`, { version: d.version });
    expect(published.statusCode, published.body).toBe(200);
    expect(detailOf(published)).toMatchObject({ status: 'active', version: d.version + 1 });
    const audits = await q<{ action: string }>(
      `SELECT action FROM audit_log WHERE entity_type = 'tour_definition' AND entity_id = $1 ORDER BY id`,
      [String(d.id)],
    );
    expect(audits.map((a) => a.action)).toEqual([
      'created',
      'step_pricing',
      'step_cancellation-fee',
      'image_added',
      'step_gallery',
      'step_location',
      'step_items',
      'step_description',
      'published',
    ]);
    const status = await call('POST', `${BASE}/${d.id}/status`, {
      status: 'inactive',
      version: d.version + 1,
    });
    expect(detailOf(status).status).toBe('inactive');
  });

  it('refuses to publish with steps missing, listing them', async () => {
    let d = await create();
    d = await step(d, 'pricing', pricing());
    const res = await call('POST', `${BASE}/${d.id}/publish`, { version: d.version });
    expect([res.statusCode, code(res)]).toEqual([422, 1750]);
    expect(res.json().data.steps).toEqual([
      'cancellation-fee',
      'gallery',
      'location',
      'items',
      'description',
    ]);
    expect((await q(`SELECT status FROM tour_definitions WHERE id = $1`, [d.id]))[0]!.status).toBe('draft');
  });

  it('re-checks saved steps on publish: a new age group makes pricing missing', async () => {
    const d = await complete();
    const teen = (
      await q<{ id: number }>(
        `INSERT INTO tour_age_groups (name, min_age, max_age) VALUES ('Infant', 0, 3) RETURNING id`,
      )
    )[0]!.id;
    try {
      const res = await call('POST', `${BASE}/${d.id}/publish`, { version: d.version });
      expect([res.statusCode, code(res)]).toEqual([422, 1750]);
      expect(res.json().data.steps).toEqual(['pricing']);
    } finally {
      await q(`DELETE FROM tour_age_groups WHERE id = $1`, [teen]);
    }
  });

  it('refuses a stale version and bad input, changing nothing', async () => {
    let d = await create();
    d = await step(d, 'cancellation-fee', cancellation);
    const stale = await call('PUT', `${BASE}/${d.id}/steps/cancellation-fee`, {
      step: 'cancellation-fee',
      version: d.version - 1,
      ...cancellation,
      no_show_fee_bp: 0,
    });
    expect([stale.statusCode, code(stale)]).toEqual([409, 1021]);
    expect(stale.json().data.version).toBe(d.version);
    const bad = await call('PUT', `${BASE}/${d.id}/steps/cancellation-fee`, {
      step: 'cancellation-fee',
      version: d.version,
      tiers: [{ hours_before: 24, fee_bp: 5000 }],
      no_show_fee_bp: 10000,
    });
    expect([bad.statusCode, code(bad)]).toEqual([400, 1001]);
    expect(bad.json().data.issues).toEqual([
      expect.objectContaining({ path: 'tiers', message: 'zero_tier_required' }),
    ]);
    const mismatch = await call('PUT', `${BASE}/${d.id}/steps/pricing`, {
      step: 'cancellation-fee',
      version: d.version,
      ...cancellation,
    });
    expect(mismatch.statusCode).toBe(400);
    const after = detailOf(await call('GET', `${BASE}/${d.id}`));
    expect(after.version).toBe(d.version);
    expect(after.tiers).toEqual(d.tiers);
    expect(after.no_show_fee_bp).toBe(10000);
    // A draft refused at create leaves no row.
    const before = await rowCount('tour_definitions');
    const refused = await call('POST', BASE, basicInfo({ capacity: 1, min_participants: 2 }));
    expect(refused.statusCode).toBe(400);
    expect(await rowCount('tour_definitions')).toBe(before);
  });

  it('refuses a taken code, also when two drafts race for it', async () => {
    const d = await create({ code: 'SUNSET' });
    const again = await call('POST', BASE, basicInfo({ code: 'sunset' }));
    expect([again.statusCode, code(again)]).toEqual([409, 1751]);
    const renamed = await call('PUT', `${BASE}/${d.id}/steps/basic-info`, {
      step: 'basic-info',
      version: d.version,
      ...basicInfo({ code: 'SUNSET' }),
    });
    expect(renamed.statusCode).toBe(200);
    const race = await Promise.all(
      Array.from({ length: 6 }, () => call('POST', BASE, basicInfo({ code: 'RACE-1' }))),
    );
    expect(race.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409, 409, 409]);
    expect(race.filter((r) => r.statusCode === 409).every((r) => code(r) === 1751)).toBe(true);
  });

  it('serialises step writes on the version: of two parallel saves one wins', async () => {
    const d = await create();
    const both = await Promise.all(
      [0, 5000].map((fee) =>
        call('PUT', `${BASE}/${d.id}/steps/cancellation-fee`, {
          step: 'cancellation-fee',
          version: d.version,
          ...cancellation,
          no_show_fee_bp: fee + 5000,
        }),
      ),
    );
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
  });

  it('refuses overlapping seasons through the database rule', async () => {
    const d = await create();
    const p = pricing();
    const res = await call('PUT', `${BASE}/${d.id}/steps/pricing`, {
      step: 'pricing',
      version: d.version,
      ...p,
      seasons: [
        p.seasons[0],
        { ...p.seasons[0], name: 'Late summer', first_day: '2027-08-31', last_day: '2027-09-15' },
      ],
    });
    expect([res.statusCode, code(res)]).toEqual([409, 1754]);
    expect(await rowCount('tour_definition_seasons WHERE definition_id = $1', [d.id])).toBe(0);
  });

  it('checks what the steps name: rental equipment, places of this location, published terms, every age group', async () => {
    const d = await create();
    const sale = await call('PUT', `${BASE}/${d.id}/steps/items`, {
      step: 'items',
      version: d.version,
      items: [{ product_id: ids.bottle, per: 'booking', age_group_id: null, units: 1, per_count: 1 }],
    });
    expect([sale.statusCode, code(sale)]).toEqual([422, 1757]);
    expect(sale.json().data.product_ids).toEqual([ids.bottle]);
    const farPlace = await call('PUT', `${BASE}/${d.id}/steps/location`, {
      step: 'location',
      version: d.version,
      meeting_point_id: ids.otherMeeting,
      site_id: null,
    });
    expect(farPlace.statusCode).toBe(400);
    const wrongKind = await call('PUT', `${BASE}/${d.id}/steps/location`, {
      step: 'location',
      version: d.version,
      meeting_point_id: ids.site,
      site_id: null,
    });
    expect(wrongKind.json().data.issues[0].path).toBe('meeting_point_id');
    const draftTerms = await call('PUT', `${BASE}/${d.id}/steps/description`, {
      step: 'description',
      version: d.version,
      ...description(),
      terms_id: ids.draftTerms,
    });
    expect(draftTerms.json().data.issues.map((i: { path: string }) => i.path)).toEqual(['terms_id']);
    const waiverAsTerms = await call('PUT', `${BASE}/${d.id}/steps/description`, {
      step: 'description',
      version: d.version,
      ...description(),
      terms_id: ids.waiver,
    });
    expect(waiverAsTerms.statusCode).toBe(400);
    const p = pricing();
    const onePrice = await call('PUT', `${BASE}/${d.id}/steps/pricing`, {
      step: 'pricing',
      version: d.version,
      ...p,
      prices: p.prices.slice(0, 1),
      seasons: [],
    });
    expect(onePrice.json().data.issues).toEqual([
      expect.objectContaining({ path: 'prices', message: 'age_group_missing' }),
    ]);
    expect(detailOf(await call('GET', `${BASE}/${d.id}`)).version).toBe(d.version);
  });

  it('keeps definitions to their location', async () => {
    const d = await create();
    expect((await call('GET', `${BASE}/${d.id}`, undefined, elsewhere)).statusCode).toBe(404);
    const put = await call(
      'PUT',
      `${BASE}/${d.id}/steps/cancellation-fee`,
      { step: 'cancellation-fee', version: d.version, ...cancellation },
      elsewhere,
    );
    expect(put.statusCode).toBe(404);
    expect((await upload(d.id, 'a.png', await png(10, 10), 'image/png', elsewhere)).statusCode).toBe(404);
    const list = await call('GET', `${BASE}?page_size=200`, undefined, elsewhere);
    expect(list.json().data.rows.some((r: TourDefinitionRow) => r.id === d.id)).toBe(false);
    // A viewer reads but does not write.
    expect((await call('GET', `${BASE}/${d.id}`, undefined, viewer)).statusCode).toBe(200);
    expect((await call('POST', BASE, basicInfo(), viewer)).statusCode).toBe(403);
  });

  it('deletes drafts without events only', async () => {
    const draft = await create();
    const up = await upload(draft.id, 'a.png', await png(20, 20));
    const image = detailOf(up).images[0]!;
    const files = [image.url, image.thumb_url].map((u) => join(imagesDir, u.split('/').pop()!));
    expect(files.map((f) => existsSync(f))).toEqual([true, true]);
    const stale = await call('DELETE', `${BASE}/${draft.id}?version=1`);
    expect(code(stale)).toBe(1021);
    expect(files.map((f) => existsSync(f))).toEqual([true, true]);
    const gone = await call('DELETE', `${BASE}/${draft.id}?version=${detailOf(up).version}`);
    expect(gone.statusCode, gone.body).toBe(200);
    expect(files.map((f) => existsSync(f))).toEqual([false, false]);
    // The audit keeps what was deleted: every step's data and the image names.
    const [deleted] = await q<{ data: { old: TourDefinitionDetail } }>(
      `SELECT data FROM audit_log WHERE entity_type = 'tour_definition' AND entity_id = $1 AND action = 'deleted'`,
      [String(draft.id)],
    );
    expect(deleted!.data.old).toMatchObject({
      code: draft.code,
      name: draft.name,
      capacity: 12,
      images: [expect.objectContaining({ id: image.id, url: image.url })],
    });
    const withEvent = await create();
    await q(
      `INSERT INTO tour_events (definition_id, location_id, starts_at, ends_at, capacity, min_participants)
       VALUES ($1, $2, now() + interval '1 day', now() + interval '1 day 2 hours', 10, 1)`,
      [withEvent.id, loc],
    );
    const refused = await call('DELETE', `${BASE}/${withEvent.id}?version=${withEvent.version}`);
    expect([refused.statusCode, code(refused)]).toEqual([409, 1753]);
    const active = await complete();
    const pub = detailOf(await call('POST', `${BASE}/${active.id}/publish`, { version: active.version }));
    expect(code(await call('DELETE', `${BASE}/${active.id}?version=${pub.version}`))).toBe(1753);
  });

  it('fixes the code once published (the seat product is named after it), other fields stay editable', async () => {
    const d = await complete();
    const pub = detailOf(await call('POST', `${BASE}/${d.id}/publish`, { version: d.version }));
    const renamed = await call('PUT', `${BASE}/${d.id}/steps/basic-info`, {
      step: 'basic-info',
      version: pub.version,
      ...basicInfo({ code: `${pub.code}-X` }),
    });
    expect([renamed.statusCode, code(renamed)]).toEqual([400, 1001]);
    expect(renamed.json().data.issues).toEqual([
      expect.objectContaining({ path: 'code', message: 'code_locked' }),
    ]);
    const recased = await call('PUT', `${BASE}/${d.id}/steps/basic-info`, {
      step: 'basic-info',
      version: pub.version,
      ...basicInfo({ code: pub.code.toLowerCase() }),
    });
    expect(recased.statusCode).toBe(400);
    const kept = await call('PUT', `${BASE}/${d.id}/steps/basic-info`, {
      step: 'basic-info',
      version: pub.version,
      ...basicInfo({ code: pub.code, name: 'Renamed tour' }),
    });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(detailOf(kept)).toMatchObject({ code: pub.code, name: 'Renamed tour' });
  });

  it('publishes again after an age group is deactivated, leaving that group’s prices and equipment out', async () => {
    const d = await complete();
    const pub = detailOf(await call('POST', `${BASE}/${d.id}/publish`, { version: d.version }));
    const off = detailOf(
      await call('POST', `${BASE}/${d.id}/status`, { status: 'inactive', version: pub.version }),
    );
    // Adults: a price, a season price and the kayak (one per two adults).
    await q(`UPDATE tour_age_groups SET active = false WHERE id = $1`, [ids.adult]);
    try {
      const on = await call('POST', `${BASE}/${d.id}/status`, { status: 'active', version: off.version });
      expect(on.statusCode, on.body).toBe(200);
      const detail = detailOf(on);
      expect(detail.status).toBe('active');
      expect(detail.prices.map((p) => p.age_group_id)).toEqual([ids.child]);
      expect(detail.seasons[0]!.prices.map((p) => p.age_group_id)).toEqual([ids.child]);
      expect(detail.items.map((i) => i.product_id)).toEqual([ids.vest]);
    } finally {
      await q(`UPDATE tour_age_groups SET active = true WHERE id = $1`, [ids.adult]);
    }
  });

  it('keeps the last image of a published tour', async () => {
    const d = await complete();
    const pub = detailOf(await call('POST', `${BASE}/${d.id}/publish`, { version: d.version }));
    const [only] = pub.images;
    const res = await call('DELETE', `${BASE}/${d.id}/images/${only!.id}?version=${pub.version}`);
    expect([res.statusCode, code(res)]).toEqual([422, 1750]);
    expect(res.json().data.steps).toEqual(['gallery']);
    expect(await rowCount('tour_definition_images WHERE definition_id = $1', [d.id])).toBe(1);
  });

  it('lists with search, group, status, the next event and paging', async () => {
    const d = await create({ name: 'Crème Brûlée Walk', code: 'CREME', group_id: null });
    await q(
      `INSERT INTO tour_events (definition_id, location_id, starts_at, ends_at, capacity, min_participants)
       VALUES ($1, $2, now() + interval '3 days', now() + interval '3 days 2 hours', 10, 1),
              ($1, $2, now() - interval '3 days', now() - interval '3 days' + interval '2 hours', 10, 1)`,
      [d.id, loc],
    );
    const found = await call('GET', `${BASE}?search=creme%20brul`);
    expect(found.statusCode, found.body).toBe(200);
    const rowsFound = found.json<{ data: { rows: TourDefinitionRow[] } }>().data.rows;
    expect(rowsFound.map((r) => r.code)).toEqual(['CREME']);
    expect(new Date(rowsFound[0]!.next_event_at!).getTime()).toBeGreaterThan(Date.now());
    const drafts = await call(
      'GET',
      `${BASE}?status=draft&group_id=${ids.group}&sort=code&sort_type=desc&page_size=2`,
    );
    const page = drafts.json<{ data: { rows: TourDefinitionRow[]; total: number } }>().data;
    expect(page.rows).toHaveLength(2);
    expect(page.total).toBeGreaterThan(2);
    expect(page.rows.every((r) => r.status === 'draft' && r.group?.name === 'Kayak')).toBe(true);
    expect(page.rows[0]!.code > page.rows[1]!.code).toBe(true);
    expect((await call('GET', `${BASE}?status=nope`)).statusCode).toBe(400);
  });
});

describe('tour gallery', () => {
  it('accepts a PNG by its bytes whatever its name, resizes it and makes a thumbnail', async () => {
    const d = await create();
    const res = await upload(d.id, 'photo.jpg', await png(2400, 1200), 'image/jpeg');
    expect(res.statusCode, res.body).toBe(201);
    const [image] = detailOf(res).images;
    expect(image).toMatchObject({ width: 1600, height: 800, is_cover: true, position: 0 });
    const big = await app.inject({ method: 'GET', url: image!.url });
    expect(big.statusCode).toBe(200);
    expect(big.headers['content-type']).toBe('image/webp');
    expect(big.headers['cache-control']).toContain('immutable');
    const meta = await sharp(big.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 1600, 800]);
    const thumb = await sharp(
      (await app.inject({ method: 'GET', url: image!.thumb_url })).rawPayload,
    ).metadata();
    expect(Math.max(thumb.width!, thumb.height!)).toBeLessThanOrEqual(400);
    expect(thumb.width).toBe(400);
    // Names are random hex only: anything else is not served.
    expect(
      (await app.inject({ method: 'GET', url: '/api/nine/tour-images/..%2Fsecret.webp' })).statusCode,
    ).toBe(400);
  });

  it('refuses a text file (415) and a file over the location limit (413)', async () => {
    const d = await create();
    const text = await upload(d.id, 'notes.png', Buffer.from('just some text, not a picture'));
    expect([text.statusCode, code(text)]).toEqual([415, 1307]);
    await q(`INSERT INTO tour_settings (location_id, gallery_max_bytes) VALUES ($1, 10240)`, [loc]);
    try {
      const noisy = await sharp(randomBytes(200 * 200 * 3), {
        raw: { width: 200, height: 200, channels: 3 },
      })
        .png()
        .toBuffer();
      expect(noisy.length).toBeGreaterThan(10240);
      const big = await upload(d.id, 'big.png', noisy);
      expect([big.statusCode, code(big)]).toEqual([413, 1755]);
      expect(big.json().data.max_bytes).toBe(10240);
    } finally {
      await q(`DELETE FROM tour_settings WHERE location_id = $1`, [loc]);
    }
    expect(await rowCount('tour_definition_images WHERE definition_id = $1', [d.id])).toBe(0);
  });

  it('holds at most 20 images', async () => {
    const d = await create();
    await q(
      `INSERT INTO tour_definition_images (definition_id, stored_name, thumb_name, content_type, width, height, size_bytes, position, is_cover)
       SELECT $1::int, 'fake-' || n || '-' || $1, 'fake-t-' || n || '-' || $1, 'image/webp', 10, 10, 10, n, n = 0 FROM generate_series(0, 19) n`,
      [d.id],
    );
    const res = await upload(d.id, 'a.png', await png(10, 10));
    expect([res.statusCode, code(res)]).toEqual([422, 1756]);
    // The count is checked before the file is read or decoded: a full gallery refuses even a text file so.
    const text = await upload(d.id, 'notes.png', Buffer.from('just some text, not a picture'));
    expect([text.statusCode, code(text)]).toEqual([422, 1756]);
    expect(await rowCount('tour_definition_images WHERE definition_id = $1', [d.id])).toBe(20);
  });

  it('takes exactly one of three parallel uploads into the last free place', async () => {
    const d = await create();
    await q(
      `INSERT INTO tour_definition_images (definition_id, stored_name, thumb_name, content_type, width, height, size_bytes, position, is_cover)
       SELECT $1::int, 'par-' || n || '-' || $1, 'par-t-' || n || '-' || $1, 'image/webp', 10, 10, 10, n, n = 0 FROM generate_series(0, 18) n`,
      [d.id],
    );
    const before = new Set(listImages());
    const picture = await png(30, 20);
    const all = await Promise.all([0, 1, 2].map(() => upload(d.id, 'a.png', picture)));
    expect(all.map((r) => r.statusCode).sort()).toEqual([201, 422, 422]);
    expect(all.filter((r) => r.statusCode === 422).every((r) => code(r) === 1756)).toBe(true);
    expect(await rowCount('tour_definition_images WHERE definition_id = $1', [d.id])).toBe(20);
    // Only the accepted image's two files stay.
    expect(listImages().filter((f) => !before.has(f))).toHaveLength(2);
  });

  it('removes the first file when writing the thumbnail fails', async () => {
    const d = await create();
    const before = new Set(listImages());
    fsFault.failThumb = true;
    try {
      const res = await upload(d.id, 'a.png', await png(30, 20));
      expect(res.statusCode).toBe(500);
    } finally {
      fsFault.failThumb = false;
    }
    expect(listImages().filter((f) => !before.has(f))).toEqual([]);
    expect(await rowCount('tour_definition_images WHERE definition_id = $1', [d.id])).toBe(0);
  });

  it('rewrites order, cover and alt texts in one versioned save, and removes files on delete', async () => {
    let d = await create();
    for (const size of [10, 20, 30]) d = detailOf(await upload(d.id, `${size}.png`, await png(size, size)));
    const [a, b, c] = d.images;
    const stale = await call('PUT', `${BASE}/${d.id}/images`, {
      version: d.version - 1,
      order: [c!.id, a!.id, b!.id],
      cover_id: c!.id,
    });
    expect(code(stale)).toBe(1021);
    const partial = await call('PUT', `${BASE}/${d.id}/images`, {
      version: d.version,
      order: [c!.id],
      cover_id: c!.id,
    });
    expect(partial.statusCode).toBe(400);
    const res = await call('PUT', `${BASE}/${d.id}/images`, {
      version: d.version,
      order: [c!.id, a!.id, b!.id],
      cover_id: c!.id,
      alts: { [c!.id]: 'Kayaks at sunset' },
    });
    expect(res.statusCode, res.body).toBe(200);
    d = detailOf(res);
    expect(d.images.map((i) => [i.id, i.position, i.is_cover, i.alt])).toEqual([
      [c!.id, 0, true, 'Kayaks at sunset'],
      [a!.id, 1, false, null],
      [b!.id, 2, false, null],
    ]);
    const files = [c!.url, c!.thumb_url].map((u) => join(imagesDir, u.split('/').pop()!));
    expect(files.every((f) => existsSync(f))).toBe(true);
    // The version shown is required: a stale one keeps the image and its files.
    const staleDel = await call('DELETE', `${BASE}/${d.id}/images/${c!.id}?version=${d.version - 1}`);
    expect([staleDel.statusCode, code(staleDel)]).toEqual([409, 1021]);
    expect(files.every((f) => existsSync(f))).toBe(true);
    expect(await rowCount('tour_definition_images WHERE id = $1', [c!.id])).toBe(1);
    expect((await call('DELETE', `${BASE}/${d.id}/images/${c!.id}`)).statusCode).toBe(400);
    const del = await call('DELETE', `${BASE}/${d.id}/images/${c!.id}?version=${d.version}`);
    expect(del.statusCode, del.body).toBe(200);
    // The cover passes to the first image left, positions close up.
    expect(detailOf(del).images.map((i) => [i.id, i.position, i.is_cover])).toEqual([
      [a!.id, 0, true],
      [b!.id, 1, false],
    ]);
    expect(files.some((f) => existsSync(f))).toBe(false);
    const again = await call('DELETE', `${BASE}/${d.id}/images/${c!.id}?version=${detailOf(del).version}`);
    expect(again.statusCode).toBe(404);
    // The arrangement's audit keeps the alt texts it replaced.
    const arranged = await call('PUT', `${BASE}/${d.id}/images`, {
      version: detailOf(del).version,
      order: [a!.id, b!.id],
      cover_id: a!.id,
      alts: { [a!.id]: 'Paddles' },
    });
    expect(arranged.statusCode, arranged.body).toBe(200);
    const second = await call('PUT', `${BASE}/${d.id}/images`, {
      version: detailOf(arranged).version,
      order: [b!.id, a!.id],
      cover_id: b!.id,
      alts: { [a!.id]: '' },
    });
    expect(second.statusCode, second.body).toBe(200);
    const [last] = await q<{ data: { old: { alts: Record<string, string> } } }>(
      `SELECT data FROM audit_log WHERE entity_type = 'tour_definition' AND entity_id = $1
       AND action = 'images_arranged' ORDER BY id DESC LIMIT 1`,
      [String(d.id)],
    );
    expect(last!.data.old.alts).toEqual({ [a!.id]: 'Paddles' });
  });

  it('removes the written files when the insert rolls back', async () => {
    const d = await create();
    const before = new Set(existsSync(imagesDir) ? readdirSync(imagesDir) : []);
    await q(
      `INSERT INTO tour_definition_images (definition_id, stored_name, thumb_name, content_type, width, height, size_bytes, position, is_cover)
       SELECT $1::int, 'fill-' || n || '-' || $1, 'fill-t-' || n || '-' || $1, 'image/webp', 10, 10, 10, n, false FROM generate_series(0, 19) n`,
      [d.id],
    );
    const res = await upload(d.id, 'a.png', await png(10, 10));
    expect(code(res)).toBe(1756);
    const after = readdirSync(imagesDir).filter((f) => !before.has(f));
    expect(after).toEqual([]);
  });
});

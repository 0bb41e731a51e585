import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NineApp } from '../src/app.ts';
import type {
  TourAgeGroup,
  TourGroup,
  TourPlace,
  TourSettings,
  TourTerms,
  TourTermVersion,
  TourTermVersions,
} from '@nine/shared/schemas/tours/settings';
import { termsFingerprint } from '../src/modules/tours/tour-terms-body.ts';
import { createLocation, createUser } from './helpers/fixtures.ts';
import { createTestApp, login } from './helpers/test-app.ts';
import { createTestDatabase, type TestDatabase } from './helpers/test-db.ts';

/** Tour settings (issue #19, docs/design/tours.md S1): general, places, groups, age groups, terms. */
let tdb: TestDatabase;
let app: NineApp['app'];
let loc: number;
let other: number;
let admin: Record<string, string>;
let adminOther: Record<string, string>;
let local: Record<string, string>;
let guide: Record<string, string>;

const q = (sql: string, params: unknown[] = []) => tdb.db.pool.query(sql, params);
const count = async (table: string) => Number((await q(`SELECT count(*) AS n FROM ${table}`)).rows[0].n);
const code = (res: { json: () => unknown }) => (res.json() as { resp_code: number }).resp_code;
type Method = 'GET' | 'PUT' | 'POST' | 'PATCH' | 'DELETE';
const call = (method: Method, url: string, payload?: object, headers = admin) =>
  app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
const data = <T>(res: { json: () => unknown }) => (res.json() as { data: T }).data;

const doc = (text: string) => ({
  type: 'doc',
  content: [{ type: 'paragraph', content: [{ type: 'text', text }] }],
});

beforeAll(async () => {
  tdb = await createTestDatabase();
  loc = await createLocation(tdb.db, 'Harbour');
  other = await createLocation(tdb.db, 'Lakeside');
  await q(`UPDATE locations SET time_zone = 'Europe/Madrid' WHERE id = $1`, [loc]);
  await createUser(tdb.db, {
    email: 'ts-admin@nine.test',
    locations: [loc, other],
    grants: [{ resource: 'tour', action: 'manage' }],
  });
  await createUser(tdb.db, {
    email: 'ts-local@nine.test',
    locations: [loc],
    grants: [{ resource: 'tour', action: 'manage' }],
  });
  await createUser(tdb.db, {
    email: 'ts-guide@nine.test',
    locations: [loc],
    grants: [{ resource: 'tour', action: 'view' }],
  });
  ({ app } = await createTestApp(tdb.db));
  const token = await login(app, 'ts-admin@nine.test');
  admin = { authorization: `Bearer ${token}`, 'location-id': String(loc) };
  adminOther = { authorization: `Bearer ${token}`, 'location-id': String(other) };
  local = { authorization: `Bearer ${await login(app, 'ts-local@nine.test')}`, 'location-id': String(loc) };
  guide = { authorization: `Bearer ${await login(app, 'ts-guide@nine.test')}`, 'location-id': String(loc) };
});
afterAll(async () => {
  await app.close();
  await tdb.drop();
});

async function definition(values: Record<string, unknown> = {}): Promise<number> {
  const cols = Object.keys(values);
  const res = await q(
    `INSERT INTO tour_definitions (location_id, code, name${cols.map((c) => `, ${c}`).join('')})
     VALUES ($1, 'T' || floor(random() * 1e8)::text, 'Fixture'${cols.map((_, i) => `, $${i + 2}`).join('')}) RETURNING id`,
    [loc, ...Object.values(values)],
  );
  return res.rows[0].id;
}

describe('general settings', () => {
  const form = {
    booking_cutoff_minutes: 120,
    default_capacity: 10,
    default_min_participants: 2,
    below_minimum_action: 'cancel',
    below_minimum_hours: 12,
    checkin_opens_minutes: 30,
    checkin_closes_minutes: -10,
    gallery_max_mb: 8,
  };

  it('answers the defaults as version 1 with the location time zone, and creates the row on the first save', async () => {
    const res = await call('GET', '/api/nine/tours/settings', undefined, guide);
    expect(res.statusCode).toBe(200);
    expect(data<TourSettings>(res)).toEqual({
      location_id: loc,
      time_zone: 'Europe/Madrid',
      booking_cutoff_minutes: 60,
      default_capacity: 12,
      default_min_participants: 1,
      below_minimum_action: 'notify',
      below_minimum_hours: 24,
      checkin_opens_minutes: 60,
      checkin_closes_minutes: 15,
      gallery_max_bytes: 5_242_880,
      gallery_max_mb: 5,
      participant_required_fields: ['birth_date', 'emergency_contact'],
      rent_terms_id: null,
      version: 1,
      business_wide_editable: false,
    });
    expect(await count('tour_settings')).toBe(0);
    // The answered defaults are the table's own.
    await q('INSERT INTO tour_settings (location_id) VALUES ($1)', [other]);
    const created = data<TourSettings>(await call('GET', '/api/nine/tours/settings', undefined, adminOther));
    expect({
      ...created,
      location_id: loc,
      time_zone: 'Europe/Madrid',
      business_wide_editable: false,
    }).toEqual(data(res));
    // Groups, age groups and terms are business-wide: only a manager at every location may change them.
    expect(created.business_wide_editable).toBe(true);
    const mine = data<TourSettings>(await call('GET', '/api/nine/tours/settings', undefined, local));
    expect(mine.business_wide_editable).toBe(false);
    await q('DELETE FROM tour_settings');

    const revision = Number(res.headers['x-settings-revision']);
    const saved = await call('PUT', '/api/nine/tours/settings', { ...form, version: 1 });
    expect(saved.statusCode).toBe(200);
    expect(data<TourSettings>(saved)).toMatchObject({
      ...form,
      gallery_max_bytes: 8 * 1024 * 1024,
      version: 2,
    });
    const after = await call('GET', '/api/nine/tours/settings', undefined, guide);
    expect(Number(after.headers['x-settings-revision'])).toBeGreaterThan(revision);
    const audits = await q(`SELECT data FROM audit_log WHERE entity_id = $1`, [`tour_settings:${loc}`]);
    expect(audits.rows[0].data.new).toMatchObject({
      below_minimum_action: 'cancel',
      booking_cutoff_minutes: 120,
    });
  });

  it('refuses a stale version, bad input and a caller without manage, changing nothing', async () => {
    const stale = await call('PUT', '/api/nine/tours/settings', { ...form, version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().data).toEqual({ version: 2 });
    const bad = await call('PUT', '/api/nine/tours/settings', {
      ...form,
      default_min_participants: 11,
      gallery_max_mb: 26,
      version: 2,
    });
    expect(bad.statusCode).toBe(400);
    expect(
      bad
        .json()
        .data.issues.map((i: { path: string }) => i.path)
        .sort(),
    ).toEqual(['default_min_participants', 'gallery_max_mb']);
    expect((await call('PUT', '/api/nine/tours/settings', { ...form, version: 2 }, guide)).statusCode).toBe(
      403,
    );
    const row = (
      await q('SELECT version, default_min_participants FROM tour_settings WHERE location_id = $1', [loc])
    ).rows[0];
    expect(row).toEqual({ version: 2, default_min_participants: 2 });
  });

  it('refuses a check-in window that closes before it opens, in the schema and the table', async () => {
    for (const closes of [30, 45]) {
      const bad = await call('PUT', '/api/nine/tours/settings', {
        ...form,
        checkin_opens_minutes: 30,
        checkin_closes_minutes: closes,
        version: 2,
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().data.issues).toEqual([
        expect.objectContaining({ path: 'checkin_closes_minutes', message: 'closes_before_opens' }),
      ]);
    }
    await expect(
      q('UPDATE tour_settings SET checkin_closes_minutes = 90 WHERE location_id = $1', [loc]),
    ).rejects.toThrow(/tour_settings_checkin_window/);
    const row = (await q('SELECT version FROM tour_settings WHERE location_id = $1', [loc])).rows[0];
    expect(row).toEqual({ version: 2 });
  });

  it('lets one of two saves at the same version win; the other is told it is stale', async () => {
    const [a, b] = await Promise.all([
      call('PUT', '/api/nine/tours/settings', { ...form, booking_cutoff_minutes: 90, version: 2 }),
      call('PUT', '/api/nine/tours/settings', { ...form, booking_cutoff_minutes: 45, version: 2 }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const won = data<TourSettings>(a.statusCode === 200 ? a : b);
    const row = (
      await q('SELECT version, booking_cutoff_minutes FROM tour_settings WHERE location_id = $1', [loc])
    ).rows[0];
    expect(row).toEqual({ version: 3, booking_cutoff_minutes: won.booking_cutoff_minutes });
  });

  it('keeps each location its own', async () => {
    const there = data<TourSettings>(await call('GET', '/api/nine/tours/settings', undefined, adminOther));
    expect(there).toMatchObject({ location_id: other, booking_cutoff_minutes: 60, version: 1 });
  });
});

describe('meeting points and sites', () => {
  const pier = {
    kind: 'meeting_point',
    name: 'North pier',
    address: '1 Quay',
    latitude: 41.38,
    longitude: 2.18,
    instructions: 'By the blue kiosk',
    active: true,
  };
  let pierId: number;

  it('creates, lists by kind and refuses a taken name of the same kind', async () => {
    const res = await call('POST', '/api/nine/tours/places', pier);
    expect(res.statusCode).toBe(201);
    const place = data<TourPlace>(res);
    expect(place).toMatchObject({ ...pier, location_id: loc, in_use: false, version: 1 });
    pierId = place.id;
    const taken = await call('POST', '/api/nine/tours/places', { ...pier, latitude: null, longitude: null });
    expect(taken.statusCode).toBe(409);
    expect(code(taken)).toBe(1730);
    const site = await call('POST', '/api/nine/tours/places', { ...pier, kind: 'site', address: '' });
    expect(site.statusCode).toBe(201);
    expect(data<TourPlace>(site).address).toBeNull();
    const list = data<{ rows: TourPlace[] }>(
      await call('GET', '/api/nine/tours/places?kind=site', undefined, guide),
    );
    expect(list.rows.map((r) => r.kind)).toEqual(['site']);
    // The same name is free at another location.
    expect((await call('POST', '/api/nine/tours/places', pier, adminOther)).statusCode).toBe(201);
  });

  it('refuses half a position and out-of-range values, changing nothing', async () => {
    const before = await count('tour_places');
    const bad = await call('POST', '/api/nine/tours/places', {
      ...pier,
      name: 'X',
      latitude: 95,
      longitude: null,
    });
    expect(bad.statusCode).toBe(400);
    const paths = bad.json().data.issues.map((i: { path: string }) => i.path);
    expect(paths).toContain('latitude');
    expect(await count('tour_places')).toBe(before);
  });

  it('edits at its version; another location sees it as not found', async () => {
    const edit = await call('PATCH', `/api/nine/tours/places/${pierId}`, {
      ...pier,
      name: 'North pier B',
      version: 1,
    });
    expect(edit.statusCode).toBe(200);
    expect(data<TourPlace>(edit)).toMatchObject({ name: 'North pier B', latitude: 41.38, version: 2 });
    const stale = await call('PATCH', `/api/nine/tours/places/${pierId}`, { ...pier, version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(code(stale)).toBe(1021);
    const foreign = await call(
      'PATCH',
      `/api/nine/tours/places/${pierId}`,
      { ...pier, version: 2 },
      adminOther,
    );
    expect(foreign.statusCode).toBe(404);
    expect(
      (await call('DELETE', `/api/nine/tours/places/${pierId}?version=2`, undefined, adminOther)).statusCode,
    ).toBe(404);
    const there = data<{ rows: TourPlace[] }>(
      await call('GET', '/api/nine/tours/places', undefined, adminOther),
    );
    expect(there.rows.map((r) => r.id)).not.toContain(pierId);
  });

  it('keeps a place in use (deactivate allowed) and deletes an unused one at its version', async () => {
    const defId = await definition({ meeting_point_id: pierId });
    const refused = await call('DELETE', `/api/nine/tours/places/${pierId}?version=2`);
    expect(refused.statusCode).toBe(409);
    expect(code(refused)).toBe(1731);
    const off = await call('PATCH', `/api/nine/tours/places/${pierId}`, {
      ...pier,
      name: 'North pier B',
      active: false,
      version: 2,
    });
    expect(data<TourPlace>(off)).toMatchObject({ active: false, in_use: true, version: 3 });
    await q('UPDATE tour_definitions SET meeting_point_id = NULL WHERE id = $1', [defId]);
    expect((await call('DELETE', `/api/nine/tours/places/${pierId}?version=2`)).statusCode).toBe(409);
    const gone = await call('DELETE', `/api/nine/tours/places/${pierId}?version=3`);
    expect(gone.statusCode).toBe(200);
    expect((await q('SELECT 1 FROM tour_places WHERE id = $1', [pierId])).rowCount).toBe(0);
  });
  it('audits only the coordinate that moved, compared as a number', async () => {
    const spot = { ...pier, name: 'Audit pier', latitude: 41.3, longitude: 2.1 };
    const { id } = data<TourPlace>(await call('POST', '/api/nine/tours/places', spot));
    const moved = await call('PATCH', `/api/nine/tours/places/${id}`, {
      ...spot,
      latitude: 41.385,
      version: 1,
    });
    expect(data<TourPlace>(moved)).toMatchObject({ latitude: 41.385, longitude: 2.1, version: 2 });
    const renamed = await call('PATCH', `/api/nine/tours/places/${id}`, {
      ...spot,
      name: 'Audit pier B',
      latitude: 41.385,
      version: 2,
    });
    expect(renamed.statusCode).toBe(200);
    const audits = await q(
      `SELECT data FROM audit_log WHERE entity_id = $1 AND action = 'updated' ORDER BY id`,
      [`tour_places:${id}`],
    );
    expect(audits.rows.map((r) => Object.keys(r.data.new).sort())).toEqual([['latitude'], ['name']]);
  });
});

describe('groups', () => {
  const kayak = { name: 'Kayak', color: 'teal', sort_order: 1, active: true };
  let kayakId: number;

  it('creates and refuses a name taken in any case', async () => {
    const res = await call('POST', '/api/nine/tours/groups', kayak);
    expect(res.statusCode).toBe(201);
    kayakId = data<TourGroup>(res).id;
    const taken = await call('POST', '/api/nine/tours/groups', { ...kayak, name: 'KAYAK' });
    expect(taken.statusCode).toBe(409);
    expect(code(taken)).toBe(1732);
    const bad = await call('POST', '/api/nine/tours/groups', { ...kayak, name: 'Bike', color: 'mauve' });
    expect(bad.statusCode).toBe(400);
    expect(await count('tour_groups')).toBe(1);
  });

  it('is business-wide: a one-location manager is refused, nothing changes', async () => {
    const res = await call(
      'PATCH',
      `/api/nine/tours/groups/${kayakId}`,
      { ...kayak, name: 'Sea', version: 1 },
      local,
    );
    expect(res.statusCode).toBe(403);
    expect(res.json().data).toEqual({ reason: 'business_wide_only' });
    expect((await call('GET', '/api/nine/tours/groups', undefined, local)).statusCode).toBe(200);
    expect((await q('SELECT name FROM tour_groups WHERE id = $1', [kayakId])).rows[0].name).toBe('Kayak');
  });

  it('edits at its version and keeps a group in use', async () => {
    const edit = await call('PATCH', `/api/nine/tours/groups/${kayakId}`, {
      ...kayak,
      color: 'blue',
      version: 1,
    });
    expect(data<TourGroup>(edit)).toMatchObject({ color: 'blue', version: 2 });
    expect(
      (await call('PATCH', `/api/nine/tours/groups/${kayakId}`, { ...kayak, version: 1 })).statusCode,
    ).toBe(409);
    await definition({ group_id: kayakId });
    const refused = await call('DELETE', `/api/nine/tours/groups/${kayakId}?version=2`);
    expect(code(refused)).toBe(1733);
    const spare = data<TourGroup>(await call('POST', '/api/nine/tours/groups', { ...kayak, name: 'Spare' }));
    expect((await call('DELETE', `/api/nine/tours/groups/${spare.id}?version=1`)).statusCode).toBe(200);
  });
});

describe('age groups', () => {
  const adult = {
    name: 'Adult',
    min_age: 18,
    max_age: null,
    price_rule: 'base',
    price_value: null,
    guardian_required: false,
    sort_order: 1,
    active: true,
  };
  let adultId: number;
  let childId: number;

  it('creates groups that do not overlap and refuses one that does', async () => {
    const res = await call('POST', '/api/nine/tours/age-groups', adult);
    expect(res.statusCode).toBe(201);
    adultId = data<TourAgeGroup>(res).id;
    const child = await call('POST', '/api/nine/tours/age-groups', {
      ...adult,
      name: 'Child',
      min_age: 4,
      max_age: 11,
      price_rule: 'percent',
      price_value: 5000,
      guardian_required: true,
    });
    expect(data<TourAgeGroup>(child)).toMatchObject({
      price_rule: 'percent',
      price_value: 5000,
      max_age: 11,
    });
    childId = data<TourAgeGroup>(child).id;
    const overlap = await call('POST', '/api/nine/tours/age-groups', {
      ...adult,
      name: 'Senior',
      min_age: 65,
    });
    expect(overlap.statusCode).toBe(409);
    expect(code(overlap)).toBe(1736);
    // An inactive group may share ages (a birth date maps to one active group).
    const inactive = await call('POST', '/api/nine/tours/age-groups', {
      ...adult,
      name: 'Senior',
      min_age: 65,
      active: false,
    });
    expect(inactive.statusCode).toBe(201);
    // Turning it on again would overlap Adult: refused, it stays off.
    const senior = data<TourAgeGroup>(inactive);
    const reactivated = await call('PATCH', `/api/nine/tours/age-groups/${senior.id}`, {
      ...adult,
      name: 'Senior',
      min_age: 65,
      active: true,
      version: 1,
    });
    expect(reactivated.statusCode).toBe(409);
    expect(code(reactivated)).toBe(1736);
    expect(
      (await q('SELECT active, version FROM tour_age_groups WHERE id = $1', [senior.id])).rows[0],
    ).toEqual({
      active: false,
      version: 1,
    });
    const taken = await call('POST', '/api/nine/tours/age-groups', {
      ...adult,
      name: 'adult',
      min_age: 0,
      max_age: 1,
    });
    expect(code(taken)).toBe(1738);
  });

  it('admits one of two overlapping groups created at once (the exclusion decides)', async () => {
    const teen = (name: string, min: number) =>
      call('POST', '/api/nine/tours/age-groups', { ...adult, name, min_age: min, max_age: 17 });
    const [a, b] = await Promise.all([teen('Teen A', 12), teen('Teen B', 13)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409]);
    const loser = a.statusCode === 409 ? a : b;
    expect(code(loser)).toBe(1736);
    const winner = data<TourAgeGroup>(a.statusCode === 201 ? a : b);
    expect((await call('DELETE', `/api/nine/tours/age-groups/${winner.id}?version=1`)).statusCode).toBe(200);
  });

  it('refuses bad input (max below min, a percent without value) and changes nothing', async () => {
    const before = await count('tour_age_groups');
    const bad = await call('POST', '/api/nine/tours/age-groups', {
      ...adult,
      name: 'Teen',
      min_age: 15,
      max_age: 12,
      price_rule: 'percent',
    });
    expect(bad.statusCode).toBe(400);
    expect(
      bad
        .json()
        .data.issues.map((i: { path: string }) => i.path)
        .sort(),
    ).toEqual(['max_age', 'price_value']);
    expect(await count('tour_age_groups')).toBe(before);
  });

  it('refuses deleting a group in use, allows deactivating it, and deletes an unused one', async () => {
    const defId = await definition();
    await q(
      'INSERT INTO tour_definition_prices (definition_id, age_group_id, price_minor) VALUES ($1, $2, 1000)',
      [defId, childId],
    );
    const refused = await call('DELETE', `/api/nine/tours/age-groups/${childId}?version=1`);
    expect(refused.statusCode).toBe(409);
    expect(code(refused)).toBe(1737);
    const off = await call('PATCH', `/api/nine/tours/age-groups/${childId}`, {
      ...adult,
      name: 'Child',
      min_age: 4,
      max_age: 11,
      price_rule: 'percent',
      price_value: 5000,
      active: false,
      version: 1,
    });
    expect(data<TourAgeGroup>(off)).toMatchObject({ active: false, in_use: true, version: 2 });
    expect((await call('DELETE', `/api/nine/tours/age-groups/${adultId}?version=1`)).statusCode).toBe(200);
  });
});

describe('terms and waivers', () => {
  let terms: TourTerms;

  it('creates a document with draft 1 and refuses a taken title', async () => {
    const res = await call('POST', '/api/nine/tours/terms', {
      kind: 'waiver',
      title: 'Activity waiver',
      body: doc('I accept <the risks> & rules'),
    });
    expect(res.statusCode).toBe(201);
    terms = data<TourTerms>(res);
    expect(terms).toMatchObject({ kind: 'waiver', published: null, draft: { number: 1, version: 1 } });
    const taken = await call('POST', '/api/nine/tours/terms', {
      kind: 'terms',
      title: 'Activity waiver',
      body: doc('x'),
    });
    expect(code(taken)).toBe(1735);
    const before = await count('tour_term_versions');
    const bad = await call('POST', '/api/nine/tours/terms', {
      kind: 'terms',
      title: 'Bad',
      body: { type: 'doc', content: [{ type: 'script', content: [{ type: 'text', text: 'x' }] }] },
    });
    expect(bad.statusCode).toBe(400);
    expect(await count('tour_term_versions')).toBe(before);
    expect(await count('tour_terms')).toBe(1);
  });

  it('saves the draft at its version and renders the html on the server', async () => {
    const draftId = terms.draft!.id;
    const saved = await call('PUT', `/api/nine/tours/terms/${terms.id}/draft`, {
      draft_id: draftId,
      version: 1,
      body: doc('I accept <the risks> & rules.'),
    });
    expect(saved.statusCode).toBe(200);
    const version = data<TourTermVersion>(saved);
    expect(version).toMatchObject({ status: 'draft', number: 1, version: 2 });
    expect(version.body_html).toBe('<p>I accept &lt;the risks&gt; &amp; rules.</p>');
    expect(version.body_text).toBe('I accept <the risks> & rules.');
    const stale = await call('PUT', `/api/nine/tours/terms/${terms.id}/draft`, {
      draft_id: draftId,
      version: 1,
      body: doc('lost'),
    });
    expect(code(stale)).toBe(1021);
  });

  it('publishes once: the version is then immutable through the API and in the database', async () => {
    const draftId = terms.draft!.id;
    const empty = await call('PUT', `/api/nine/tours/terms/${terms.id}/draft`, {
      draft_id: draftId,
      version: 2,
      body: { type: 'doc', content: [{ type: 'paragraph' }] },
    });
    expect(empty.statusCode).toBe(200);
    const refusedEmpty = await call('POST', `/api/nine/tours/terms/${terms.id}/publish`, {
      draft_id: draftId,
      version: 3,
    });
    expect(refusedEmpty.statusCode).toBe(400);
    await call('PUT', `/api/nine/tours/terms/${terms.id}/draft`, {
      draft_id: draftId,
      version: 3,
      body: doc('Rules v1'),
    });
    // Two people publish the same draft at once: one wins, the other is told it is published.
    const [a, b] = await Promise.all([
      call('POST', `/api/nine/tours/terms/${terms.id}/publish`, { draft_id: draftId, version: 4 }),
      call('POST', `/api/nine/tours/terms/${terms.id}/publish`, { draft_id: draftId, version: 4 }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    expect([code(a), code(b)]).toContain(1734);
    const published = data<TourTermVersion>(a.statusCode === 200 ? a : b);
    expect(published).toMatchObject({
      status: 'published',
      published_by_name: 'ts-admin',
      body_text: 'Rules v1',
    });
    expect(published.body_sha256).toMatch(/^[0-9a-f]{64}$/);
    // The fingerprint is of the body's canonical JSON (keys sorted), so formatting is part of it.
    const { createHash } = await import('node:crypto');
    expect(published.body_sha256).toBe(
      createHash('sha256')
        .update(
          '{"content":[{"content":[{"text":"Rules v1","type":"text"}],"type":"paragraph"}],"type":"doc"}',
        )
        .digest('hex'),
    );
    expect(published.body_sha256).toBe(termsFingerprint(published.body).toString('hex'));
    // The version keeps the title it was published under.
    expect(published.title).toBe('Activity waiver');
    // Draft saves audit fingerprints and versions, not the bodies.
    const saves = await q(
      `SELECT data FROM audit_log WHERE entity_type = 'tour_terms' AND action = 'draft_saved' ORDER BY id`,
    );
    expect(saves.rows.at(-1)!.data).toEqual({
      number: 1,
      old: { version: 3, body_sha256: expect.stringMatching(/^[0-9a-f]{64}$/) },
      new: { version: 4, body_sha256: published.body_sha256 },
    });
    expect(JSON.stringify(saves.rows)).not.toContain('Rules v1');

    const edit = await call('PUT', `/api/nine/tours/terms/${terms.id}/draft`, {
      draft_id: draftId,
      version: 5,
      body: doc('changed'),
    });
    expect(edit.statusCode).toBe(409);
    expect(code(edit)).toBe(1734);
    await expect(
      q(`UPDATE tour_term_versions SET body_text = 'forged' WHERE id = $1`, [draftId]),
    ).rejects.toThrow(/published terms are immutable/);
    await expect(q('DELETE FROM tour_term_versions WHERE id = $1', [draftId])).rejects.toThrow(/immutable/);
    await expect(q('TRUNCATE tour_term_versions CASCADE')).rejects.toThrow(/immutable/);
    expect(
      (await q('SELECT body_text FROM tour_term_versions WHERE id = $1', [draftId])).rows[0].body_text,
    ).toBe('Rules v1');
  });

  it('starts the next draft from the latest published text, one draft at a time', async () => {
    const [a, b] = await Promise.all([
      call('PUT', `/api/nine/tours/terms/${terms.id}/draft`, { draft_id: null }),
      call('PUT', `/api/nine/tours/terms/${terms.id}/draft`, { draft_id: null }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const next = data<TourTermVersion>(a.statusCode === 200 ? a : b);
    expect(next).toMatchObject({ number: 2, status: 'draft', body_text: 'Rules v1', version: 1 });
    const again = await call('PUT', `/api/nine/tours/terms/${terms.id}/draft`, {
      draft_id: null,
      body: doc('x'),
    });
    expect(code(again)).toBe(1021);
    await expect(
      q(
        `INSERT INTO tour_term_versions (terms_id, number, status, body, body_html, body_text, body_sha256)
         SELECT terms_id, 9, 'draft', body, body_html, body_text, body_sha256 FROM tour_term_versions WHERE id = $1`,
        [next.id],
      ),
    ).rejects.toThrow(/tour_term_versions_one_draft/);

    const history = data<TourTermVersions>(
      await call('GET', `/api/nine/tours/terms/${terms.id}/versions`, undefined, guide),
    );
    expect(history.versions.map((v) => [v.number, v.status])).toEqual([
      [2, 'draft'],
      [1, 'published'],
    ]);
    expect(history.terms).toMatchObject({ published: { number: 1 }, draft: { number: 2 } });
    const one = await call(
      'GET',
      `/api/nine/tours/term-versions/${history.versions[1]!.id}`,
      undefined,
      guide,
    );
    expect(data<TourTermVersion>(one)).toMatchObject({ number: 1, body_html: '<p>Rules v1</p>' });
    const audits = await q(`SELECT action FROM audit_log WHERE entity_type = 'tour_terms' ORDER BY id`);
    expect(audits.rows.map((r) => r.action)).toEqual(
      expect.arrayContaining(['draft_created', 'draft_saved', 'published']),
    );
  });

  it('renames and deactivates the document at its version; a one-location manager is refused', async () => {
    const refused = await call(
      'PATCH',
      `/api/nine/tours/terms/${terms.id}`,
      { title: 'Waiver', active: true, version: 1 },
      local,
    );
    expect(refused.statusCode).toBe(403);
    const res = await call('PATCH', `/api/nine/tours/terms/${terms.id}`, {
      title: 'Waiver',
      active: false,
      version: 1,
    });
    expect(data<TourTerms>(res)).toMatchObject({ title: 'Waiver', active: false, version: 2 });
    const list = data<{ rows: TourTerms[] }>(await call('GET', '/api/nine/tours/terms', undefined, guide));
    expect(list.rows).toHaveLength(1);
    // A renamed document's published versions keep the title they were published under.
    const history = data<TourTermVersions>(await call('GET', `/api/nine/tours/terms/${terms.id}/versions`));
    expect(history.versions.map((v) => v.title)).toEqual([null, 'Activity waiver']);
  });

  it('refuses a hostile body with 400, not a crash: 300k nested arrays, a JaVaScRiPt: link', async () => {
    const before = await count('tour_terms');
    // Written as text: JSON.stringify itself would overflow on it.
    const nested = await app.inject({
      method: 'POST',
      url: '/api/nine/tours/terms',
      headers: { ...admin, 'content-type': 'application/json' },
      payload: `{"kind":"terms","title":"Deep","body":{"type":"doc","content":${'['.repeat(300_000)}${']'.repeat(300_000)}}}`,
    });
    expect(nested.statusCode).toBe(400);
    expect(code(nested)).toBe(1001);
    const link = await call('POST', '/api/nine/tours/terms', {
      kind: 'terms',
      title: 'Link',
      body: {
        type: 'doc',
        content: [
          {
            type: 'paragraph',
            content: [
              { type: 'text', text: 'x', marks: [{ type: 'link', attrs: { href: 'JaVaScRiPt:alert(1)' } }] },
            ],
          },
        ],
      },
    });
    expect(link.statusCode).toBe(400);
    expect(code(link)).toBe(1001);
    expect(await count('tour_terms')).toBe(before);
  });

  it('saves unsaved edits with the publish in one step, both or neither', async () => {
    const created = data<TourTerms>(
      await call('POST', '/api/nine/tours/terms', { kind: 'terms', title: 'Rental terms', body: doc('Old') }),
    );
    const draftId = created.draft!.id;
    const empty = await call('POST', `/api/nine/tours/terms/${created.id}/publish`, {
      draft_id: draftId,
      version: 1,
      body: { type: 'doc', content: [{ type: 'paragraph' }] },
    });
    expect(empty.statusCode).toBe(400);
    // Neither: the empty body was not saved either.
    expect(
      (await q('SELECT body_text, version FROM tour_term_versions WHERE id = $1', [draftId])).rows[0],
    ).toEqual({ body_text: 'Old', version: 1 });
    const res = await call('POST', `/api/nine/tours/terms/${created.id}/publish`, {
      draft_id: draftId,
      version: 1,
      body: doc('New'),
    });
    expect(res.statusCode).toBe(200);
    expect(data<TourTermVersion>(res)).toMatchObject({ status: 'published', body_text: 'New', version: 3 });
  });

  it('keeps a draft save racing its publish coherent: one wins, the other is refused', async () => {
    for (let round = 0; round < 3; round++) {
      const created = data<TourTerms>(
        await call('POST', '/api/nine/tours/terms', {
          kind: 'terms',
          title: `Race ${round}`,
          body: doc('Before'),
        }),
      );
      const draftId = created.draft!.id;
      const [saved, published] = await Promise.all([
        call('PUT', `/api/nine/tours/terms/${created.id}/draft`, {
          draft_id: draftId,
          version: 1,
          body: doc('After'),
        }),
        call('POST', `/api/nine/tours/terms/${created.id}/publish`, { draft_id: draftId, version: 1 }),
      ]);
      expect([saved.statusCode, published.statusCode].sort()).toEqual([200, 409]);
      const row = (
        await q('SELECT status, body_text, version FROM tour_term_versions WHERE id = $1', [draftId])
      ).rows[0];
      if (published.statusCode === 200) {
        // Published first: the save found it published, and what was published is the text it showed.
        expect(code(saved)).toBe(1734);
        expect(row).toEqual({ status: 'published', body_text: 'Before', version: 2 });
      } else {
        // Saved first: the publish was at a stale version, and the draft holds the save.
        expect(code(published)).toBe(1021);
        expect(row).toEqual({ status: 'draft', body_text: 'After', version: 2 });
      }
    }
  });
});

describe('business-wide writes by a one-location manager', () => {
  it('are refused with business_wide_only and change nothing', async () => {
    const group = data<TourGroup>(
      await call('POST', '/api/nine/tours/groups', {
        name: 'Local test',
        color: 'red',
        sort_order: 9,
        active: true,
      }),
    );
    const age = data<TourAgeGroup>(
      await call('POST', '/api/nine/tours/age-groups', {
        name: 'Local age',
        min_age: 120,
        max_age: 121,
        price_rule: 'free',
        price_value: null,
        guardian_required: false,
        sort_order: 9,
        active: true,
      }),
    );
    const terms = data<TourTerms>(
      await call('POST', '/api/nine/tours/terms', { kind: 'terms', title: 'Local terms', body: doc('Text') }),
    );
    const ageBody = {
      name: 'Local age 2',
      min_age: 122,
      max_age: 123,
      price_rule: 'free',
      price_value: null,
      guardian_required: false,
      sort_order: 9,
      active: true,
    };
    const tables = ['tour_groups', 'tour_age_groups', 'tour_terms', 'tour_term_versions', 'audit_log'];
    const counts = async () => Promise.all(tables.map(count));
    const state = async () =>
      (
        await q(
          `SELECT (SELECT json_agg(g ORDER BY id) FROM tour_groups g) AS groups,
                  (SELECT json_agg(a ORDER BY id) FROM tour_age_groups a) AS ages,
                  (SELECT json_agg(v.version ORDER BY id) FROM tour_term_versions v) AS versions`,
        )
      ).rows[0];
    const before = [await counts(), await state()];
    const draftId = terms.draft!.id;
    const attempts: [Method, string, object?][] = [
      ['POST', '/api/nine/tours/groups', { name: 'Nope', color: 'red', sort_order: 1, active: true }],
      ['DELETE', `/api/nine/tours/groups/${group.id}?version=1`],
      ['POST', '/api/nine/tours/age-groups', ageBody],
      ['PATCH', `/api/nine/tours/age-groups/${age.id}`, { ...ageBody, version: 1 }],
      ['DELETE', `/api/nine/tours/age-groups/${age.id}?version=1`],
      ['POST', '/api/nine/tours/terms', { kind: 'terms', title: 'Nope', body: doc('x') }],
      ['PUT', `/api/nine/tours/terms/${terms.id}/draft`, { draft_id: draftId, version: 1, body: doc('y') }],
      ['POST', `/api/nine/tours/terms/${terms.id}/publish`, { draft_id: draftId, version: 1 }],
    ];
    for (const [method, url, body] of attempts) {
      const res = await call(method, url, body, local);
      expect([method, url, res.statusCode, res.json().data]).toEqual([
        method,
        url,
        403,
        { reason: 'business_wide_only' },
      ]);
    }
    expect([await counts(), await state()]).toEqual(before);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NineApp } from '../src/app.ts';
import { resources, type Permission } from '@nine/shared/permissions';
import type { LeaderDetail, LeaderSkill } from '@nine/shared/schemas/tours/leaders';
import { createLocation, createUser } from './helpers/fixtures.ts';
import { createTestApp, login } from './helpers/test-app.ts';
import { createTestDatabase, type TestDatabase } from './helpers/test-db.ts';

/** Tour leaders (issue #19, slice S2): every endpoint, its refusals, races and the hours led per month. */
let tdb: TestDatabase;
let app: NineApp['app'];
let loc: number;
let other: number;
let manager: Record<string, string>;
let guide: Record<string, string>;
let elsewhere: Record<string, string>;
let guideUser: number;
let staffUser: number;
let idleUser: number;
let farUser: number;
let definition: number;
/** The app's clock: the real one unless a test fixes it. */
let clock: Date | null = null;

const everything: Permission[] = resources.map((resource) => ({ resource, action: 'any' }));
const q = (sql: string, params: unknown[] = []) => tdb.db.pool.query(sql, params);
const ZONE = 'Pacific/Auckland';

beforeAll(async () => {
  tdb = await createTestDatabase();
  loc = await createLocation(tdb.db, 'Quay');
  other = await createLocation(tdb.db, 'Ridge');
  // Auckland is 11-13 hours ahead of UTC: a month's first hours there are the previous month in UTC.
  await q(`UPDATE locations SET time_zone = $2 WHERE id = $1`, [loc, ZONE]);
  await createUser(tdb.db, { email: 'ldr-manager@nine.test', locations: [loc], grants: everything });
  guideUser = await createUser(tdb.db, {
    email: 'ldr-guide@nine.test',
    locations: [loc],
    grants: [{ resource: 'tour', action: 'view' }],
  });
  staffUser = await createUser(tdb.db, { email: 'ldr-staff@nine.test', locations: [loc], grants: [] });
  idleUser = await createUser(tdb.db, { email: 'ldr-idle@nine.test', locations: [loc], status: 'inactive' });
  farUser = await createUser(tdb.db, { email: 'ldr-far@nine.test', locations: [other], grants: everything });
  ({ app } = await createTestApp(tdb.db, { now: () => clock ?? new Date() }));
  manager = {
    authorization: `Bearer ${await login(app, 'ldr-manager@nine.test')}`,
    'location-id': String(loc),
  };
  guide = { authorization: `Bearer ${await login(app, 'ldr-guide@nine.test')}`, 'location-id': String(loc) };
  elsewhere = {
    authorization: `Bearer ${await login(app, 'ldr-far@nine.test')}`,
    'location-id': String(other),
  };
  definition = (
    await q(
      `INSERT INTO tour_definitions (location_id, code, name, duration_minutes, capacity) VALUES ($1, 'QW', 'Quay walk', 120, 10) RETURNING id`,
      [loc],
    )
  ).rows[0].id;
});
afterAll(async () => {
  await app.close();
  await tdb.drop();
});

function call(
  method: 'GET' | 'PUT' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  payload?: object,
  headers = manager,
) {
  return app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
}
const code = (res: { json: () => unknown }) => (res.json() as { resp_code: number }).resp_code;
const count = async (table: string) => Number((await q(`SELECT count(*) FROM ${table}`)).rows[0].count);
const audits = async (action: string) =>
  Number(
    (await q(`SELECT count(*) FROM audit_log WHERE entity_type = 'tour_leader' AND action = $1`, [action]))
      .rows[0].count,
  );

async function makeLeader(userId: number): Promise<LeaderDetail> {
  const res = await call('POST', '/api/nine/tours/leaders', { user_id: userId });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ data: LeaderDetail }>().data;
}
/** A departure at the location, led by `leaderId`, by SQL (the events slice's routes are not needed here). */
async function eventFor(leaderId: number, startsAt: string, endsAt: string, status = 'scheduled') {
  const { id } = (
    await q(
      `INSERT INTO tour_events (definition_id, location_id, starts_at, ends_at, capacity, min_participants, status)
       VALUES ($1, $2, $3, $4, 10, 1, $5) RETURNING id`,
      [definition, loc, startsAt, endsAt, status],
    )
  ).rows[0];
  await q(
    `INSERT INTO tour_event_leaders (event_id, leader_id, period, released) VALUES ($1, $2, tstzrange($3, $4, '[)'), $5)`,
    [id, leaderId, startsAt, endsAt, status === 'cancelled'],
  );
  return Number(id);
}

describe('leaders', () => {
  let leader: LeaderDetail;

  it('lists candidates: active staff with a role here who are not leaders', async () => {
    const res = await call('GET', '/api/nine/tours/leader-candidates?search=ldr');
    expect(res.statusCode).toBe(200);
    const ids = res.json().data.rows.map((r: { user_id: number }) => r.user_id);
    expect(ids).toContain(guideUser);
    expect(ids).toContain(staffUser);
    expect(ids).not.toContain(idleUser);
    expect(ids).not.toContain(farUser);
  });

  it('creates a leader from a staff user, once', async () => {
    leader = await makeLeader(guideUser);
    expect(leader).toMatchObject({
      user_id: guideUser,
      name: 'ldr-guide',
      color: 'teal',
      active: true,
      version: 1,
    });
    expect(leader.hours_per_month).toHaveLength(12);
    expect(await audits('created')).toBe(1);
    const again = await call('POST', '/api/nine/tours/leaders', { user_id: guideUser });
    expect([again.statusCode, code(again)]).toEqual([409, 1740]);
    const candidates = await call('GET', '/api/nine/tours/leader-candidates');
    expect(candidates.json().data.rows.map((r: { user_id: number }) => r.user_id)).not.toContain(guideUser);
  });

  it('refuses a user who is not active staff here (422 leaderNotStaff) and bad input (400)', async () => {
    for (const userId of [idleUser, farUser, 999_999]) {
      const res = await call('POST', '/api/nine/tours/leaders', { user_id: userId });
      expect([res.statusCode, code(res)]).toEqual([422, 1741]);
    }
    const before = await count('tour_leaders');
    const bad = await call('POST', '/api/nine/tours/leaders', { user_id: 'x' });
    expect(bad.statusCode).toBe(400);
    expect(await count('tour_leaders')).toBe(before);
  });

  it('lists leaders with search, the active filter, sort and skills expiring', async () => {
    const staffLeader = await makeLeader(staffUser);
    await call('PATCH', `/api/nine/tours/leaders/${staffLeader.id}`, {
      version: 1,
      phone: null,
      bio: null,
      color: 'red',
      active: false,
    });
    const active = await call('GET', '/api/nine/tours/leaders');
    expect(active.statusCode).toBe(200);
    expect(active.json().data.rows.map((r: { id: number }) => r.id)).toEqual([leader.id]);
    const all = await call('GET', '/api/nine/tours/leaders?active=all&sort=name&sort_type=desc');
    expect(all.json().data.rows.map((r: { name: string }) => r.name)).toEqual(['ldr-staff', 'ldr-guide']);
    const inactive = await call('GET', '/api/nine/tours/leaders?active=inactive&search=STAFF');
    expect(inactive.json().data).toMatchObject({ total: 1, rows: [{ id: staffLeader.id, color: 'red' }] });
    const none = await call('GET', '/api/nine/tours/leaders?active=all&search=nobody');
    expect(none.json().data.total).toBe(0);
    const soon = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
    await call('POST', `/api/nine/tours/leaders/${leader.id}/skills`, {
      name: 'First aid',
      expires_on: soon,
    });
    const expiring = await call('GET', '/api/nine/tours/leaders?active=all&expiring_within_days=20');
    expect(expiring.json().data).toMatchObject({
      total: 1,
      rows: [{ id: leader.id, skills: 1, skills_expiring: 1, next_expiry: soon }],
    });
    const later = await call('GET', '/api/nine/tours/leaders?active=all&expiring_within_days=5');
    expect(later.json().data.total).toBe(0);
    const bad = await call('GET', '/api/nine/tours/leaders?active=maybe');
    expect(bad.statusCode).toBe(400);
  });

  it('edits the profile against its version', async () => {
    const res = await call('PATCH', `/api/nine/tours/leaders/${leader.id}`, {
      version: 1,
      phone: '+64 21 555 0101',
      bio: 'Ten years on the water.',
      color: 'blue',
      active: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ phone: '+64 21 555 0101', color: 'blue', version: 2 });
    const stale = await call('PATCH', `/api/nine/tours/leaders/${leader.id}`, {
      version: 1,
      phone: null,
      bio: null,
      color: 'red',
      active: true,
    });
    expect([stale.statusCode, code(stale)]).toEqual([409, 1021]);
    const bad = await call('PATCH', `/api/nine/tours/leaders/${leader.id}`, {
      version: 2,
      color: 'mauve',
      active: true,
    });
    expect(bad.statusCode).toBe(400);
    expect((await q('SELECT color, version FROM tour_leaders WHERE id = $1', [leader.id])).rows[0]).toEqual({
      color: 'blue',
      version: 2,
    });
    expect(await audits('updated')).toBe(2);
  });

  it('replaces the week; overlapping ranges within a weekday are 400, a stale version 409', async () => {
    const week = [
      { weekday: 2, starts: '08:00', ends: '12:00' },
      { weekday: 2, starts: '13:00', ends: '18:00' },
      { weekday: 3, starts: '09:00', ends: '17:00' },
      // Until midnight: PostgreSQL's time holds 24:00.
      { weekday: 6, starts: '20:00', ends: '24:00' },
    ];
    const res = await call('PUT', `/api/nine/tours/leaders/${leader.id}/hours`, { version: 2, hours: week });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ version: 3, hours: week });
    expect(await audits('hours')).toBe(1);
    // The same week in another order changes nothing: no new version, no audit.
    const same = await call('PUT', `/api/nine/tours/leaders/${leader.id}/hours`, {
      version: 3,
      hours: [...week].reverse(),
    });
    expect(same.statusCode, same.body).toBe(200);
    expect(same.json().data).toMatchObject({ version: 3, hours: week });
    expect(await audits('hours')).toBe(1);
    const late = await call('PUT', `/api/nine/tours/leaders/${leader.id}/hours`, {
      version: 3,
      hours: [{ weekday: 1, starts: '24:00', ends: '24:00' }],
    });
    expect(late.statusCode).toBe(400);
    const overlap = await call('PUT', `/api/nine/tours/leaders/${leader.id}/hours`, {
      version: 3,
      hours: [
        { weekday: 4, starts: '08:00', ends: '12:00' },
        { weekday: 4, starts: '11:00', ends: '14:00' },
      ],
    });
    expect(overlap.statusCode).toBe(400);
    expect(overlap.json().data.issues[0]).toMatchObject({ path: 'hours.1.starts', message: 'overlap' });
    const stale = await call('PUT', `/api/nine/tours/leaders/${leader.id}/hours`, { version: 2, hours: [] });
    expect([stale.statusCode, code(stale)]).toEqual([409, 1021]);
    expect(await count('tour_leader_hours')).toBe(4);
  });

  it('adds, edits and removes skills; a name is unique per leader', async () => {
    const add = await call('POST', `/api/nine/tours/leaders/${leader.id}/skills`, {
      name: 'Kayak instructor',
      reference: 'NZ-123',
      issued_on: '2024-01-01',
      expires_on: '2027-01-01',
    });
    expect(add.statusCode, add.body).toBe(201);
    const skill = add.json<{ data: LeaderSkill }>().data;
    expect(skill).toMatchObject({ name: 'Kayak instructor', issued_on: '2024-01-01', version: 1 });
    const taken = await call('POST', `/api/nine/tours/leaders/${leader.id}/skills`, {
      name: 'Kayak instructor',
    });
    expect([taken.statusCode, code(taken)]).toEqual([409, 1745]);
    const backwards = await call('POST', `/api/nine/tours/leaders/${leader.id}/skills`, {
      name: 'Boat',
      issued_on: '2024-01-02',
      expires_on: '2024-01-01',
    });
    expect(backwards.statusCode).toBe(400);
    const edit = await call('PATCH', `/api/nine/tours/leaders/${leader.id}/skills/${skill.id}`, {
      ...skill,
      expires_on: '2028-01-01',
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(edit.json().data).toMatchObject({ expires_on: '2028-01-01', version: 2 });
    const stale = await call('PATCH', `/api/nine/tours/leaders/${leader.id}/skills/${skill.id}`, skill);
    expect([stale.statusCode, code(stale)]).toEqual([409, 1021]);
    const staleDelete = await call(
      'DELETE',
      `/api/nine/tours/leaders/${leader.id}/skills/${skill.id}?version=1`,
    );
    expect([staleDelete.statusCode, code(staleDelete)]).toEqual([409, 1021]);
    const del = await call('DELETE', `/api/nine/tours/leaders/${leader.id}/skills/${skill.id}?version=2`);
    expect(del.statusCode).toBe(200);
    const detail = await call('GET', `/api/nine/tours/leaders/${leader.id}`);
    expect(detail.json().data.skills.map((s: LeaderSkill) => s.name)).toEqual(['First aid']);
    expect(await audits('skill_removed')).toBe(1);
  });

  it('adds days off; an overlap is 409, also when two saves race', async () => {
    const add = await call('POST', `/api/nine/tours/leaders/${leader.id}/days-off`, {
      first_day: '2031-03-01',
      last_day: '2031-03-05',
      reason: 'Holiday',
    });
    expect(add.statusCode, add.body).toBe(201);
    expect(add.json().data).toMatchObject({
      first_day: '2031-03-01',
      last_day: '2031-03-05',
      reason: 'Holiday',
    });
    const overlap = await call('POST', `/api/nine/tours/leaders/${leader.id}/days-off`, {
      first_day: '2031-03-05',
      last_day: '2031-03-06',
    });
    expect([overlap.statusCode, code(overlap)]).toEqual([409, 1746]);
    const backwards = await call('POST', `/api/nine/tours/leaders/${leader.id}/days-off`, {
      first_day: '2031-04-02',
      last_day: '2031-04-01',
    });
    expect(backwards.statusCode).toBe(400);
    const race = await Promise.all(
      ['2031-05-01', '2031-05-02'].map((first_day) =>
        call('POST', `/api/nine/tours/leaders/${leader.id}/days-off`, { first_day, last_day: '2031-05-03' }),
      ),
    );
    expect(race.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(code(race.find((r) => r.statusCode === 409)!)).toBe(1746);
    // The constraint itself holds whoever writes.
    await expect(
      q(
        `INSERT INTO tour_leader_days_off (leader_id, days) VALUES ($1, daterange('2031-03-02', '2031-03-03', '[]'))`,
        [leader.id],
      ),
    ).rejects.toMatchObject({ code: '23P01' });
    const days = (await call('GET', `/api/nine/tours/leaders/${leader.id}`)).json().data.days_off;
    expect(days).toHaveLength(2);
    const del = await call('DELETE', `/api/nine/tours/leaders/${leader.id}/days-off/${days[0].id}`);
    expect(del.statusCode).toBe(200);
    const gone = await call('DELETE', `/api/nine/tours/leaders/${leader.id}/days-off/${days[0].id}`);
    expect(gone.statusCode).toBe(404);
  });

  it('asks to confirm days off over assigned departures (1205), then saves with acknowledge', async () => {
    // 22:00 UTC on 2031-06-09 is 10:00 on 2031-06-10 in Auckland: the leader's day there is the 10th.
    const event = await eventFor(leader.id, '2031-06-09T22:00:00Z', '2031-06-10T00:00:00Z');
    await eventFor(leader.id, '2031-06-10T22:00:00Z', '2031-06-11T00:00:00Z', 'cancelled');
    const before = await count('tour_leader_days_off');
    const warn = await call('POST', `/api/nine/tours/leaders/${leader.id}/days-off`, {
      first_day: '2031-06-10',
      last_day: '2031-06-11',
    });
    expect([warn.statusCode, code(warn)]).toEqual([422, 1205]);
    expect(warn.json().data).toMatchObject({
      warnings: ['assigned_events'],
      events: [{ event_id: event }],
      total: 1,
      other_locations: 0,
    });
    expect(warn.json().data.events).toHaveLength(1);
    expect(await count('tour_leader_days_off')).toBe(before);
    const outside = await call('POST', `/api/nine/tours/leaders/${leader.id}/days-off`, {
      first_day: '2031-06-09',
      last_day: '2031-06-09',
    });
    expect(outside.statusCode).toBe(201);
    const ok = await call('POST', `/api/nine/tours/leaders/${leader.id}/days-off`, {
      first_day: '2031-06-10',
      last_day: '2031-06-11',
      acknowledge: true,
    });
    expect(ok.statusCode, ok.body).toBe(201);
  });

  it("warns of future departures only, naming only this location's, counting them all", async () => {
    const both = await createUser(tdb.db, {
      email: 'ldr-both@nine.test',
      locations: [loc, other],
      grants: [],
    });
    const twoPlaces = await makeLeader(both);
    const farDefinition = (
      await q(
        `INSERT INTO tour_definitions (location_id, code, name, duration_minutes, capacity) VALUES ($1, 'RW', 'Ridge walk', 60, 5) RETURNING id`,
        [other],
      )
    ).rows[0].id;
    const farEvent = (
      await q(
        `INSERT INTO tour_events (definition_id, location_id, starts_at, ends_at, capacity, min_participants)
         VALUES ($1, $2, '2031-09-10T02:00:00Z', '2031-09-10T03:00:00Z', 5, 1) RETURNING id`,
        [farDefinition, other],
      )
    ).rows[0].id;
    await q(
      `INSERT INTO tour_event_leaders (event_id, leader_id, period)
       VALUES ($1, $2, tstzrange('2031-09-10T02:00:00Z', '2031-09-10T03:00:00Z'))`,
      [farEvent, twoPlaces.id],
    );
    // Here: 22:00 on 9 September to midnight in Auckland (UTC+12 then), which does not touch the 10th.
    await eventFor(twoPlaces.id, '2031-09-09T10:00:00Z', '2031-09-09T12:00:00Z');
    const warn = await call('POST', `/api/nine/tours/leaders/${twoPlaces.id}/days-off`, {
      first_day: '2031-09-10',
      last_day: '2031-09-10',
    });
    expect([warn.statusCode, code(warn)]).toEqual([422, 1205]);
    expect(warn.json().data).toEqual({
      warnings: ['assigned_events'],
      events: [],
      total: 0,
      other_locations: 1,
    });
    // A departure already over is no one's concern.
    await eventFor(twoPlaces.id, '2020-01-10T00:00:00Z', '2020-01-10T01:00:00Z');
    const past = await call('POST', `/api/nine/tours/leaders/${twoPlaces.id}/days-off`, {
      first_day: '2020-01-10',
      last_day: '2020-01-10',
    });
    expect(past.statusCode, past.body).toBe(201);
    // More than 50 here: 50 listed, all counted.
    await q(
      `WITH e AS (
         INSERT INTO tour_events (definition_id, location_id, starts_at, ends_at, capacity, min_participants)
         SELECT $1, $2, d, d + interval '1 hour', 10, 1
         FROM generate_series('2032-01-01T00:00:00Z'::timestamptz, '2032-02-20T00:00:00Z', interval '1 day') AS d
         RETURNING id, starts_at, ends_at)
       INSERT INTO tour_event_leaders (event_id, leader_id, period)
       SELECT id, $3, tstzrange(starts_at, ends_at) FROM e`,
      [definition, loc, twoPlaces.id],
    );
    const many = await call('POST', `/api/nine/tours/leaders/${twoPlaces.id}/days-off`, {
      first_day: '2032-01-01',
      last_day: '2032-03-01',
    });
    expect(many.json().data).toMatchObject({ total: 51, other_locations: 0 });
    expect(many.json().data.events).toHaveLength(50);
  });

  it('counts hours led per month in the location zone, and lists the next departures and all assignments', async () => {
    // A fixed clock: 15 March 2026 in Auckland (UTC+13 then). A month's first hour there is the previous
    // month in UTC: 01:00 on 1 March is 12:00 UTC on 28 February.
    clock = new Date('2026-03-15T00:00:00Z');
    const thisMonth = '2026-02-28T12:00:00.000Z';
    // 27 February, 00:00 in Auckland.
    const lastMonth = '2026-02-26T11:00:00.000Z';
    const plus = (iso: string, minutes: number) => new Date(Date.parse(iso) + minutes * 60_000).toISOString();
    await eventFor(leader.id, thisMonth, plus(thisMonth, 90));
    await eventFor(leader.id, lastMonth, plus(lastMonth, 180));
    await eventFor(leader.id, plus(lastMonth, 600), plus(lastMonth, 660), 'cancelled');
    // Later this month (after the clock) and more than 12 months ago: not counted.
    await eventFor(leader.id, '2026-03-20T00:00:00Z', '2026-03-20T05:00:00Z');
    await eventFor(leader.id, '2025-02-10T00:00:00Z', '2025-02-10T05:00:00Z');
    const detail = (await call('GET', `/api/nine/tours/leaders/${leader.id}`)).json<{ data: LeaderDetail }>()
      .data;
    clock = null;
    const months = detail.hours_per_month;
    expect(months).toHaveLength(12);
    expect(months.at(-1)!.hours).toBe(1.5);
    expect(months.at(-2)!.hours).toBe(3);
    expect(months.slice(0, 10).every((m) => m.hours === 0)).toBe(true);
    expect(months.at(-1)!.month).toBe('2026-03');
    expect(months[0]!.month).toBe('2025-04');
    // The next departures after the clock (the cancelled one is left out).
    expect(detail.next_events.map((e) => e.starts_at)).toEqual([
      '2026-03-20T00:00:00+00:00',
      '2031-06-09T22:00:00+00:00',
    ]);
    const page = await call('GET', `/api/nine/tours/leaders/${leader.id}/events?page_size=2`);
    expect(page.statusCode).toBe(200);
    expect(page.json().data).toMatchObject({ total: 7, page_size: 2 });
    const june = await call(
      'GET',
      `/api/nine/tours/leaders/${leader.id}/events?from=2031-06-10&to=2031-06-10`,
    );
    // Auckland's 10 June holds the departure at 22:00 UTC on the 9th.
    expect(june.json().data.rows.map((r: { starts_at: string }) => r.starts_at)).toEqual([
      '2031-06-09T22:00:00+00:00',
    ]);
  });

  it('shows a guide without tour:change only departures they lead; guides cannot manage', async () => {
    const mine = await call('GET', `/api/nine/tours/leaders/${leader.id}/events`, undefined, guide);
    expect(mine.json().data.total).toBe(7);
    const staffLeader = (await q('SELECT id FROM tour_leaders WHERE user_id = $1', [staffUser])).rows[0].id;
    await eventFor(staffLeader, '2031-08-01T00:00:00Z', '2031-08-01T02:00:00Z');
    const theirs = await call('GET', `/api/nine/tours/leaders/${staffLeader}/events`, undefined, guide);
    expect(theirs.json().data.total).toBe(0);
    const asManager = await call('GET', `/api/nine/tours/leaders/${staffLeader}/events`);
    expect(asManager.json().data.total).toBe(1);
    // Hours led: only departures the guide leads too (none of the other leader's).
    clock = new Date('2026-03-15T00:00:00Z');
    await eventFor(staffLeader, '2026-03-02T00:00:00Z', '2026-03-02T02:00:00Z');
    const hoursOf = async (headers: Record<string, string>) =>
      (await call('GET', `/api/nine/tours/leaders/${staffLeader}`, undefined, headers))
        .json<{ data: LeaderDetail }>()
        .data.hours_per_month.map((m) => m.hours);
    expect((await hoursOf(manager)).at(-1)).toBe(2);
    expect((await hoursOf(guide)).every((h) => h === 0)).toBe(true);
    clock = null;
    const write = await call('POST', `/api/nine/tours/leaders/${leader.id}/skills`, { name: 'x' }, guide);
    expect(write.statusCode).toBe(403);
  });

  it('keeps another location out: its leaders are not found there', async () => {
    const far = await call('GET', `/api/nine/tours/leaders/${leader.id}`, undefined, elsewhere);
    expect(far.statusCode).toBe(404);
    const list = await call('GET', '/api/nine/tours/leaders?active=all', undefined, elsewhere);
    // Only the leader with a role at both locations.
    expect(list.json().data.rows.map((r: { name: string }) => r.name)).toEqual(['ldr-both']);
    for (const [method, url, payload] of [
      ['PATCH', `/api/nine/tours/leaders/${leader.id}`, { version: 3, color: 'red', active: true }],
      ['PUT', `/api/nine/tours/leaders/${leader.id}/hours`, { version: 3, hours: [] }],
      ['POST', `/api/nine/tours/leaders/${leader.id}/skills`, { name: 'Sneaky' }],
      [
        'POST',
        `/api/nine/tours/leaders/${leader.id}/days-off`,
        { first_day: '2032-01-01', last_day: '2032-01-01' },
      ],
      ['GET', `/api/nine/tours/leaders/${leader.id}/events`, undefined],
    ] as const) {
      const res = await call(method, url, payload, elsewhere);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    const candidates = await call('GET', '/api/nine/tours/leader-candidates', undefined, elsewhere);
    expect(candidates.json().data.rows.map((r: { user_id: number }) => r.user_id)).toEqual([farUser]);
  });
});

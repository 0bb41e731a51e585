import rrulePackage from 'rrule';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NineApp } from '../src/app.ts';
import { resources, type Permission } from '@nine/shared/permissions';
import type { TourEventDetail, TourSeriesResult } from '@nine/shared/schemas/tours/events';
import { canMoveTourEvent, tourEventStatuses } from '@nine/shared/tour-event-status';
import { createCatalogue, createLocation, createUser } from './helpers/fixtures.ts';
import { createTestApp, login } from './helpers/test-app.ts';
import { seriesDays } from '../src/modules/tours/event-service.ts';
import { createTestDatabase, type TestDatabase } from './helpers/test-db.ts';

/** Tour events and series (issue #19, slice S5): schedules, moves, leaders, capacity, statuses, scope. */
let tdb: TestDatabase;
let app: NineApp['app'];
let loc: number;
let other: number;
let manager: Record<string, string>;
let guide: Record<string, string>;
let elsewhere: Record<string, string>;
let clerk: Record<string, string>; // tour:change without tour:view (the demo Counter clerk)
let definition: number;
let draft: number;
let bulkProduct: number;
let tom: number; // the guide's leader: hours Mon-Fri 08:00-18:00 and a day off
let ana: number; // a skill expired
let idle: number; // inactive
let far: number; // works at the other location only

const everything: Permission[] = resources.map((resource) => ({ resource, action: 'any' }));
const q = (sql: string, params: unknown[] = []) => tdb.db.pool.query(sql, params);
const ZONE = 'Europe/Madrid';
/** A fixed clock: the 2027 dates below stay ahead whenever the suite runs. */
const NOW = new Date('2026-06-01T00:00:00Z');
const ALL_STEPS = `ARRAY['basic-info','pricing','cancellation-fee','gallery','location','items','description']`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

beforeAll(async () => {
  tdb = await createTestDatabase();
  loc = await createLocation(tdb.db, 'Bay');
  other = await createLocation(tdb.db, 'Hill');
  await q(`UPDATE locations SET time_zone = $2 WHERE id = $1`, [loc, ZONE]);
  await createUser(tdb.db, { email: 'ev-manager@nine.test', locations: [loc], grants: everything });
  const guideUser = await createUser(tdb.db, {
    email: 'ev-guide@nine.test',
    locations: [loc],
    grants: [{ resource: 'tour', action: 'view' }],
  });
  const anaUser = await createUser(tdb.db, { email: 'ev-ana@nine.test', locations: [loc], grants: [] });
  const idleUser = await createUser(tdb.db, { email: 'ev-idle@nine.test', locations: [loc], grants: [] });
  const farUser = await createUser(tdb.db, {
    email: 'ev-far@nine.test',
    locations: [other],
    grants: everything,
  });
  await createUser(tdb.db, {
    email: 'ev-clerk@nine.test',
    locations: [loc],
    grants: [{ resource: 'tour', action: 'change' }],
  });
  ({ app } = await createTestApp(tdb.db, { now: () => NOW }));
  clerk = { authorization: `Bearer ${await login(app, 'ev-clerk@nine.test')}`, 'location-id': String(loc) };
  manager = {
    authorization: `Bearer ${await login(app, 'ev-manager@nine.test')}`,
    'location-id': String(loc),
  };
  guide = { authorization: `Bearer ${await login(app, 'ev-guide@nine.test')}`, 'location-id': String(loc) };
  elsewhere = {
    authorization: `Bearer ${await login(app, 'ev-far@nine.test')}`,
    'location-id': String(other),
  };

  const steps = ALL_STEPS;
  definition = (
    await q(
      `INSERT INTO tour_definitions (location_id, code, name, status, steps_done, duration_minutes, capacity,
                                     min_participants, participants_per_leader, min_leaders)
       VALUES ($1, 'BAYK', 'Bay kayak', 'active', ${steps}, 120, 10, 2, 4, 1) RETURNING id`,
      [loc],
    )
  ).rows[0].id;
  draft = (
    await q(
      `INSERT INTO tour_definitions (location_id, code, name, duration_minutes) VALUES ($1, 'DRFT', 'Draft', 60) RETURNING id`,
      [loc],
    )
  ).rows[0].id;
  const cat = await createCatalogue(tdb.db, loc, { items: 3, bulkStock: 4 });
  bulkProduct = cat.bulkProductId;
  // One life jacket per person: 10 seats need 10, the location has 4.
  await q(
    `INSERT INTO tour_definition_items (definition_id, product_id, per) VALUES ($1, $2, 'participant')`,
    [definition, bulkProduct],
  );

  const leader = async (userId: number, active = true) =>
    Number(
      (await q(`INSERT INTO tour_leaders (user_id, active) VALUES ($1, $2) RETURNING id`, [userId, active]))
        .rows[0].id,
    );
  tom = await leader(guideUser);
  ana = await leader(anaUser);
  idle = await leader(idleUser, false);
  far = await leader(farUser);
  for (let weekday = 1; weekday <= 5; weekday++)
    await q(
      `INSERT INTO tour_leader_hours (leader_id, weekday, starts, ends) VALUES ($1, $2, '08:00', '18:00')`,
      [tom, weekday],
    );
  await q(
    `INSERT INTO tour_leader_days_off (leader_id, days) VALUES ($1, daterange('2027-03-01', '2027-03-06'))`,
    [tom],
  );
  await q(
    `INSERT INTO tour_leader_skills (leader_id, name, expires_on) VALUES ($1, 'First aid', '2027-01-01')`,
    [ana],
  );
});
afterAll(async () => {
  await app.close();
  await tdb.drop();
});

function call(method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object, headers = manager) {
  return app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
}
const code = (res: { json: () => unknown }) => (res.json() as { resp_code: number }).resp_code;
const count = async (table: string) => Number((await q(`SELECT count(*) FROM ${table}`)).rows[0].count);

/** A one-off event through the API (capacity 10, two hours). */
async function oneOff(startsAt: string, extra: object = {}): Promise<TourEventDetail> {
  const res = await call('POST', '/api/nine/tours/events', {
    definition_id: definition,
    starts_at: startsAt,
    ...extra,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ data: TourEventDetail }>().data;
}
const detail = async (id: number, headers = manager) =>
  (await call('GET', `/api/nine/tours/events/${id}`, undefined, headers)).json<{ data: TourEventDetail }>()
    .data;
const assign = (id: number, leaderId: number, acknowledge?: boolean) =>
  call('POST', `/api/nine/tours/events/${id}/leaders`, {
    leader_id: leaderId,
    ...(acknowledge ? { acknowledge } : {}),
  });

const summer = {
  rrule: 'FREQ=WEEKLY;BYDAY=TU,TH',
  first_day: '2027-05-01',
  last_day: '2027-09-30',
  start_time: '09:00',
  exdates: ['2027-06-01', '2027-08-12'],
};

describe('series', () => {
  let created: TourSeriesResult;

  it('previews Tue/Thu 09:00 May-September with two exceptions: 42 departures, nothing saved', async () => {
    const before = await count('tour_events');
    const res = await call('POST', '/api/nine/tours/event-series/preview', {
      definition_id: definition,
      ...summer,
    });
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data.count).toBe(42);
    expect(data.time_zone).toBe(ZONE);
    expect(data.occurrences[0]).toMatchObject({ day: '2027-05-04', starts_at: '2027-05-04T07:00:00.000Z' });
    expect(data.occurrences.map((o: { day: string }) => o.day)).not.toContain('2027-06-01');
    expect(await count('tour_events')).toBe(before);
  });

  it('creates the events at 09:00 local, with the equipment short as a warning', async () => {
    const res = await call('POST', '/api/nine/tours/event-series', { definition_id: definition, ...summer });
    expect(res.statusCode, res.body).toBe(201);
    created = res.json().data;
    expect(created).toMatchObject({ created: 42, removed: 0, kept: [] });
    expect(created.series).toMatchObject({
      capacity: 10,
      min_participants: 2,
      start_time: '09:00',
      duration_minutes: 120,
    });
    expect(created.equipment_short).toHaveLength(20);
    expect(created.equipment_short[0]!.lines[0]).toMatchObject({
      product_id: bulkProduct,
      needed: 10,
      free: 4,
      short: 6,
    });
    const local = await q(
      `SELECT DISTINCT to_char(starts_at AT TIME ZONE $2, 'HH24:MI') AS t, ends_at - starts_at AS d FROM tour_events WHERE series_id = $1`,
      [created.series.id, ZONE],
    );
    expect(local.rows).toEqual([{ t: '09:00', d: { hours: 2 } }]);
    const audit = await q(
      `SELECT count(*)::int AS n FROM audit_log WHERE entity_type = 'tour_event_series' AND action = 'created'`,
    );
    expect(audit.rows[0].n).toBe(1);
  });

  it('keeps 09:00 local across the change to winter time', async () => {
    const res = await call('POST', '/api/nine/tours/event-series', {
      definition_id: definition,
      rrule: 'FREQ=WEEKLY;BYDAY=TH',
      first_day: '2027-10-01',
      last_day: '2027-11-30',
      start_time: '09:00',
    });
    expect(res.statusCode, res.body).toBe(201);
    const times = await q(
      `SELECT occurrence_day::text AS day, to_char(starts_at AT TIME ZONE 'UTC', 'HH24:MI') AS utc,
              to_char(starts_at AT TIME ZONE $2, 'HH24:MI') AS local
       FROM tour_events WHERE series_id = $1 ORDER BY starts_at`,
      [res.json().data.series.id, ZONE],
    );
    expect(times.rows.map((r) => r.local)).toEqual(Array(8).fill('09:00'));
    expect(times.rows.find((r) => r.day === '2027-10-28')!.utc).toBe('07:00');
    expect(times.rows.find((r) => r.day === '2027-11-04')!.utc).toBe('08:00');
  });

  it('refuses more than 500 departures (422), an unreadable rule (400 at rrule) and a draft tour (422)', async () => {
    const before = await count('tour_events');
    const long = await call('POST', '/api/nine/tours/event-series', {
      definition_id: definition,
      rrule: 'FREQ=DAILY',
      first_day: '2027-01-01',
      last_day: '2028-12-31',
      start_time: '09:00',
    });
    expect([long.statusCode, code(long)]).toEqual([422, 1760]);
    for (const rrule of [
      'FREQ=WEEKLY;BYDAY=XX',
      'FREQ=HOURLY',
      'BYDAY=MO',
      'FREQ=WEEKLY;UNTIL=20271231T000000Z',
    ]) {
      const res = await call('POST', '/api/nine/tours/event-series/preview', {
        ...summer,
        definition_id: definition,
        rrule,
      });
      expect([res.statusCode, code(res)], rrule).toEqual([400, 1001]);
      expect(res.json().data.issues[0].path).toBe('rrule');
    }
    const notActive = await call('POST', '/api/nine/tours/event-series', { ...summer, definition_id: draft });
    expect([notActive.statusCode, code(notActive)]).toEqual([422, 1752]);
    expect(await count('tour_events')).toBe(before);
  });

  it('changes the rule from a day: moved events and events with seats stay; again changes nothing', async () => {
    const id = created.series.id;
    const ev = async (day: string) =>
      (await q(`SELECT id, version FROM tour_events WHERE series_id = $1 AND occurrence_day = $2`, [id, day]))
        .rows[0];
    // A Thursday moved alone (detached) and a Thursday holding seats.
    const moved = await ev('2027-07-08');
    const r = await call('POST', `/api/nine/tours/events/${moved.id}/reschedule`, {
      starts_at: '2027-07-09T08:00:00Z',
      version: moved.version,
    });
    expect(r.statusCode, r.body).toBe(200);
    const booked = await ev('2027-07-15');
    await q(`UPDATE tour_events SET seats_taken = 3 WHERE id = $1`, [booked.id]);
    const thursdaysAfter = Number(
      (
        await q(
          `SELECT count(*) FROM tour_events WHERE series_id = $1 AND occurrence_day >= '2027-07-01'
             AND extract(dow FROM occurrence_day) = 4`,
          [id],
        )
      ).rows[0].count,
    );
    const patch = { from_day: '2027-07-01', rrule: 'FREQ=WEEKLY;BYDAY=TU', capacity: 8 };
    const res = await call('PATCH', `/api/nine/tours/event-series/${id}`, { ...patch, version: 1 });
    expect(res.statusCode, res.body).toBe(200);
    const data: TourSeriesResult = res.json().data;
    expect(data.removed).toBe(thursdaysAfter - 2);
    expect(data.kept).toEqual([expect.objectContaining({ id: Number(booked.id), seats_taken: 3 })]);
    expect(data.created).toBe(0);
    expect(data.updated).toBeGreaterThan(0); // the Tuesdays take capacity 8
    expect(data.series).toMatchObject({ rrule: 'FREQ=WEEKLY;BYDAY=TU', capacity: 8, version: 2 });
    expect(await ev('2027-07-08')).toBeTruthy();
    expect(await ev('2027-07-15')).toBeTruthy();
    expect(await ev('2027-07-22')).toBeUndefined();
    const before = await q(
      `SELECT id, starts_at, capacity, version FROM tour_events WHERE series_id = $1 ORDER BY id`,
      [id],
    );
    const again = await call('PATCH', `/api/nine/tours/event-series/${id}`, { ...patch, version: 2 });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().data).toMatchObject({ created: 0, updated: 0, removed: 0 });
    const after = await q(
      `SELECT id, starts_at, capacity, version FROM tour_events WHERE series_id = $1 ORDER BY id`,
      [id],
    );
    expect(after.rows).toEqual(before.rows);
    const stale = await call('PATCH', `/api/nine/tours/event-series/${id}`, { ...patch, version: 1 });
    expect([stale.statusCode, code(stale)]).toEqual([409, 1021]);
  });
});

describe('one event', () => {
  it('creates a one-off from the definition, not in the past, not from a draft', async () => {
    const event = await oneOff('2027-04-06T08:00:00Z', { note: 'Bring water' });
    expect(event).toMatchObject({
      capacity: 10,
      min_participants: 2,
      ends_at: '2027-04-06T10:00:00.000Z',
      status: 'scheduled',
      leaders: 0,
      leaders_needed: 3,
      note: 'Bring water',
      time_zone: ZONE,
      detached: false,
    });
    expect(event.equipment_short).toEqual([expect.objectContaining({ needed: 10, free: 4, short: 6 })]);
    const past = await call('POST', '/api/nine/tours/events', {
      definition_id: definition,
      starts_at: '2020-01-01T08:00:00Z',
    });
    expect([past.statusCode, code(past)]).toEqual([422, 1763]);
    const notActive = await call('POST', '/api/nine/tours/events', {
      definition_id: draft,
      starts_at: '2027-04-06T08:00:00Z',
    });
    expect([notActive.statusCode, code(notActive)]).toEqual([422, 1752]);
  });

  it('answers every product the event needs (equipment)', async () => {
    const event = await oneOff('2027-04-07T08:00:00Z', { capacity: 3 });
    const res = await call('GET', `/api/nine/tours/events/${event.id}/equipment`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.lines).toEqual([
      expect.objectContaining({ product_id: bulkProduct, needed: 3, free: 4, short: 0 }),
    ]);
    expect(event.equipment_short).toEqual([]);
  });

  it('refuses bad input with 400 and changes nothing', async () => {
    const before = await count('tour_events');
    for (const body of [
      { definition_id: definition },
      { definition_id: definition, starts_at: 'tomorrow' },
      { definition_id: definition, starts_at: '2027-04-06T08:00:00Z', capacity: 0 },
      { definition_id: definition, starts_at: '2027-04-06T08:00:00Z', capacity: 4, min_participants: 5 },
    ]) {
      const res = await call('POST', '/api/nine/tours/events', body);
      expect([res.statusCode, code(res)], JSON.stringify(body)).toEqual([400, 1001]);
    }
    expect(await count('tour_events')).toBe(before);
  });

  it('reschedules: detached, participants affected, past refused, stale version 409', async () => {
    const event = await oneOff('2027-04-08T08:00:00Z');
    await q(`UPDATE tour_events SET seats_taken = 2 WHERE id = $1`, [event.id]);
    const res = await call('POST', `/api/nine/tours/events/${event.id}/reschedule`, {
      starts_at: '2027-04-09T09:00:00Z',
      version: 1,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      participants_affected: 2,
      event: {
        detached: true,
        starts_at: '2027-04-09T09:00:00.000Z',
        ends_at: '2027-04-09T11:00:00.000Z',
        version: 2,
      },
    });
    const stale = await call('POST', `/api/nine/tours/events/${event.id}/reschedule`, {
      starts_at: '2027-04-10T09:00:00Z',
      version: 1,
    });
    expect([stale.statusCode, code(stale)]).toEqual([409, 1021]);
    const past = await call('POST', `/api/nine/tours/events/${event.id}/reschedule`, {
      starts_at: '2021-04-10T09:00:00Z',
      version: 2,
    });
    expect([past.statusCode, code(past)]).toEqual([422, 1763]);
    expect((await detail(event.id)).starts_at).toBe('2027-04-09T09:00:00.000Z');
  });

  it('refuses a capacity below the seats taken (422) and detaches an edited capacity', async () => {
    const event = await oneOff('2027-04-13T08:00:00Z');
    await q(`UPDATE tour_events SET seats_taken = 6 WHERE id = $1`, [event.id]);
    const low = await call('PATCH', `/api/nine/tours/events/${event.id}`, { capacity: 5, version: 1 });
    expect([low.statusCode, code(low)]).toEqual([422, 1762]);
    const ok = await call('PATCH', `/api/nine/tours/events/${event.id}`, {
      capacity: 6,
      note: 'Full soon',
      version: 1,
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data).toMatchObject({ capacity: 6, note: 'Full soon', detached: true, version: 2 });
    const audit = await q(
      `SELECT data FROM audit_log WHERE entity_type = 'tour_event' AND entity_id = $1 AND action = 'updated'`,
      [String(event.id)],
    );
    expect(audit.rows[0].data).toMatchObject({ old: { capacity: 10 }, new: { capacity: 6 } });
  });

  it('lets one of two edits sent with the same version through (the other 409)', async () => {
    const event = await oneOff('2027-04-16T08:00:00Z');
    const results = await Promise.all(
      [7, 8].map((capacity) => call('PATCH', `/api/nine/tours/events/${event.id}`, { capacity, version: 1 })),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(code(results.find((r) => r.statusCode === 409)!)).toBe(1021);
    expect((await detail(event.id)).version).toBe(2);
  });

  describe('status moves, as shared/src/tour-event-status.ts says', () => {
    for (const when of ['future', 'past'] as const)
      for (const from of tourEventStatuses)
        for (const to of tourEventStatuses)
          it(`${when}: ${from} → ${to}`, async () => {
            const starts = when === 'future' ? '2027-05-20T08:00:00Z' : '2024-05-20T08:00:00Z';
            const { id } = (
              await q(
                `INSERT INTO tour_events (definition_id, location_id, starts_at, ends_at, capacity, min_participants, status)
                 VALUES ($1, $2, $3, $3::timestamptz + interval '2 hours', 10, 1, $4) RETURNING id`,
                [definition, loc, starts, from],
              )
            ).rows[0];
            const res = await call('POST', `/api/nine/tours/events/${id}/status`, { status: to, version: 1 });
            if (canMoveTourEvent(from, to, when === 'future')) {
              expect(res.statusCode, res.body).toBe(200);
              expect(res.json().data).toMatchObject({ status: to, version: 2 });
            } else expect([res.statusCode, code(res)]).toEqual([422, 1761]);
          });
  });

  it('does not cancel an event holding reservations (409); cancelling releases its leaders', async () => {
    const held = await oneOff('2027-04-14T08:00:00Z');
    await q(`UPDATE tour_events SET seats_taken = 1 WHERE id = $1`, [held.id]);
    const res = await call('POST', `/api/nine/tours/events/${held.id}/status`, {
      status: 'cancelled',
      version: 1,
    });
    expect([res.statusCode, code(res)]).toEqual([409, 1764]);

    const a = await oneOff('2027-04-15T08:00:00Z');
    expect((await assign(a.id, tom)).statusCode).toBe(200);
    const cancel = await call('POST', `/api/nine/tours/events/${a.id}/status`, {
      status: 'cancelled',
      reason: 'Storm',
      version: 1,
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(cancel.json().data).toMatchObject({ status: 'cancelled', status_reason: 'Storm', leaders: 0 });
    // Tom is free again for the same hours.
    const b = await oneOff('2027-04-15T08:30:00Z');
    expect((await assign(b.id, tom)).statusCode).toBe(200);
  });
});

describe('leaders on events', () => {
  it('refuses an overlap (409 1742): two assignments at once, exactly one wins', async () => {
    const a = await oneOff('2027-04-20T08:00:00Z');
    const b = await oneOff('2027-04-20T09:00:00Z');
    const results = await Promise.all([assign(a.id, tom), assign(b.id, tom)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(code(results.find((r) => r.statusCode === 409)!)).toBe(1742);
    const held = await q(
      `SELECT count(*)::int AS n FROM tour_event_leaders WHERE event_id = ANY($1) AND leader_id = $2`,
      [[a.id, b.id], tom],
    );
    expect(held.rows[0].n).toBe(1);
  });

  it('refuses a reschedule onto another of the leader events (409 1742 through the trigger)', async () => {
    const a = await oneOff('2027-04-21T08:00:00Z');
    const c = await oneOff('2027-04-21T12:00:00Z');
    expect((await assign(a.id, tom)).statusCode).toBe(200);
    expect((await assign(c.id, tom)).statusCode).toBe(200);
    const res = await call('POST', `/api/nine/tours/events/${c.id}/reschedule`, {
      starts_at: '2027-04-21T09:00:00Z',
      version: 1,
    });
    expect([res.statusCode, code(res)]).toEqual([409, 1742]);
    // The clash is named, for the message.
    expect(res.json().data).toEqual({
      leader_id: tom,
      event_id: a.id,
      starts_at: '2027-04-21T08:00:00.000Z',
    });
    const d = await oneOff('2027-04-21T08:30:00Z');
    const again = await assign(d.id, tom);
    expect([again.statusCode, code(again)]).toEqual([409, 1742]);
    expect(again.json().data).toMatchObject({ event_id: a.id, starts_at: '2027-04-21T08:00:00.000Z' });
    expect((await detail(c.id)).starts_at).toBe('2027-04-21T12:00:00.000Z');
  });

  it('refuses outside the weekly hours or on a day off (422 1743), also on a reschedule', async () => {
    const evening = await oneOff('2027-04-22T18:00:00Z'); // 20:00 in Madrid
    const res = await assign(evening.id, tom);
    expect([res.statusCode, code(res)]).toEqual([422, 1743]);
    expect(res.json().data).toMatchObject({ reason: 'hours' });
    const off = await oneOff('2027-03-03T08:00:00Z');
    const dayOff = await assign(off.id, tom);
    expect([dayOff.statusCode, code(dayOff)]).toEqual([422, 1743]);
    expect(dayOff.json().data).toMatchObject({ reason: 'day_off' });
    const morning = await oneOff('2027-04-23T08:00:00Z');
    expect((await assign(morning.id, tom)).statusCode).toBe(200);
    const late = await call('POST', `/api/nine/tours/events/${morning.id}/reschedule`, {
      starts_at: '2027-04-23T17:00:00Z',
      version: 1,
      acknowledge: true,
    });
    expect([late.statusCode, code(late)]).toEqual([422, 1743]);
  });

  it('asks to acknowledge an expired skill (1205), then assigns', async () => {
    const event = await oneOff('2027-04-27T08:00:00Z');
    const res = await assign(event.id, ana);
    expect([res.statusCode, code(res)]).toEqual([422, 1205]);
    expect(res.json().data.warnings).toEqual(['skill_expired']);
    const ok = await assign(event.id, ana, true);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data.leader_list).toEqual([expect.objectContaining({ leader_id: ana, name: 'ev-ana' })]);
    const removed = await call('DELETE', `/api/nine/tours/events/${event.id}/leaders/${ana}`);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().data.leaders).toBe(0);
  });

  it('refuses an inactive leader (422 1744) and one not working here (422 1741)', async () => {
    const event = await oneOff('2027-04-28T08:00:00Z');
    const inactive = await assign(event.id, idle);
    expect([inactive.statusCode, code(inactive)]).toEqual([422, 1744]);
    const notHere = await assign(event.id, far);
    expect([notHere.statusCode, code(notHere)]).toEqual([422, 1741]);
  });
});

describe('reading', () => {
  it('answers the calendar window (at most 62 days)', async () => {
    const res = await call(
      'GET',
      '/api/nine/tours/events/calendar?from=2027-05-01T00:00:00Z&to=2027-06-01T00:00:00Z',
    );
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data.time_zone).toBe(ZONE);
    expect(data.events.length).toBeGreaterThanOrEqual(9);
    expect(data.events[0]).toMatchObject({ name: 'Bay kayak', capacity: 10, leaders_needed: 3 });
    const long = await call(
      'GET',
      '/api/nine/tours/events/calendar?from=2027-05-01T00:00:00Z&to=2027-07-03T00:00:00Z',
    );
    expect([long.statusCode, code(long)]).toEqual([400, 1001]);
  });

  it('lists by start with filters', async () => {
    const res = await call(
      'GET',
      '/api/nine/tours/events?from=2027-04-01T00:00:00Z&to=2027-05-01T00:00:00Z&page_size=200',
    );
    expect(res.statusCode, res.body).toBe(200);
    const rows: { starts_at: string; status: string }[] = res.json().data.rows;
    expect(rows.length).toBeGreaterThan(5);
    expect(rows.map((r) => r.starts_at)).toEqual([...rows.map((r) => r.starts_at)].sort());
    const cancelled = await call('GET', '/api/nine/tours/events?status=cancelled&from=2027-04-01T00:00:00Z');
    const cancelledRows: { status: string }[] = cancelled.json().data.rows;
    expect(cancelledRows.length).toBeGreaterThan(0);
    expect(cancelledRows.every((r) => r.status === 'cancelled')).toBe(true);
    const led = await call('GET', `/api/nine/tours/events?leader_id=${tom}`);
    const ledRows: { leader_names: string[] }[] = led.json().data.rows;
    expect(ledRows.length).toBeGreaterThan(0);
    expect(ledRows.every((r) => r.leader_names.includes('ev-guide'))).toBe(true);
    const bad = await call('GET', '/api/nine/tours/events?status=lost');
    expect(bad.statusCode).toBe(400);
  });

  it('says which departures are private to a reservation', async () => {
    const open = await oneOff('2027-10-05T09:00:00+02:00');
    const held = await oneOff('2027-10-05T12:00:00+02:00');
    const customer = (await q(`SELECT id FROM customers ORDER BY id LIMIT 1`)).rows[0].id;
    const order = Number(
      (
        await q(
          `INSERT INTO orders (type, source, status, location_id, customer_id) VALUES ('tour', 'walk_in', 'pending', $1, $2) RETURNING id`,
          [loc, customer],
        )
      ).rows[0].id,
    );
    await q(`UPDATE tour_events SET private_order_id = $2 WHERE id = $1`, [held.id, order]);
    const res = await call('GET', '/api/nine/tours/events?from=2027-10-05T00:00:00Z&to=2027-10-06T00:00:00Z');
    expect(res.statusCode, res.body).toBe(200);
    const rows: { id: number; private_order_id: number | null }[] = res.json().data.rows;
    expect(rows).toEqual([
      expect.objectContaining({ id: open.id, private_order_id: null }),
      expect.objectContaining({ id: held.id, private_order_id: order }),
    ]);
    expect((await detail(held.id)).private_order_id).toBe(order);
  });

  it('shows a guide without tour:change only the events they lead', async () => {
    const led = await call('GET', '/api/nine/tours/events?page_size=200', undefined, guide);
    expect(led.statusCode).toBe(200);
    const ids: number[] = led.json().data.rows.map((r: { id: number }) => r.id);
    const tomEvents = (
      await q(`SELECT DISTINCT event_id FROM tour_event_leaders WHERE leader_id = $1`, [tom])
    ).rows.map((r) => Number(r.event_id));
    expect(ids.sort()).toEqual(tomEvents.sort());
    const cal = await call(
      'GET',
      '/api/nine/tours/events/calendar?from=2027-04-01T00:00:00Z&to=2027-05-01T00:00:00Z',
      undefined,
      guide,
    );
    const calEvents: { id: number }[] = cal.json().data.events;
    expect(calEvents.length).toBeGreaterThan(0);
    expect(calEvents.every((e) => tomEvents.includes(e.id))).toBe(true);
    const notHis = (await q(`SELECT id FROM tour_events WHERE id <> ALL($1) LIMIT 1`, [tomEvents])).rows[0]
      .id;
    expect((await call('GET', `/api/nine/tours/events/${notHis}`, undefined, guide)).statusCode).toBe(404);
    expect((await call('GET', `/api/nine/tours/events/${tomEvents[0]}`, undefined, guide)).statusCode).toBe(
      200,
    );
    const write = await call(
      'POST',
      `/api/nine/tours/events/${tomEvents[0]}/status`,
      { status: 'confirmed', version: 1 },
      guide,
    );
    expect(write.statusCode).toBe(403);
  });

  it("filters to the caller's own departures with mine", async () => {
    const mine = await call('GET', '/api/nine/tours/events?mine=true&page_size=200', undefined, guide);
    const rows: { leader_names: string[] }[] = mine.json().data.rows;
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.leader_names.includes('ev-guide'))).toBe(true);
    // The manager leads nothing.
    expect((await call('GET', '/api/nine/tours/events?mine=true')).json().data.total).toBe(0);
    const audited = await q(
      `SELECT count(*)::int AS n FROM audit_log WHERE entity_type = 'tour_event' AND action = 'leader_assigned'`,
    );
    expect(audited.rows[0].n).toBeGreaterThan(0);
  });

  it("keeps another location's events out of reach (404)", async () => {
    const event = await oneOff('2027-04-29T08:00:00Z');
    expect((await call('GET', `/api/nine/tours/events/${event.id}`, undefined, elsewhere)).statusCode).toBe(
      404,
    );
    const patch = await call(
      'PATCH',
      `/api/nine/tours/events/${event.id}`,
      { capacity: 9, version: 1 },
      elsewhere,
    );
    expect(patch.statusCode).toBe(404);
    const list = await call('GET', '/api/nine/tours/events', undefined, elsewhere);
    expect(list.json().data.total).toBe(0);
    const create = await call(
      'POST',
      '/api/nine/tours/events',
      { definition_id: definition, starts_at: '2027-04-29T08:00:00Z' },
      elsewhere,
    );
    expect(create.statusCode).toBe(404);
  });
});

describe('series rules (review fixes)', () => {
  const { RRule } = rrulePackage;
  const preview = (rrule: string, extra: object = {}) =>
    call('POST', '/api/nine/tours/event-series/preview', {
      ...summer,
      exdates: [],
      definition_id: definition,
      rrule,
      ...extra,
    });

  it('refuses rules a tour schedule does not use at once, never searching to year 9999', async () => {
    for (const rrule of [
      'FREQ=DAILY;BYMONTHDAY=0',
      'FREQ=DAILY;BYMONTHDAY=32',
      'FREQ=DAILY;BYMONTHDAY=5',
      'FREQ=MONTHLY;BYMONTHDAY=32',
      'FREQ=MONTHLY;BYMONTHDAY=-1',
      'FREQ=WEEKLY;BYWEEKNO=54',
      'FREQ=WEEKLY;INTERVAL=0',
      'FREQ=WEEKLY;INTERVAL=53',
      'FREQ=WEEKLY;BYDAY=1MO',
      'FREQ=MONTHLY;BYDAY=6MO',
      'FREQ=MONTHLY;BYDAY=0MO',
      'FREQ=MONTHLY;BYSETPOS=1;BYDAY=MO',
      'FREQ=YEARLY',
      'FREQ=WEEKLY;BYMONTH=13',
      'FREQ=WEEKLY;WKST=SU',
      'FREQ=WEEKLY;FREQ=DAILY',
    ]) {
      const res = await preview(rrule);
      expect([res.statusCode, code(res)], rrule).toEqual([400, 1001]);
      expect(res.json().data.issues[0], rrule).toMatchObject({ path: 'rrule', message: 'rrule_invalid' });
    }
  }, 1000);

  it('answers a rule no day matches with no day, fast', async () => {
    for (const rrule of ['FREQ=MONTHLY;BYMONTH=2;BYMONTHDAY=30', 'FREQ=MONTHLY;BYDAY=1MO;BYMONTHDAY=20']) {
      const res = await preview(rrule, { first_day: '2027-01-01', last_day: '2028-12-31' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data.count, rrule).toBe(0);
    }
  }, 1000);

  it('expands accepted rules as RFC 5545 (the rrule package) does', () => {
    const floating = (day: string) => new Date(`${day}T00:00:00Z`);
    const rules = [
      'FREQ=DAILY',
      'FREQ=DAILY;INTERVAL=3',
      'FREQ=DAILY;BYDAY=MO,FR;BYMONTH=6,7',
      'FREQ=WEEKLY',
      'FREQ=WEEKLY;INTERVAL=2;BYDAY=TU,SA',
      'FREQ=WEEKLY;INTERVAL=3',
      'FREQ=WEEKLY;BYDAY=SU,MO;BYMONTH=3',
      'FREQ=MONTHLY',
      'FREQ=MONTHLY;BYMONTHDAY=31',
      'FREQ=MONTHLY;INTERVAL=2;BYMONTHDAY=1,15',
      'FREQ=MONTHLY;BYDAY=-1FR',
      'FREQ=MONTHLY;BYDAY=2TU,-2TU',
      'FREQ=MONTHLY;BYDAY=FR;BYMONTHDAY=13',
      'FREQ=MONTHLY;BYDAY=+5SA',
      'FREQ=MONTHLY;INTERVAL=5;BYDAY=1MO,-1WE;BYMONTH=1,2,3,4,5,6,7',
    ];
    // Not compared: BYDAY mixing an ordinal and a plain weekday (1MO,WE), where rrule intersects the two and
    // RFC 5545 (and seriesDays) takes either.
    for (const first of ['2027-01-31', '2027-03-17', '2028-02-29'])
      for (const rule of rules) {
        const last = new Date(floating(first).getTime() + 400 * 86_400_000).toISOString().slice(0, 10);
        const expected = new RRule({
          ...RRule.parseString(rule),
          dtstart: floating(first),
          until: new Date(floating(last).getTime() + 86_399_000),
        })
          .all()
          .map((d) => d.toISOString().slice(0, 10));
        const found = seriesDays(rule, first, last, []);
        expect(found.length, `${rule} from ${first}`).toBeGreaterThan(0);
        expect(found, `${rule} from ${first}`).toEqual(expected);
      }
  });

  it('places 02:30 on the spring-forward Sunday at 03:30 local (no 500)', async () => {
    const res = await call('POST', '/api/nine/tours/event-series', {
      definition_id: definition,
      rrule: 'FREQ=WEEKLY;BYDAY=SU',
      first_day: '2027-03-28',
      last_day: '2027-03-28',
      start_time: '02:30',
    });
    expect(res.statusCode, res.body).toBe(201);
    const made = await q(
      `SELECT starts_at, to_char(starts_at AT TIME ZONE $2, 'HH24:MI') AS local FROM tour_events WHERE series_id = $1`,
      [res.json().data.series.id, ZONE],
    );
    expect(made.rows).toEqual([{ starts_at: new Date('2027-03-28T01:30:00Z'), local: '03:30' }]);
  });
});

describe('changing a series (review fixes)', () => {
  const series = async (body: object) => {
    const res = await call('POST', '/api/nine/tours/event-series', {
      definition_id: definition,
      start_time: '09:00',
      ...body,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ data: TourSeriesResult }>().data.series;
  };
  const eventsOf = async (seriesId: number) =>
    (
      await q(
        `SELECT id, occurrence_day::text AS day, extract(isodow FROM occurrence_day)::int AS dow, capacity
         FROM tour_events WHERE series_id = $1 ORDER BY occurrence_day`,
        [seriesId],
      )
    ).rows;

  it('keeps the rule counting from the first day when changed from a later day', async () => {
    // 2028-01-04 is a Tuesday; from_day is the Wednesday after the next Tuesday.
    for (const rrule of ['FREQ=WEEKLY', 'FREQ=WEEKLY;INTERVAL=2;BYDAY=TU']) {
      const s = await series({ rrule, first_day: '2028-01-04', last_day: '2028-02-29' });
      const before = await eventsOf(s.id);
      expect(before.length).toBeGreaterThan(3);
      const led = before[3]!;
      expect((await assign(Number(led.id), tom)).statusCode).toBe(200);
      const res = await call('PATCH', `/api/nine/tours/event-series/${s.id}`, {
        from_day: '2028-01-12',
        capacity: 8,
        version: 1,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data, rrule).toMatchObject({ removed: 0, created: 0, kept: [] });
      const after = await eventsOf(s.id);
      expect(
        after.map((e) => e.day),
        rrule,
      ).toEqual(before.map((e) => e.day));
      expect(after.every((e) => e.dow === 2)).toBe(true);
      expect(after.filter((e) => e.day >= '2028-01-12').every((e) => e.capacity === 8)).toBe(true);
      const kept = await q(`SELECT 1 FROM tour_event_leaders WHERE event_id = $1 AND leader_id = $2`, [
        led.id,
        tom,
      ]);
      expect(kept.rowCount).toBe(1);
    }
  });

  it('keeps led departures the rule drops and refuses moving one outside its leader hours (422 naming it)', async () => {
    const s = await series({
      rrule: 'FREQ=WEEKLY;BYDAY=MO,WE',
      first_day: '2028-04-03',
      last_day: '2028-04-28',
    });
    const before = await eventsOf(s.id);
    const monday = before.find((e) => e.day === '2028-04-10')!;
    const wednesday = before.find((e) => e.day === '2028-04-12')!;
    expect((await assign(Number(monday.id), tom)).statusCode).toBe(200);
    expect((await assign(Number(wednesday.id), tom)).statusCode).toBe(200);
    const late = await call('PATCH', `/api/nine/tours/event-series/${s.id}`, {
      from_day: '2028-04-03',
      start_time: '19:00',
      version: 1,
    });
    expect([late.statusCode, code(late)]).toEqual([422, 1743]);
    expect(late.json().data).toMatchObject({ reason: 'hours', leader_id: tom, event_id: Number(monday.id) });
    expect(await eventsOf(s.id)).toEqual(before);

    const res = await call('PATCH', `/api/nine/tours/event-series/${s.id}`, {
      from_day: '2028-04-03',
      rrule: 'FREQ=WEEKLY;BYDAY=MO',
      version: 1,
    });
    expect(res.statusCode, res.body).toBe(200);
    const data: TourSeriesResult = res.json().data;
    expect(data.kept).toEqual([
      expect.objectContaining({ id: Number(wednesday.id), seats_taken: 0, reason: 'leaders' }),
    ]);
    expect(data.removed).toBe(3);
    const after = await eventsOf(s.id);
    expect(after.map((e) => e.day)).toEqual([
      '2028-04-03',
      '2028-04-10',
      '2028-04-12',
      '2028-04-17',
      '2028-04-24',
    ]);
  });

  it('refuses adding days to a tour no longer active (422 1752), still changing the rest', async () => {
    const { id: other } = (
      await q(
        `INSERT INTO tour_definitions (location_id, code, name, status, steps_done, duration_minutes, capacity,
                                       min_participants)
         VALUES ($1, 'OLDT', 'Old tour', 'active', ${ALL_STEPS}, 60, 10, 1) RETURNING id`,
        [loc],
      )
    ).rows[0];
    const s = await series({
      definition_id: other,
      rrule: 'FREQ=WEEKLY;BYDAY=FR',
      first_day: '2028-05-01',
      last_day: '2028-05-31',
    });
    await q(`UPDATE tour_definitions SET status = 'inactive' WHERE id = $1`, [other]);
    const longer = await call('PATCH', `/api/nine/tours/event-series/${s.id}`, {
      from_day: '2028-05-01',
      last_day: '2028-06-30',
      version: 1,
    });
    expect([longer.statusCode, code(longer)]).toEqual([422, 1752]);
    expect((await eventsOf(s.id)).length).toBe(4);
    const smaller = await call('PATCH', `/api/nine/tours/event-series/${s.id}`, {
      from_day: '2028-05-01',
      capacity: 6,
      version: 1,
    });
    expect(smaller.statusCode, smaller.body).toBe(200);
  });
});

describe('bounds, locks and reading (review fixes)', () => {
  it('refuses instants outside 2000-2100 with 400, and assigning never answers 500', async () => {
    const far = await call('POST', '/api/nine/tours/events', {
      definition_id: definition,
      starts_at: '9999-12-31T22:00:00Z',
    });
    expect([far.statusCode, code(far)]).toEqual([400, 1001]);
    const event = await oneOff('2027-06-02T08:00:00Z');
    const move = await call('POST', `/api/nine/tours/events/${event.id}/reschedule`, {
      starts_at: '2101-01-05T08:00:00Z',
      version: 1,
    });
    expect([move.statusCode, code(move)]).toEqual([400, 1001]);
    const list = await call('GET', '/api/nine/tours/events?from=9999-12-31T00:00:00Z');
    expect(list.statusCode).toBe(400);
    // A row made outside the API that late: a refusal, not a crash.
    const { id } = (
      await q(
        `INSERT INTO tour_events (definition_id, location_id, starts_at, ends_at, capacity, min_participants)
         VALUES ($1, $2, '9999-12-31T20:00:00Z', '9999-12-31T22:00:00Z', 10, 1) RETURNING id`,
        [definition, loc],
      )
    ).rows[0];
    const res = await assign(Number(id), tom);
    expect(res.statusCode, res.body).toBeLessThan(500);
    await q(`DELETE FROM tour_event_leaders WHERE event_id = $1`, [id]);
    await q(`DELETE FROM tour_events WHERE id = $1`, [id]);
  });

  it('reads a day off committed while the assignment waits for the leader (422 1743)', async () => {
    const event = await oneOff('2027-10-05T08:00:00Z'); // a Tuesday, 10:00 in Madrid
    const raw = await tdb.db.pool.connect();
    try {
      await raw.query('BEGIN');
      await raw.query('SELECT id FROM tour_leaders WHERE id = $1 FOR UPDATE', [tom]);
      await raw.query(
        `INSERT INTO tour_leader_days_off (leader_id, days) VALUES ($1, daterange('2027-10-05', '2027-10-06'))`,
        [tom],
      );
      const pending = assign(event.id, tom);
      await sleep(100);
      await raw.query('COMMIT');
      const res = await pending;
      expect([res.statusCode, code(res)], res.body).toEqual([422, 1743]);
      expect(res.json().data).toMatchObject({ reason: 'day_off', leader_id: tom });
    } finally {
      raw.release();
    }
  });

  it('refuses an event for a tour deactivated while it is being made (422 1752)', async () => {
    const { id: tour } = (
      await q(
        `INSERT INTO tour_definitions (location_id, code, name, status, steps_done, duration_minutes, capacity,
                                       min_participants)
         VALUES ($1, 'RACE', 'Race tour', 'active', ${ALL_STEPS}, 60, 10, 1) RETURNING id`,
        [loc],
      )
    ).rows[0];
    const raw = await tdb.db.pool.connect();
    try {
      await raw.query('BEGIN');
      await raw.query(`UPDATE tour_definitions SET status = 'inactive' WHERE id = $1`, [tour]);
      const pending = call('POST', '/api/nine/tours/events', {
        definition_id: tour,
        starts_at: '2027-10-06T08:00:00Z',
      });
      await sleep(100);
      await raw.query('COMMIT');
      const res = await pending;
      expect([res.statusCode, code(res)], res.body).toEqual([422, 1752]);
    } finally {
      raw.release();
    }
  });

  it('checks the equipment of an event before it is made', async () => {
    const url = (id: number, query: string) => `/api/nine/tours/definitions/${id}/equipment-check?${query}`;
    const full = await call('GET', url(definition, 'starts_at=2027-06-03T08:00:00Z'));
    expect(full.statusCode, full.body).toBe(200);
    expect(full.json().data.lines).toEqual([
      expect.objectContaining({ product_id: bulkProduct, needed: 10, free: 4, short: 6 }),
    ]);
    const small = await call('GET', url(definition, 'starts_at=2027-06-03T08:00:00Z&capacity=3'));
    expect(small.json().data.lines).toEqual([expect.objectContaining({ needed: 3, short: 0 })]);
    const bad = await call('GET', url(definition, 'starts_at=soon'));
    expect([bad.statusCode, code(bad)]).toEqual([400, 1001]);
    const notActive = await call('GET', url(draft, 'starts_at=2027-06-03T08:00:00Z'));
    expect([notActive.statusCode, code(notActive)]).toEqual([422, 1752]);
    const notHere = await call(
      'GET',
      url(definition, 'starts_at=2027-06-03T08:00:00Z'),
      undefined,
      elsewhere,
    );
    expect(notHere.statusCode).toBe(404);
  });

  it('lets a clerk with tour:change but not tour:view read every event', async () => {
    const list = await call('GET', '/api/nine/tours/events?page_size=5', undefined, clerk);
    expect(list.statusCode, list.body).toBe(200);
    const all = await call('GET', '/api/nine/tours/events?page_size=5');
    expect(list.json().data.total).toBe(all.json().data.total);
    const id = list.json().data.rows[0].id;
    for (const url of [
      `/api/nine/tours/events/${id}`,
      `/api/nine/tours/events/${id}/equipment`,
      '/api/nine/tours/events/calendar?from=2027-05-01T00:00:00Z&to=2027-06-01T00:00:00Z',
      `/api/nine/tours/definitions/${definition}/equipment-check?starts_at=2027-06-03T08:00:00Z`,
    ])
      expect((await call('GET', url, undefined, clerk)).statusCode, url).toBe(200);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runIntegrityChecks } from '../src/lib/integrity.ts';
import { termsFingerprint } from '../src/modules/tours/tour-terms-body.ts';
import { missingSteps } from '../src/modules/tours/definition-checks.ts';
import { getDefinition } from '../src/modules/tours/definition-queries.ts';
import { verifyWaiver } from '../src/modules/tours/waiver-content.ts';
import { seedDemoData } from '../src/seed/seed-demo.ts';
import { createTestDatabase, type TestDatabase } from './helpers/test-db.ts';
import { PRODUCT_LINES } from '@nine/shared/schemas/product-lines';
import { priceFor, type TourPrice, type TourSeasonPrices } from '@nine/shared/tour-pricing';
import { secretBoxFromEnv } from '../src/lib/secret-box.ts';
import { hashAccessToken } from '../src/modules/public/order-access-token.ts';
import {
  lineDefaults,
  locationOverrides,
  locationValues,
  settingsOf,
} from '../src/modules/settings/product-line-state.ts';

const NOW = new Date('2026-11-21T18:00:00Z');
let a: TestDatabase;
let b: TestDatabase;

beforeAll(async () => {
  [a, b] = await Promise.all([createTestDatabase(), createTestDatabase()]);
  await Promise.all([seedDemoData(a.db, { scale: 1, now: NOW }), seedDemoData(b.db, { scale: 1, now: NOW })]);
});
afterAll(async () => {
  await Promise.all([a.drop(), b.drop()]);
});

const one = async (t: TestDatabase, sql: string) => (await t.db.pool.query(sql)).rows[0];

describe('demo data', () => {
  it('is the shop the README promises', async () => {
    const counts = await one(
      a,
      `SELECT (SELECT count(*) FROM locations)::int AS locations, (SELECT count(*) FROM users)::int AS users,
              (SELECT count(*) FROM roles)::int AS roles, (SELECT count(*) FROM products WHERE kind <> 'tour')::int AS products,
              (SELECT count(*) FROM items)::int AS items, (SELECT count(*) FROM customers WHERE NOT is_anonymous)::int AS customers,
              (SELECT count(*) FROM orders WHERE type <> 'tour')::int AS orders,
              (SELECT min(created_at) FROM orders) < timestamptz '2025-01-01' AS spans_two_years`,
    );
    expect(counts).toEqual({
      locations: 3,
      users: 10,
      roles: 4,
      products: 300,
      items: 1000,
      customers: 2000,
      orders: 20_000,
      spans_two_years: true,
    });
    const statuses = (await a.db.pool.query(`SELECT DISTINCT status::text FROM orders ORDER BY 1`)).rows.map(
      (r) => r.status,
    );
    expect(statuses).toEqual(
      [
        'cancelled',
        'closed',
        'confirmed',
        'delivered',
        'open',
        'partially-delivered',
        'partially-returned',
        'pending',
        'returned',
      ].sort(),
    );
    const admin = await one(
      a,
      `SELECT count(DISTINCT ur.location_id)::int AS n FROM users u JOIN user_roles ur ON ur.user_id = u.id WHERE u.email = 'admin@nine.test'`,
    );
    expect(admin.n).toBe(3);
  });

  it('balances: every ledger transaction sums to zero, payments never exceed invoice totals', async () => {
    const unbalanced = await one(
      a,
      `SELECT count(*)::int AS n FROM (SELECT txn_id FROM ledger_entries GROUP BY txn_id HAVING sum(amount_minor) <> 0) t`,
    );
    expect(unbalanced.n).toBe(0);
    const overpaid = await one(
      a,
      `SELECT count(*)::int AS n FROM invoices i
       WHERE i.type <> 'credit_note' AND (SELECT coalesce(sum(amount_minor), 0) FROM payments p WHERE p.invoice_id = i.id) > i.total_minor`,
    );
    expect(overpaid.n).toBe(0);
    const ledgerCount = await one(a, `SELECT count(*)::int AS n FROM ledger_entries`);
    expect(ledgerCount.n).toBeGreaterThan(20_000);
  });

  it('leaves no dangling references although bulk loading skips FK triggers', async () => {
    const orphans = await one(
      a,
      `SELECT
         (SELECT count(*) FROM order_items oi LEFT JOIN orders o ON o.id = oi.order_id WHERE o.id IS NULL)::int
       + (SELECT count(*) FROM order_items oi LEFT JOIN items i ON i.id = oi.item_id WHERE oi.item_id IS NOT NULL AND i.id IS NULL)::int
       + (SELECT count(*) FROM orders o LEFT JOIN customers c ON c.id = o.customer_id WHERE c.id IS NULL)::int
       + (SELECT count(*) FROM invoices v LEFT JOIN orders o ON o.id = v.order_id WHERE o.id IS NULL)::int
       + (SELECT count(*) FROM invoice_lines l LEFT JOIN order_items oi ON oi.id = l.order_item_id
          WHERE l.order_item_id IS NOT NULL AND oi.id IS NULL)::int
       + (SELECT count(*) FROM invoices n LEFT JOIN refunds r ON r.id = n.refund_id WHERE n.refund_id IS NOT NULL AND r.id IS NULL)::int
       + (SELECT count(*) FROM payments p LEFT JOIN invoices v ON v.id = p.invoice_id WHERE v.id IS NULL)::int
       + (SELECT count(*) FROM ledger_entries e LEFT JOIN gl_codes g ON g.code = e.gl_code WHERE g.code IS NULL)::int
       + (SELECT count(*) FROM refunds r LEFT JOIN payments p ON p.id = r.payment_id WHERE p.id IS NULL)::int AS n`,
    );
    expect(orphans.n).toBe(0);
  });

  it('fills the tables the triggers keep, although bulk loading skips them', async () => {
    // Each derived table against a fresh sum from the rows it derives from (migrations 0009, 0013, 0016).
    const drift = await one(
      a,
      `SELECT
         (SELECT count(*) FROM (SELECT product_id, sum(order_item_revenue(oi)) AS r FROM order_items oi GROUP BY 1
            EXCEPT SELECT product_id, revenue_minor FROM product_totals) t)::int AS products,
         (SELECT count(*) FROM (SELECT i.id, coalesce(sum(p.amount_minor - coalesce((SELECT sum(amount_minor) FROM refunds r
                  WHERE r.payment_id = p.id), 0)), 0) AS paid
                FROM invoices i LEFT JOIN payments p ON p.invoice_id = i.id GROUP BY i.id
            EXCEPT SELECT invoice_id, paid_minor FROM invoice_settlements) t)::int AS invoices,
         (SELECT count(*) FROM (SELECT o.location_id, oi.product_id, d.day,
                  (count(DISTINCT oi.item_id) + coalesce(sum(oi.quantity) FILTER (WHERE oi.item_id IS NULL), 0))::int
                FROM order_items oi JOIN orders o ON o.id = oi.order_id JOIN locations l ON l.id = o.location_id
                CROSS JOIN LATERAL booked_local_days(oi.booked_period, l.time_zone) AS d(day)
                WHERE oi.status <> 'cancelled' GROUP BY 1, 2, 3
            EXCEPT SELECT location_id, product_id, day, units FROM product_booked_days) t)::int AS days,
         (SELECT count(*) FROM invoice_settlements)::int AS settlements,
         (SELECT count(*) FROM invoices)::int AS invoices_seeded,
         (SELECT count(*) FROM product_booked_days WHERE units > 0)::int AS booked_days`,
    );
    expect(drift).toMatchObject({ products: 0, invoices: 0, days: 0 });
    expect(drift.settlements).toBe(drift.invoices_seeded);
    expect(drift.booked_days).toBeGreaterThan(1000);
  });

  it('has closed repairs with their work, for the Repair Logs report', async () => {
    const repairs = await one(
      a,
      `SELECT count(DISTINCT l.id)::int AS logs, count(*) FILTER (WHERE w.id IS NULL)::int AS without_work,
              count(*) FILTER (WHERE l.status <> 'closed' OR l.closed_at < l.opened_at OR w.at NOT BETWEEN l.opened_at AND l.closed_at)::int AS odd
       FROM repair_logs l LEFT JOIN repair_work w ON w.repair_log_id = l.id`,
    );
    expect(repairs.logs).toBeGreaterThan(20);
    expect(repairs).toMatchObject({ without_work: 0, odd: 0 });
  });

  it('names no category picture it has not stored (a path there made a doubled, broken URL)', async () => {
    const named = await one(a, `SELECT count(*)::int AS n FROM categories WHERE image_url IS NOT NULL`);
    expect(named.n).toBe(0);
  });

  it('holds the money rules: refunds on closed orders are credited, so no closed order shows them as a balance', async () => {
    const refunds = await one(
      a,
      `SELECT count(*)::int AS refunds, count(n.id)::int AS credited FROM refunds r JOIN payments p ON p.id = r.payment_id
       JOIN orders o ON o.id = p.order_id LEFT JOIN invoices n ON n.refund_id = r.id WHERE o.status = 'closed'`,
    );
    expect(refunds.refunds).toBeGreaterThan(0);
    expect(refunds.credited).toBe(refunds.refunds);
    expect((await runIntegrityChecks(a.db.pool)).filter((r) => r.violations > 0)).toEqual([]);
  });

  it('opens each location’s current register, so the demo counter takes cash at once', async () => {
    const registers = await one(
      a,
      `SELECT count(*)::int AS locations, count(s.id)::int AS open FROM general_settings g
       LEFT JOIN register_sessions s ON s.cash_register_id = g.current_cash_register AND s.closed_at IS NULL`,
    );
    expect(registers).toEqual({ locations: 3, open: 3 });
  });

  it('offers six bulk rent products on each location’s kiosk', async () => {
    const kiosk = await one(
      a,
      `SELECT count(DISTINCT k.location_id)::int AS locations, count(*)::int AS rows,
              bool_and(p.kind = 'rent' AND p.active AND NOT p.is_serialized) AS rentable
       FROM kiosk_products k JOIN products p ON p.id = k.product_id`,
    );
    expect(kiosk).toEqual({ locations: 3, rows: 18, rentable: true });
  });

  it('is deterministic: two seeds of the same moment are identical', async () => {
    const digest = `SELECT md5(string_agg(concat_ws('|', id, number, type, status, customer_id, planned_start, total_minor), ',' ORDER BY id)) AS d FROM orders`;
    expect((await one(a, digest)).d).toBe((await one(b, digest)).d);
    const tours = `SELECT md5((SELECT string_agg(concat_ws('|', id, order_id, checkin_code, first_name, birth_date), ',' ORDER BY id) FROM tour_participants)
                   || (SELECT string_agg(encode(content_sha256, 'hex'), ',' ORDER BY id) FROM tour_waivers)) AS d`;
    expect((await one(a, tours)).d).toBe((await one(b, tours)).d);
  });

  it('keeps sequences ahead of the seeded ids so new orders get fresh numbers', async () => {
    // The shop's orders, then the tour reservations.
    const { n } = await one(a, `SELECT count(*)::int AS n FROM orders`);
    expect(n).toBeGreaterThan(20_000);
    const row = await one(
      a,
      `INSERT INTO orders (type, source, status, location_id) VALUES ('sale', 'walk_in', 'open', 1) RETURNING id, number`,
    );
    expect(row.id).toBe(n + 1);
    expect(row.number).toBe(100_000 + n + 1);
  });
});

describe('demo product-line settings (seed-settings-lines.ts)', () => {
  it('hold the business defaults wherever a location does not override them', async () => {
    const locations = (await a.db.pool.query('SELECT id, code FROM locations ORDER BY id')).rows as {
      id: number;
      code: string;
    }[];
    for (const line of PRODUCT_LINES) {
      const { values: defaults } = await lineDefaults(a.db.pool, line);
      for (const { id, code } of locations) {
        const values = await locationValues(a.db.pool, id, line);
        const { overrides } = await locationOverrides(a.db.pool, id, line);
        for (const setting of settingsOf(line))
          if (!overrides.includes(setting))
            expect(values[setting], `${code} ${line} ${setting}`).toEqual(defaults[setting]);
        if (code === 'LAKE' && line === 'sale') expect(values.close_sale_order).toBe('manual');
        if (code === 'LAKE' && line === 'rent') expect(values.warn_early_return_minutes).toBe(60);
      }
    }
  });
});

describe('demo tour leaders (seed-tours-leaders.ts)', () => {
  it('makes the three guides leaders with a week, skills (one expiring soon) and days off', async () => {
    const counts = await one(
      a,
      `SELECT (SELECT count(*) FROM tour_leaders)::int AS leaders,
              (SELECT count(DISTINCT leader_id) FROM tour_leader_hours)::int AS with_hours,
              (SELECT count(*) FROM tour_leader_skills WHERE name = 'First aid')::int AS first_aid,
              (SELECT count(*) FROM tour_leader_skills
                WHERE expires_on BETWEEN date '2026-11-21' AND date '2026-11-21' + 30)::int AS expiring,
              (SELECT count(*) FROM tour_leader_days_off)::int AS days_off`,
    );
    expect(counts).toEqual({ leaders: 3, with_hours: 3, first_aid: 3, expiring: 1, days_off: 4 });
  });
});

describe('demo tour settings (seed-tours-settings.ts)', () => {
  it('gives each location its settings, a meeting point and a site, and seeds groups, age groups and terms', async () => {
    const counts = await one(
      a,
      `SELECT (SELECT count(*) FROM tour_settings)::int AS settings,
              (SELECT count(*) FROM tour_places WHERE kind = 'meeting_point' AND latitude IS NOT NULL)::int AS meeting_points,
              (SELECT count(*) FROM tour_places WHERE kind = 'site')::int AS sites,
              (SELECT string_agg(name || ':' || color, ',' ORDER BY sort_order) FROM tour_groups) AS groups,
              (SELECT string_agg(name::text, ',' ORDER BY sort_order) FROM tour_age_groups WHERE active) AS age_groups,
              (SELECT string_agg(t.title || ' v' || v.number, ',' ORDER BY t.title, v.number)
                 FROM tour_terms t JOIN tour_term_versions v ON v.terms_id = t.id AND v.status = 'published') AS terms,
              (SELECT count(*) FROM tour_term_versions
                WHERE title IS NULL OR body_html NOT LIKE '<h2>%')::int AS bad_bodies`,
    );
    expect(counts).toEqual({
      settings: 3,
      meeting_points: 3,
      sites: 3,
      groups: 'Kayak:teal,Bike:orange,Walking:purple',
      age_groups: 'Adult,Youth,Child,Infant',
      terms: 'Activity waiver v1,Activity waiver v2,Booking terms v1',
      bad_bodies: 0,
    });
    const versions = await a.db.pool.query(
      `SELECT body, encode(body_sha256, 'hex') AS sha FROM tour_term_versions`,
    );
    for (const v of versions.rows) expect(v.sha).toBe(termsFingerprint(v.body).toString('hex'));
  });
});

describe('demo tour definitions (seed-tours-definitions.ts)', () => {
  it('publishes eight tours with every step, prices for every age group, equipment and a cover', async () => {
    const counts = await one(
      a,
      `SELECT (SELECT count(*) FROM tour_definitions WHERE status = 'active' AND cardinality(steps_done) = 7)::int AS active,
              (SELECT count(*) FROM tour_definitions d WHERE (SELECT count(*) FROM tour_definition_prices p WHERE p.definition_id = d.id)
                 <> (SELECT count(*) FROM tour_age_groups WHERE active))::int AS unpriced,
              (SELECT count(*) FROM tour_definition_seasons)::int AS seasons,
              (SELECT count(*) FROM tour_definition_cancellation_tiers)::int AS tiers,
              (SELECT count(*) FROM tour_definition_images WHERE is_cover)::int AS covers,
              (SELECT count(*) FROM tour_definition_items it JOIN products p ON p.id = it.product_id WHERE p.kind <> 'rent')::int AS not_rent,
              (SELECT count(DISTINCT definition_id) FROM tour_definition_items)::int AS equipped,
              (SELECT count(*) FROM tour_definitions WHERE terms_id IS NULL OR meeting_point_id IS NULL)::int AS incomplete`,
    );
    expect(counts).toEqual({
      active: 8,
      unpriced: 0,
      seasons: 8,
      tiers: 24,
      covers: 8,
      not_rent: 0,
      equipped: 5,
      incomplete: 0,
    });
  });

  it('passes the publish re-check: every seeded tour could be published again as it stands', async () => {
    const defs = await a.db.pool.query<{ id: number; location_id: number }>(
      'SELECT id, location_id FROM tour_definitions ORDER BY id',
    );
    expect(defs.rows).toHaveLength(8);
    for (const d of defs.rows) {
      const detail = await getDefinition(a.db.pool, d.id, d.location_id);
      expect([detail.code, await missingSteps(a.db.pool, detail)]).toEqual([detail.code, []]);
    }
  });
});

describe('demo tour events (seed-tours-events.ts)', () => {
  it('schedules about 1,500 departures in series, past ones done, leaders on their own timelines', async () => {
    const counts = await one(
      a,
      `SELECT (SELECT count(*) FROM tour_events)::int AS events,
              (SELECT count(*) FROM tour_event_series)::int AS series,
              (SELECT count(*) FROM tour_events WHERE series_id IS NULL)::int AS loose,
              (SELECT count(*) FROM tour_events WHERE status = 'cancelled')::int AS cancelled,
              (SELECT count(*) FROM tour_events WHERE starts_at < '${NOW.toISOString()}' AND status NOT IN ('completed', 'cancelled'))::int AS past_open,
              (SELECT count(*) FROM tour_event_leaders)::int AS assigned,
              (SELECT count(*) FROM tour_event_leaders el JOIN tour_events e ON e.id = el.event_id
                WHERE el.period <> tstzrange(e.starts_at, e.ends_at, '[)') OR el.released)::int AS stale_periods,
              (SELECT count(*) FROM tour_event_leaders el JOIN tour_events e ON e.id = el.event_id JOIN tour_leaders tl ON tl.id = el.leader_id
                WHERE NOT EXISTS (SELECT 1 FROM user_roles ur WHERE ur.user_id = tl.user_id AND ur.location_id = e.location_id))::int AS elsewhere,
              (SELECT count(DISTINCT to_char(e.starts_at AT TIME ZONE l.time_zone, 'HH24:MI') || e.series_id)::int
                 FROM tour_events e JOIN locations l ON l.id = e.location_id) AS start_times`,
    );
    expect(counts.events).toBeGreaterThan(1400);
    expect(counts.events).toBeLessThan(1700);
    expect(counts.cancelled).toBeGreaterThan(0);
    expect(counts.assigned).toBeGreaterThan(counts.events / 2);
    // Each series keeps its wall-clock start across the daylight-saving change.
    expect(counts).toMatchObject({
      series: 9,
      loose: 0,
      past_open: 0,
      stale_periods: 0,
      elsewhere: 0,
      start_times: 9,
    });
  });
});

describe('demo tour reservations (seed-tours-reservations.ts)', () => {
  const now = `timestamptz '${NOW.toISOString()}'`;

  it('books about 2,000 reservations over the season, never past a departure’s capacity', async () => {
    const counts = await one(
      a,
      `SELECT (SELECT count(*) FROM orders WHERE type = 'tour')::int AS orders,
              (SELECT count(*) FROM tour_reservations)::int AS reservations,
              (SELECT count(*) FROM orders o LEFT JOIN tour_reservations r ON r.order_id = o.id
                WHERE o.type = 'tour' AND (r.order_id IS NULL OR o.rental_type_id <> 2))::int AS loose,
              (SELECT count(*) FROM orders o JOIN tour_reservations r ON r.order_id = o.id WHERE o.planned_start < ${now})::int AS past,
              (SELECT count(*) FROM orders o JOIN tour_reservations r ON r.order_id = o.id WHERE o.planned_start > ${now})::int AS coming,
              (SELECT count(*) FROM orders WHERE type = 'tour' AND status = 'cancelled')::int AS cancelled,
              (SELECT count(*) FROM orders WHERE type = 'tour' AND planned_finish < ${now} AND status NOT IN ('closed', 'cancelled'))::int AS past_open,
              (SELECT count(*) FROM tour_events e LEFT JOIN (SELECT tour_event_id, sum(quantity) FILTER (WHERE status <> 'cancelled') AS seats
                 FROM order_items WHERE tour_event_id IS NOT NULL GROUP BY 1) s ON s.tour_event_id = e.id
                WHERE e.seats_taken <> coalesce(s.seats, 0) OR e.seats_taken > e.capacity)::int AS seat_drift,
              (SELECT count(*) FROM tour_events WHERE seats_taken = capacity AND status <> 'cancelled')::int AS full_events,
              (SELECT count(*) FROM order_items oi JOIN orders o ON o.id = oi.order_id JOIN tour_reservations r ON r.order_id = o.id
                JOIN tour_definitions d ON d.seat_product_id = oi.product_id
                WHERE oi.tour_event_id <> r.event_id OR oi.planned_start IS NOT NULL OR oi.item_id IS NOT NULL
                   OR (oi.status = 'cancelled') <> (o.status = 'cancelled'))::int AS odd_lines,
              (SELECT count(*) FROM order_items oi JOIN orders o ON o.id = oi.order_id
                WHERE o.type = 'tour' AND oi.tour_event_id IS NULL)::int AS lines_without_event,
              (SELECT count(*) FROM tour_waitlist WHERE status = 'waiting')::int AS waiting`,
    );
    expect(counts.orders).toBeGreaterThan(1800);
    expect(counts.orders).toBeLessThan(2300);
    expect(counts.reservations).toBe(counts.orders);
    expect(counts.past).toBeGreaterThan(500);
    expect(counts.coming).toBeGreaterThan(800);
    expect(counts.cancelled).toBeGreaterThan(0);
    expect(counts.full_events).toBeGreaterThan(5);
    expect(counts.waiting).toBeGreaterThan(0);
    expect(counts).toMatchObject({
      loose: 0,
      past_open: 0,
      seat_drift: 0,
      odd_lines: 0,
      lines_without_event: 0,
    });
  });

  it('prices seats as the tour does and bills them: closed ones paid, about 15 % of coming ones owing', async () => {
    const money = await one(
      a,
      `SELECT (SELECT count(*) FROM orders WHERE type = 'tour' AND status = 'closed' AND paid_minor <> total_minor)::int AS closed_owing,
              (SELECT count(*) FROM orders WHERE type = 'tour' AND status = 'confirmed')::int AS confirmed,
              (SELECT count(*) FROM orders WHERE type = 'tour' AND status = 'confirmed' AND paid_minor < total_minor)::int AS owing,
              (SELECT count(*) FROM orders WHERE type = 'tour' AND status = 'confirmed' AND paid_minor > 0 AND paid_minor < total_minor)::int AS part_paid,
              (SELECT count(*) FROM online_payment_intents i JOIN payments p ON p.id = i.payment_id
                WHERE i.status = 'succeeded' AND i.provider = 'test' AND p.method = 'external' AND p.amount_minor = i.amount_minor)::int AS online,
              (SELECT count(*) FROM order_access_tokens t JOIN orders o ON o.id = t.order_id
                WHERE t.purpose = 'share_link' AND t.expires_at > ${now} AND o.status = 'confirmed')::int AS share_links`,
    );
    expect(money.closed_owing).toBe(0);
    expect(money.owing / money.confirmed).toBeGreaterThan(0.08);
    expect(money.owing / money.confirmed).toBeLessThan(0.25);
    expect(money.part_paid).toBeGreaterThan(0);
    expect(money.online).toBeGreaterThan(100);
    expect(money.share_links).toBeGreaterThan(100);
    // The ledger and the kept balances hold with the reservations in (the shop's checks above run over them too).
    expect((await runIntegrityChecks(a.db.pool)).filter((r) => r.violations > 0)).toEqual([]);
  });

  it('prices every seat with priceFor on the departure’s local day, seasons included', async () => {
    const q = async <T>(sql: string) => (await a.db.pool.query(sql)).rows as T[];
    const base = new Map<number, TourPrice[]>();
    for (const p of await q<{ definition_id: number } & TourPrice>(
      'SELECT definition_id, age_group_id, price_minor::int AS price_minor FROM tour_definition_prices',
    ))
      base.set(p.definition_id, [...(base.get(p.definition_id) ?? []), p]);
    const seasons = new Map<number, TourSeasonPrices[]>();
    for (const s of await q<{ definition_id: number } & TourSeasonPrices>(
      `SELECT s.definition_id, lower(s.days)::text AS first_day, (upper(s.days) - 1)::text AS last_day,
              coalesce(json_agg(json_build_object('age_group_id', p.age_group_id, 'price_minor', p.price_minor))
                FILTER (WHERE p.age_group_id IS NOT NULL), '[]') AS prices
       FROM tour_definition_seasons s LEFT JOIN tour_definition_season_prices p ON p.season_id = s.id GROUP BY s.id`,
    ))
      seasons.set(s.definition_id, [...(seasons.get(s.definition_id) ?? []), s]);
    const seats = await q<{ definition_id: number; age_group_id: number; day: string; unit: number }>(
      `SELECT e.definition_id, oi.tour_age_group_id AS age_group_id, oi.unit_price_minor::int AS unit,
              to_char(e.starts_at AT TIME ZONE l.time_zone, 'YYYY-MM-DD') AS day
       FROM order_items oi JOIN tour_events e ON e.id = oi.tour_event_id JOIN locations l ON l.id = e.location_id`,
    );
    expect(seats.length).toBeGreaterThan(2000);
    const mispriced = seats.filter(
      (s) =>
        s.unit !==
        priceFor(base.get(s.definition_id) ?? [], seasons.get(s.definition_id) ?? [], s.age_group_id, s.day),
    );
    expect(mispriced).toEqual([]);
  });

  it('seeds share links from random bytes, sealed so staff can copy them, and not the same in two seeds', async () => {
    const box = secretBoxFromEnv()!;
    const links = async (t: TestDatabase) =>
      (
        await t.db.pool.query<{ order_id: string; token_hash: Buffer; token_sealed: string | null }>(
          `SELECT order_id, token_hash, token_sealed FROM order_access_tokens WHERE purpose = 'share_link' ORDER BY order_id`,
        )
      ).rows;
    const [inA, inB] = [await links(a), await links(b)];
    expect(inA.length).toBeGreaterThan(100);
    // Which orders have a link is part of the deterministic demo; the tokens are not.
    expect(inA.map((l) => l.order_id)).toEqual(inB.map((l) => l.order_id));
    expect(inA.filter((l, i) => l.token_hash.equals(inB[i]!.token_hash))).toEqual([]);
    for (const l of inA.slice(0, 50))
      expect(hashAccessToken(box.open(l.token_sealed!))!.equals(l.token_hash)).toBe(true);
  });

  it('has everyone of a run departure checked in and signed, and most of the coming ones signed', async () => {
    const people = await one(
      a,
      `SELECT count(*)::int AS participants,
              count(*) FILTER (WHERE w.participant_id IS NOT NULL)::int AS signed,
              count(*) FILTER (WHERE o.status = 'closed')::int AS past,
              count(*) FILTER (WHERE o.status = 'closed' AND (w.participant_id IS NULL OR p.checked_in_at IS NULL))::int AS past_missing,
              count(*) FILTER (WHERE o.status = 'confirmed')::int AS coming,
              count(*) FILTER (WHERE o.status = 'confirmed' AND w.participant_id IS NOT NULL)::int AS coming_signed,
              count(*) FILTER (WHERE w.signer_role = 'guardian')::int AS guardians,
              count(*) FILTER (WHERE p.created_via = 'share_link')::int AS via_link,
              count(*) FILTER (WHERE g.guardian_required <> (w.signer_role = 'guardian'))::int AS wrong_signer
       FROM tour_participants p JOIN orders o ON o.id = p.order_id JOIN tour_age_groups g ON g.id = p.age_group_id
       LEFT JOIN (SELECT DISTINCT ON (participant_id) participant_id, signer_role FROM tour_waivers ORDER BY participant_id, id DESC) w
         ON w.participant_id = p.id`,
    );
    expect(people.participants).toBeGreaterThan(3000);
    expect(people.signed / people.participants).toBeGreaterThan(0.8);
    // A few no-shows; everyone else was checked in.
    expect(people.past_missing / people.past).toBeLessThan(0.05);
    expect(people.coming_signed / people.coming).toBeGreaterThan(0.75);
    expect(people.coming_signed / people.coming).toBeLessThan(0.97);
    expect(people.guardians).toBeGreaterThan(0);
    expect(people.via_link / people.participants).toBeGreaterThan(0.5);
    expect(people.wrong_signer).toBe(0);
    const overfull = await one(
      a,
      `SELECT count(*)::int AS n FROM (SELECT p.order_id, p.age_group_id, count(*) AS people FROM tour_participants p GROUP BY 1, 2) p
       LEFT JOIN (SELECT order_id, tour_age_group_id, sum(quantity) AS seats FROM order_items WHERE tour_event_id IS NOT NULL
                  GROUP BY 1, 2) s ON s.order_id = p.order_id AND s.tour_age_group_id = p.age_group_id
       WHERE p.people > coalesce(s.seats, 0)`,
    );
    expect(overfull.n).toBe(0);
  });

  it('keeps every waiver verifiable: its hash recomputes from what it says was signed', async () => {
    const waivers = await a.db.pool.query<{
      signed_content: unknown;
      content_sha256: Buffer;
      signature_png: Buffer;
    }>(`SELECT signed_content, content_sha256, signature_png FROM tour_waivers`);
    expect(waivers.rows.length).toBeGreaterThan(3000);
    expect(waivers.rows.filter((w) => !verifyWaiver(w).verified)).toEqual([]);
    const versions = await one(
      a,
      `SELECT count(*) FILTER (WHERE (w.signed_content->>'term_version_id')::bigint <> w.term_version_id
                                  OR w.signed_content->>'term_body_sha256' <> encode(v.body_sha256, 'hex')
                                  OR v.published_at > w.signed_at)::int AS odd,
              count(DISTINCT w.term_version_id)::int AS versions,
              bool_and(substring(w.signature_png from 1 for 8) = '\\x89504e470d0a1a0a'::bytea) AS png
       FROM tour_waivers w JOIN tour_term_versions v ON v.id = w.term_version_id`,
    );
    expect(versions).toMatchObject({ odd: 0, png: true });
    expect(versions.versions).toBeGreaterThan(1);
  });
});

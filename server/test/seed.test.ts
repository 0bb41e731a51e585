import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runIntegrityChecks } from '../src/lib/integrity.ts';
import { termsFingerprint } from '../src/modules/tours/tour-terms-body.ts';
import { missingSteps } from '../src/modules/tours/definition-checks.ts';
import { getDefinition } from '../src/modules/tours/definition-queries.ts';
import { seedDemoData } from '../src/seed/seed-demo.ts';
import { createTestDatabase, type TestDatabase } from './helpers/test-db.ts';
import { PRODUCT_LINES } from '@nine/shared/schemas/product-lines';
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
              (SELECT count(*) FROM orders)::int AS orders,
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
  });

  it('keeps sequences ahead of the seeded ids so new orders get fresh numbers', async () => {
    const row = await one(
      a,
      `INSERT INTO orders (type, source, status, location_id) VALUES ('sale', 'walk_in', 'open', 1) RETURNING id, number`,
    );
    expect(row.id).toBe(20_001);
    expect(row.number).toBe(120_001);
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

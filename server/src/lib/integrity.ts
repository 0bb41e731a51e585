import { rows, type Queryable } from '../db/sql.ts';

/**
 * Money and stock rules that must hold in any Nine database, each as a query that returns the rows that
 * break it. The concurrency tests run them after every burst; a shop runs them with `pnpm integrity`.
 */
export const INTEGRITY_CHECKS: { name: string; rule: string; sql: string }[] = [
  {
    name: 'refunds_exceed_payment',
    rule: 'The refunds of a payment never add up to more than the payment.',
    sql: `SELECT p.id AS payment_id, p.amount_minor, sum(r.amount_minor)::bigint AS refunded_minor
          FROM payments p JOIN refunds r ON r.payment_id = p.id
          GROUP BY p.id HAVING sum(r.amount_minor) > p.amount_minor`,
  },
  {
    name: 'orders_overpaid',
    rule: 'An order is never paid beyond its total, except what was kept as account credit on purpose.',
    sql: `SELECT o.id AS order_id, o.total_minor, paid.minor AS paid_minor, coalesce(credit.minor, 0) AS credit_kept_minor
          FROM orders o
          JOIN LATERAL (SELECT (coalesce((SELECT sum(amount_minor) FROM payments WHERE order_id = o.id), 0)
                - coalesce((SELECT sum(r.amount_minor) FROM refunds r JOIN payments p ON p.id = r.payment_id WHERE p.order_id = o.id), 0))::bigint AS minor) paid ON true
          LEFT JOIN LATERAL (SELECT (-sum(e.amount_minor))::bigint AS minor FROM ledger_entries e
                WHERE e.order_id = o.id AND e.amount_minor < 0
                  AND e.gl_code = (SELECT gl_code FROM gl_system_accounts WHERE posting = 'customer_credit')) credit ON true
          WHERE paid.minor > o.total_minor + coalesce(credit.minor, 0)`,
  },
  {
    name: 'ledger_unbalanced',
    rule: 'Every ledger transaction sums to zero.',
    sql: `SELECT txn_id, sum(amount_minor)::bigint AS sum_minor FROM ledger_entries GROUP BY txn_id HAVING sum(amount_minor) <> 0`,
  },
  {
    name: 'deposit_negative',
    rule: 'No order returns or claims more deposit than it held.',
    sql: `SELECT order_id, sum(CASE kind WHEN 'held' THEN amount_minor ELSE -amount_minor END)::bigint AS held_minor
          FROM deposit_movements GROUP BY order_id
          HAVING sum(CASE kind WHEN 'held' THEN amount_minor ELSE -amount_minor END) < 0`,
  },
  {
    name: 'stock_negative',
    rule: 'No bulk stock level is below zero.',
    sql: `SELECT product_id, location_id, quantity FROM stock_levels WHERE quantity < 0`,
  },
  {
    name: 'invoice_paid_drift',
    rule: 'The paid amount kept per invoice equals a fresh sum of its payments less refunds.',
    sql: `SELECT s.invoice_id, s.paid_minor, fresh.minor AS fresh_minor
          FROM invoice_settlements s
          JOIN LATERAL (SELECT coalesce(sum(p.amount_minor - coalesce((SELECT sum(r.amount_minor) FROM refunds r WHERE r.payment_id = p.id), 0)), 0)::bigint AS minor
                        FROM payments p WHERE p.invoice_id = s.invoice_id) fresh ON true
          WHERE s.paid_minor <> fresh.minor`,
  },
  {
    name: 'invoice_credited_drift',
    rule: 'The credited amount kept per invoice equals a fresh sum of the credit notes against it (a refund’s own note carries its total back).',
    sql: `SELECT * FROM (
            SELECT s.invoice_id, s.credited_minor,
                   (coalesce(c.total, 0) - CASE WHEN i.refund_id IS NULL THEN 0 ELSE i.total_minor END)::bigint AS fresh_minor
            FROM invoice_settlements s JOIN invoices i ON i.id = s.invoice_id
            LEFT JOIN (SELECT credits_invoice_id, sum(total_minor) AS total FROM invoices
                       WHERE credits_invoice_id IS NOT NULL GROUP BY credits_invoice_id) c ON c.credits_invoice_id = i.id) t
          WHERE credited_minor <> fresh_minor`,
  },
  {
    name: 'order_paid_drift',
    rule: 'The paid amount kept per order equals a fresh sum of its payments less refunds.',
    sql: `SELECT o.id AS order_id, o.paid_minor, coalesce(f.minor, 0)::bigint AS fresh_minor
          FROM orders o
          LEFT JOIN (SELECT p.order_id, sum(p.amount_minor - coalesce(r.minor, 0)) AS minor
                     FROM payments p
                     LEFT JOIN (SELECT payment_id, sum(amount_minor) AS minor FROM refunds GROUP BY payment_id) r
                       ON r.payment_id = p.id
                     WHERE p.order_id IS NOT NULL GROUP BY p.order_id) f ON f.order_id = o.id
          WHERE o.paid_minor <> coalesce(f.minor, 0)`,
  },
  {
    name: 'order_unbalanced_drift',
    rule: 'The count of unbalanced invoices kept per order equals a fresh count of its invoices whose total differs from what was paid on them.',
    sql: `SELECT o.id AS order_id, o.unbalanced_invoices, coalesce(f.n, 0)::int AS fresh_count
          FROM orders o
          LEFT JOIN (SELECT i.order_id, count(*) AS n FROM invoices i JOIN invoice_settlements s ON s.invoice_id = i.id
                     WHERE i.order_id IS NOT NULL AND i.total_minor <> s.paid_minor GROUP BY i.order_id) f
            ON f.order_id = o.id
          WHERE o.unbalanced_invoices <> coalesce(f.n, 0)`,
  },
  {
    name: 'invoice_settlement_copy_drift',
    rule: 'A settlement row carries its invoice’s total, order, location, list and creation time.',
    sql: `SELECT s.invoice_id FROM invoice_settlements s JOIN invoices i ON i.id = s.invoice_id
          WHERE (s.total_minor, s.order_id, s.location_id, s.list, s.created_at)
                IS DISTINCT FROM (i.total_minor, i.order_id, i.location_id, i.list, i.created_at)`,
  },
  {
    name: 'invoice_over_credited',
    rule: 'Credit notes never take more off an invoice than its total.',
    sql: `SELECT i.id AS invoice_id, i.total_minor, s.credited_minor FROM invoices i JOIN invoice_settlements s ON s.invoice_id = i.id
          WHERE i.type <> 'credit_note' AND i.total_minor + s.credited_minor < least(i.total_minor, 0)`,
  },
  {
    name: 'closed_order_invoice_in_progress',
    rule: 'A closed order has no invoice in progress: closing posts them all.',
    sql: `SELECT o.id AS order_id, i.id AS invoice_id FROM orders o JOIN invoices i ON i.order_id = o.id
          WHERE o.status = 'closed' AND i.status = 'in_progress'`,
  },
  {
    name: 'online_intent_payment',
    rule: "An online payment intent's payment is an external payment of the intent's own order, taken by nobody.",
    sql: `SELECT i.id AS intent_id, i.order_id, p.id AS payment_id, p.order_id AS payment_order_id
          FROM online_payment_intents i JOIN payments p ON p.id = i.payment_id
          WHERE p.order_id IS DISTINCT FROM i.order_id OR p.method <> 'external' OR p.created_by IS NOT NULL`,
  },
  {
    name: 'tour_seats_drift',
    rule: 'The seats taken kept per tour departure equal a fresh sum of its live seat lines.',
    sql: `SELECT e.id AS event_id, e.seats_taken, coalesce(f.seats, 0)::int AS fresh_seats
          FROM tour_events e
          LEFT JOIN (SELECT tour_event_id, sum(quantity) AS seats FROM order_items
                     WHERE tour_event_id IS NOT NULL AND status <> 'cancelled' GROUP BY tour_event_id) f
            ON f.tour_event_id = e.id
          WHERE e.seats_taken <> coalesce(f.seats, 0)`,
  },
  {
    name: 'tour_participants_exceed_seats',
    rule: 'A live reservation names no more participants of an age group than it has live seats of that group.',
    sql: `SELECT p.order_id, p.age_group_id, p.n AS participants, coalesce(s.seats, 0)::int AS seats
          FROM (SELECT tp.order_id, tp.age_group_id, count(*)::int AS n FROM tour_participants tp
                JOIN tour_reservations r ON r.order_id = tp.order_id JOIN orders o ON o.id = tp.order_id
                WHERE tp.age_group_id IS NOT NULL AND o.status NOT IN ('cancelled', 'pre-cancel') GROUP BY 1, 2) p
          LEFT JOIN (SELECT order_id, tour_age_group_id, sum(quantity) AS seats FROM order_items
                     WHERE tour_event_id IS NOT NULL AND status <> 'cancelled' GROUP BY 1, 2) s
            ON s.order_id = p.order_id AND s.tour_age_group_id = p.age_group_id
          WHERE p.n > coalesce(s.seats, 0)`,
  },
];

export interface IntegrityResult {
  name: string;
  rule: string;
  violations: number;
  /** Up to five offending rows, to start looking. */
  sample: Record<string, unknown>[];
}

export async function runIntegrityChecks(q: Queryable): Promise<IntegrityResult[]> {
  const results: IntegrityResult[] = [];
  for (const check of INTEGRITY_CHECKS) {
    const found = await rows<Record<string, unknown>>(q, check.sql);
    results.push({ name: check.name, rule: check.rule, violations: found.length, sample: found.slice(0, 5) });
  }
  return results;
}

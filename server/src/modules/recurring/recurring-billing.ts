import { invoiceTax, spreadTax } from '@nine/shared/tax';
import type { Db } from '../../db/pool.ts';
import { exec, maybeOne, one, rows, type Queryable } from '../../db/sql.ts';
import type { Tables } from '../../db/tables.ts';
import { audit } from '../../lib/audit.ts';
import { transaction } from '../../lib/transaction.ts';

/** A due period of a plan; its days read with ::text, as 'YYYY-MM-DD'. */
type DuePlan = Pick<Tables['recurring_plans'], 'id' | 'order_id' | 'frequency'> & {
  period_start: string;
  period_end: string;
};

const STEP: Record<Tables['recurring_plans']['frequency'], string> = {
  weekly: '7 days',
  biweekly: '14 days',
  monthly: '1 month',
};

/**
 * Bills every due period of every active plan: for each, one transaction claims the (plan, period)
 * row, creates the recurring invoice for the period's days and moves the plan on. A claim that
 * already exists means another instance or an earlier run billed it: nothing happens twice.
 */
export async function billDuePlans(db: Db, today?: string): Promise<number> {
  let issued = 0;
  for (;;) {
    const billed = await transaction(db, async (client) => {
      // One due plan at a time, skipping plans another instance is billing right now.
      const plan = await maybeOne<DuePlan>(
        client,
        `SELECT p.id, p.order_id, p.frequency, p.next_invoice_date::text AS period_start,
                (p.next_invoice_date + CASE p.frequency WHEN 'weekly' THEN interval '7 days'
                   WHEN 'biweekly' THEN interval '14 days' ELSE interval '1 month' END)::date::text AS period_end
         FROM recurring_plans p JOIN orders o ON o.id = p.order_id
         WHERE p.active AND p.next_invoice_date <= coalesce($1::date, (now() AT TIME ZONE (SELECT time_zone FROM locations WHERE id = o.location_id))::date)
           AND o.status NOT IN ('cancelled', 'closed', 'pre-cancel')
         ORDER BY p.next_invoice_date, p.id LIMIT 1 FOR UPDATE OF p SKIP LOCKED`,
        [today ?? null],
      );
      if (!plan) return null;
      const count = await billPeriod(client, plan);
      await exec(
        client,
        `UPDATE recurring_plans SET next_invoice_date = next_invoice_date + $2::interval, updated_at = now() WHERE id = $1`,
        [plan.id, STEP[plan.frequency]],
      );
      return count;
    });
    if (billed === null) return issued;
    issued += billed;
  }
}

async function billPeriod(client: Queryable, plan: Omit<DuePlan, 'frequency'>): Promise<number> {
  // The plan's order: its row exists (the plan references it).
  const o = await one<
    Pick<Tables['orders'], 'location_id' | 'customer_id'> & { is_tax_included: boolean; tax_bp: number }
  >(
    client,
    `SELECT o.location_id, o.customer_id, coalesce(g.is_tax_included, false) AS is_tax_included,
            coalesce((SELECT sum(rate_bp) FROM taxes WHERE is_active), 0)::int AS tax_bp
     FROM orders o LEFT JOIN general_settings g ON g.location_id = o.location_id WHERE o.id = $1`,
    [plan.order_id],
  );
  const days = Math.round((Date.parse(plan.period_end) - Date.parse(plan.period_start)) / 86_400_000);
  const lines = await rows<
    Pick<Tables['order_items'], 'id' | 'quantity'> & {
      name: Tables['products']['name'];
      day_price: Tables['products']['price_minor'];
    }
  >(
    client,
    `SELECT oi.id, p.name, oi.quantity, p.price_minor AS day_price FROM order_items oi JOIN products p ON p.id = oi.product_id
     WHERE oi.order_id = $1 AND oi.status NOT IN ('cancelled', 'returned') ORDER BY oi.id`,
    [plan.order_id],
  );
  if (lines.length === 0) return 0;
  const nets = lines.map((l) => l.day_price * days * l.quantity);
  const gross = nets.reduce((a, b) => a + b, 0);
  const tax = invoiceTax(gross, o.tax_bp, o.is_tax_included);
  const subtotal = o.is_tax_included ? gross - tax : gross;
  const taxes = spreadTax(nets, tax);
  const invoice = await one<Pick<Tables['invoices'], 'id'>>(
    client,
    `INSERT INTO invoices (type, order_id, customer_id, location_id, billing_from, billing_to, subtotal_minor, tax_minor, total_minor)
     VALUES ('recurring', $1, $2, $3, $4::date, $5::date, $6, $7, $8) RETURNING id`,
    [
      plan.order_id,
      o.customer_id,
      o.location_id,
      plan.period_start,
      plan.period_end,
      subtotal,
      tax,
      subtotal + tax,
    ],
  );
  const claimed = await exec(
    client,
    'INSERT INTO recurring_invoices (plan_id, period_start, invoice_id) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING',
    [plan.id, plan.period_start, invoice.id],
  );
  if (claimed === 0) throw new Error(`period ${plan.period_start} of plan ${plan.id} already billed`);
  await exec(
    client,
    `INSERT INTO invoice_lines (invoice_id, description, quantity, unit_price_minor, tax_minor, total_minor)
     SELECT $1, * FROM unnest($2::text[], $3::int[], $4::bigint[], $5::bigint[], $6::bigint[])`,
    [
      invoice.id,
      lines.map((l) => `${l.name}: ${plan.period_start} – ${plan.period_end}`),
      lines.map((l) => l.quantity),
      lines.map((l) => l.day_price * days),
      taxes,
      nets.map((n, i) => (o.is_tax_included ? n : n + taxes[i]!)),
    ],
  );
  // Billed by the schedule, not by a person: the row names no user or location.
  await audit(client, null, {
    entity: 'order',
    entityId: plan.order_id,
    action: 'recurring_invoice',
    data: { invoice_id: invoice.id, period_start: plan.period_start, period_end: plan.period_end },
  });
  return 1;
}

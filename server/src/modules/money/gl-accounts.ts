import type pg from 'pg';
import type { GlPaymentMethod, GlSystemPosting } from '@nine/shared/schemas/gl-accounts';
import type { PaymentMethod } from '@nine/shared/schemas/money';
import { spreadTax } from '@nine/shared/tax';
import { prepared, rows, type Queryable } from '../../db/sql.ts';
import type { LedgerLine } from './ledger.ts';

/**
 * The accounts the books post to, read from the Business settings' account mappings (migration 0036) in the
 * posting's own transaction: a save commits before or after a posting, never half-way through one.
 */
export interface GlAccounts {
  payment: Readonly<Record<GlPaymentMethod, string>>;
  system: Readonly<Record<GlSystemPosting, string>>;
  /** Only the taxes and categories mapped to a code of their own. */
  tax: ReadonlyMap<number, string>;
  category: ReadonlyMap<number, string>;
}

const ALL_ACCOUNTS = prepared(
  `SELECT 'payment' AS kind, method AS key, gl_code FROM gl_payment_accounts
   UNION ALL SELECT 'system', posting, gl_code FROM gl_system_accounts
   UNION ALL SELECT 'tax', tax_id::text, gl_code FROM gl_tax_accounts WHERE gl_code IS NOT NULL
   UNION ALL SELECT 'category', category_id::text, gl_code FROM gl_category_accounts WHERE gl_code IS NOT NULL`,
);

/** The four mappings in one statement. */
export async function glAccounts(q: Queryable): Promise<GlAccounts> {
  const found = await rows<{ kind: string; key: string; gl_code: string }>(q, ALL_ACCOUNTS);
  const payment: Partial<Record<GlPaymentMethod, string>> = {};
  const system: Partial<Record<GlSystemPosting, string>> = {};
  const tax = new Map<number, string>();
  const category = new Map<number, string>();
  for (const r of found) {
    if (r.kind === 'payment') payment[r.key as GlPaymentMethod] = r.gl_code;
    else if (r.kind === 'system') system[r.key as GlSystemPosting] = r.gl_code;
    else if (r.kind === 'tax') tax.set(Number(r.key), r.gl_code);
    else category.set(Number(r.key), r.gl_code);
  }
  return {
    payment: payment as Record<GlPaymentMethod, string>,
    system: system as Record<GlSystemPosting, string>,
    tax,
    category,
  };
}

/** The account the money of a payment method moves in; paying with account credit draws on customer credit. */
export function methodAccount(a: GlAccounts, method: PaymentMethod): string {
  return method === 'account_credit' ? a.system.customer_credit : a.payment[method];
}

/** An invoice's product line: a sale (or a sale order's charge) earns sale revenue, the rest rent revenue. */
export function revenueAccount(a: GlAccounts, inv: { type: string; of_sale_order: boolean }): string {
  return inv.type === 'sale' || inv.of_sale_order ? a.system.sale_revenue : a.system.rent_revenue;
}

/** Lines on the same account become one, so a posting names each account once (as it always did). */
export function mergeLines(lines: LedgerLine[]): LedgerLine[] {
  const byCode = new Map<string, number>();
  for (const l of lines) byCode.set(l.gl, (byCode.get(l.gl) ?? 0) + l.amount);
  return [...byCode].map(([gl, amount]) => ({ gl, amount }));
}

/**
 * An invoice's revenue (`total`, positive) per account: each line's net (its total less its tax) goes to
 * its product category's account, else to the product line's; whatever the lines do not account for (none
 * name a product, or older rounding) goes to the product line's, so the result always sums to `total`.
 */
export async function revenueByAccount(
  client: pg.PoolClient,
  a: GlAccounts,
  invoiceId: number,
  fallback: string,
  total: number,
): Promise<LedgerLine[]> {
  const lines = await rows<{ category_id: number | null; revenue: number }>(
    client,
    `SELECT p.category_id, (l.total_minor - l.tax_minor)::bigint AS revenue
     FROM invoice_lines l LEFT JOIN order_items oi ON oi.id = l.order_item_id LEFT JOIN products p ON p.id = oi.product_id
     WHERE l.invoice_id = $1 ORDER BY l.id`,
    [invoiceId],
  );
  const out: LedgerLine[] = lines.map((l) => ({
    gl: (l.category_id !== null ? a.category.get(l.category_id) : undefined) ?? fallback,
    amount: l.revenue,
  }));
  const accounted = out.reduce((s, l) => s + l.amount, 0);
  out.push({ gl: fallback, amount: total - accounted });
  return mergeLines(out);
}

/**
 * Tax (`total`, positive) per account: invoices tax by the sum of the active rates, so the amount is shared
 * between the active taxes in proportion to their rates (the one spreading rule), each to its own account
 * or the system's tax payable account.
 */
export async function taxByAccount(
  client: pg.PoolClient,
  a: GlAccounts,
  total: number,
): Promise<LedgerLine[]> {
  const taxes = await rows<{ id: number; rate_bp: number }>(
    client,
    'SELECT id, rate_bp FROM taxes WHERE is_active AND rate_bp > 0 ORDER BY id',
  );
  if (taxes.length === 0 || total === 0) return [{ gl: a.system.tax_payable, amount: total }];
  const shares = spreadTax(
    taxes.map((t) => t.rate_bp),
    total,
  );
  return mergeLines(
    taxes.map((t, i) => ({ gl: a.tax.get(t.id) ?? a.system.tax_payable, amount: shares[i]! })),
  );
}

/** `amount` shared over the accounts of `weights` in proportion to them (the one spreading rule). */
export function spreadOver(weights: LedgerLine[], amount: number): LedgerLine[] {
  if (weights.length === 0) return [];
  const shares = spreadTax(
    weights.map((w) => w.amount),
    amount,
  );
  return weights.map((w, i) => ({ gl: w.gl, amount: shares[i]! }));
}

export const negate = (lines: LedgerLine[]): LedgerLine[] =>
  lines.map((l) => ({ gl: l.gl, amount: -l.amount }));

import type { InvoiceDetail, InvoiceLine, InvoiceRow, InvoiceTaxLine } from '@nine/shared/schemas/invoices';
import { spreadTax } from '@nine/shared/tax';
import { maybeOne, one, rows, type Queryable } from '../../db/sql.ts';
import type { OrderStatus, Tables } from '../../db/tables.ts';

/** Timestamps arrive from pg as Dates; the reply serialises them to the ISO strings the shared schema states. */
type AsRead<T, K extends keyof T> = Omit<T, K> & { [P in K]: null extends T[P] ? Date | null : Date };
type InvoiceTimes =
  'created_at' | 'in_progress_at' | 'posted_at' | 'updated_at' | 'billing_from' | 'billing_to';

/** An invoice row as read (InvoiceRow on the wire). */
export type InvoiceRowRead = AsRead<InvoiceRow, InvoiceTimes>;
type PaymentRead = Pick<Tables['payments'], 'id' | 'method' | 'amount_minor' | 'reference' | 'created_at'> & {
  created_by: string | null;
  refunded_minor: number;
};
type RefundRead = Pick<Tables['refunds'], 'id' | 'payment_id' | 'amount_minor' | 'reason' | 'created_at'>;
/** The name is null when both parts are blank, although the wire schema says a string. */
type CustomerRead = Pick<Tables['customers'], 'id' | 'phone'> & {
  name: string | null;
  email: string | null;
  address: string | null;
};

/** The invoice detail as read (InvoiceDetail on the wire). */
export type InvoiceDetailRead = Omit<InvoiceDetail, InvoiceTimes | 'customer_detail' | 'payments'> &
  Pick<InvoiceRowRead, InvoiceTimes> & {
    customer_detail: CustomerRead | null;
    payments: (PaymentRead & { refunds: Omit<RefundRead, 'payment_id'>[] })[];
  };

/**
 * Paid on an invoice: its payments less their refunds, kept by the database's own triggers in the same
 * transaction as each payment or refund (migration 0013), so filters and sorts on it use an index.
 */
export const PAID_SQL = 's.paid_minor';

/**
 * What is still due on an invoice: its total less what credit notes took off it (migration 0022) less what
 * was paid, so an invoice whose order got a refund after closing shows no balance.
 */
export const BALANCE_SQL = '(i.total_minor + s.credited_minor - s.paid_minor)';

export const INVOICE_COLUMNS = `i.id, i.number, i.type, i.status, i.order_id, o.number AS order_number, o.type AS order_type,
  nullif(trim(c.first_name || ' ' || c.last_name), '') AS customer, i.created_at, i.in_progress_at, i.posted_at, i.updated_at,
  i.billing_from, i.billing_to, i.subtotal_minor, i.discount_minor, i.tax_minor, i.total_minor,
  s.paid_minor, s.credited_minor, ${BALANCE_SQL}::bigint AS balance_minor`;

export const INVOICE_FROM = `FROM invoices i LEFT JOIN orders o ON o.id = i.order_id LEFT JOIN customers c ON c.id = i.customer_id
  JOIN invoice_settlements s ON s.invoice_id = i.id`;

/** show_taxes_mode: each tax on its own line (default), one combined line, or none printed. */
export function taxLines(
  mode: string,
  taxMinor: number,
  active: { name: string; rate_bp: number }[],
): InvoiceTaxLine[] {
  if (mode === 'none' || mode === 'hidden') return [];
  const rate = active.reduce((sum, t) => sum + t.rate_bp, 0);
  if (mode === 'combined' || mode === 'total' || active.length <= 1) {
    if (taxMinor === 0 && rate === 0) return [];
    return [{ name: active.length === 1 ? active[0]!.name : '', rate_bp: rate, amount_minor: taxMinor }];
  }
  // The one tax rule computes the invoice's tax on the summed rate; each tax takes its share by rate.
  const shares = spreadTax(
    active.map((t) => t.rate_bp),
    taxMinor,
  );
  return active.map((t, i) => ({ name: t.name, rate_bp: t.rate_bp, amount_minor: shares[i]! }));
}

type Settings = Pick<
  Tables['general_settings'],
  | 'is_tax_included'
  | 'show_taxes_mode'
  | 'tax_comment'
  | 'invoice_print_header'
  | 'currency_code'
  | 'currency_symbol'
> &
  Pick<Tables['business_info'], 'add_adhoc_to_order'>;
type InvoiceRef = Pick<Tables['invoices'], 'id' | 'number'>;

/** One invoice with everything its view and print show, or null when it is not in this location. */
export async function getInvoiceDetail(
  q: Queryable,
  id: number,
  locationId: number,
): Promise<InvoiceDetailRead | null> {
  const head = await maybeOne<
    InvoiceRowRead &
      Pick<Tables['invoices'], 'customer_id' | 'credits_invoice_id'> & { order_status: OrderStatus | null }
  >(
    q,
    `SELECT ${INVOICE_COLUMNS}, i.customer_id, i.credits_invoice_id, o.status AS order_status ${INVOICE_FROM}
     WHERE i.id = $1 AND i.location_id = $2`,
    [id, locationId],
  );
  if (!head) return null;
  const [lines, payments, refunds, customer, s, taxes, credits, creditedBy, refundCredits] =
    await Promise.all([
      rows<InvoiceLine>(
        q,
        `SELECT id, description, quantity, unit_price_minor, discount_minor, tax_minor, total_minor
       FROM invoice_lines WHERE invoice_id = $1 ORDER BY id`,
        [id],
      ),
      rows<PaymentRead>(
        q,
        `SELECT p.id, p.method, p.amount_minor, p.reference, p.created_at, u.name AS created_by,
              coalesce((SELECT sum(amount_minor) FROM refunds r WHERE r.payment_id = p.id), 0)::bigint AS refunded_minor
       FROM payments p LEFT JOIN users u ON u.id = p.created_by WHERE p.invoice_id = $1 ORDER BY p.id`,
        [id],
      ),
      rows<RefundRead>(
        q,
        `SELECT r.id, r.payment_id, r.amount_minor, r.reason, r.created_at
       FROM refunds r JOIN payments p ON p.id = r.payment_id WHERE p.invoice_id = $1 ORDER BY r.id`,
        [id],
      ),
      head.customer_id === null
        ? undefined
        : maybeOne<CustomerRead>(
            q,
            `SELECT id, nullif(trim(first_name || ' ' || last_name), '') AS name, phone, email::text AS email,
                  nullif(concat_ws(', ', address, nullif(concat_ws(' ', postal_code, city), ''), country), '') AS address
           FROM customers WHERE id = $1 AND NOT is_anonymous`,
            [head.customer_id],
          ),
      one<Settings>(
        q,
        `SELECT coalesce(g.is_tax_included, false) AS is_tax_included, coalesce(g.show_taxes_mode, 'separate') AS show_taxes_mode,
              g.tax_comment, g.invoice_print_header, coalesce(g.currency_code, 'USD') AS currency_code,
              coalesce(g.currency_symbol, '$') AS currency_symbol, b.add_adhoc_to_order
       FROM business_info b LEFT JOIN general_settings g ON g.location_id = $1 WHERE b.id = 1`,
        [locationId],
      ),
      rows<Pick<Tables['taxes'], 'name' | 'rate_bp'>>(
        q,
        'SELECT name, rate_bp FROM taxes WHERE is_active ORDER BY id',
      ),
      head.credits_invoice_id === null
        ? undefined
        : maybeOne<InvoiceRef>(q, 'SELECT id, number FROM invoices WHERE id = $1', [head.credits_invoice_id]),
      rows<InvoiceRef>(
        q,
        'SELECT id, number FROM invoices WHERE credits_invoice_id = $1 AND refund_id IS NULL',
        [id],
      ),
      rows<Pick<Tables['invoices'], 'id' | 'number' | 'total_minor'>>(
        q,
        'SELECT id, number, total_minor FROM invoices WHERE credits_invoice_id = $1 AND refund_id IS NOT NULL ORDER BY id',
        [id],
      ),
    ]);
  const { customer_id: _c, credits_invoice_id: _ci, order_status: orderStatus, ...row } = head;
  const liveOrder = row.order_id !== null && !['cancelled', 'pre-cancel'].includes(orderStatus ?? '');
  return {
    ...row,
    customer_detail: customer ?? null,
    lines,
    taxes: taxLines(s.show_taxes_mode, row.tax_minor, taxes),
    payments: payments.map((p) => ({
      ...p,
      refunds: refunds.filter((r) => r.payment_id === p.id).map(({ payment_id: _p, ...r }) => r),
    })),
    refunded_minor: refunds.reduce((sum, r) => sum + r.amount_minor, 0),
    credits: credits ?? null,
    credited_by: creditedBy[0] ?? null,
    refund_credits: refundCredits,
    settings: {
      is_tax_included: s.is_tax_included,
      show_taxes_mode: s.show_taxes_mode,
      tax_comment: s.tax_comment,
      invoice_print_header: s.invoice_print_header,
      currency_code: s.currency_code,
      currency_symbol: s.currency_symbol,
    },
    actions: {
      post: row.status === 'in_progress',
      // Nothing left to credit once refunds took the whole total off it.
      credit_note:
        row.status === 'posted' &&
        row.type !== 'credit_note' &&
        creditedBy.length === 0 &&
        row.total_minor + row.credited_minor > 0,
      adhoc_charge: s.add_adhoc_to_order && liveOrder && row.type !== 'credit_note',
    },
  };
}

import type { InvoiceDetail } from '@nine/shared/schemas/invoices';
import { formatReceiptMoney, type ReceiptDocumentInput } from '@nine/shared/receipt';
import type { AppT } from '../../../lib/i18n.ts';
import { formatDateTime } from '../../../lib/format.ts';

export interface InvoiceReceiptInput {
  t: AppT;
  invoice: InvoiceDetail;
  /** The business name and address lines from the business info; null when not loaded. */
  business: { site_title: string | null; address: string | null; tel: string | null } | null;
  locale: string;
}

/** Receipt text fields are short (48 to 128 characters): long values are cut with an ellipsis. */
function fit(text: string, max: number): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  return clean.length <= max ? clean : `${clean.slice(0, max - 1)}…`;
}

const methods = ['cash', 'card', 'external', 'account_credit'] as const;

/** The invoice as a receipt document: the agent prints it on the counter's roll, the browser renders it. */
export function buildInvoiceReceipt({
  t,
  invoice,
  business,
  locale,
}: InvoiceReceiptInput): ReceiptDocumentInput {
  const header = invoice.settings.invoice_print_header?.trim() || null;
  const title = fit(business?.site_title?.trim() || header || t('money:invoices.title'), 64);
  const headerLines = [
    ...(header !== null && header !== title ? header.split('\n') : []),
    ...(business?.address?.trim() ? [business.address] : []),
    ...(business?.tel?.trim() ? [business.tel] : []),
  ]
    .slice(0, 10)
    .map((line) => fit(line, 64));
  const label = (text: string) => fit(text, 48);
  const rate = invoice.taxes.reduce((sum, tax) => sum + tax.rate_bp, 0);
  const base = invoice.subtotal_minor - invoice.discount_minor;

  return {
    locale,
    currency: invoice.settings.currency_code,
    header: { title, lines: headerLines },
    meta: [
      {
        label: label(
          invoice.type === 'credit_note'
            ? t('money:invoices.types.credit_note')
            : t('money:invoices.receipt.invoice'),
        ),
        value: `#${invoice.number}`,
      },
      {
        label: label(t('money:invoices.columns.type')),
        value: fit(t(`money:invoices.types.${invoice.type}`), 64),
      },
      { label: label(t('money:invoices.columns.created_at')), value: formatDateTime(invoice.created_at) },
      {
        label: label(t('money:invoices.columns.status')),
        value: fit(t(`money:invoices.status.${invoice.status}`), 64),
      },
      ...(invoice.order_number !== null
        ? [{ label: label(t('money:invoices.columns.order')), value: `#${invoice.order_number}` }]
        : []),
      ...(invoice.credits !== null
        ? [{ label: label(t('money:invoices.view.credits')), value: `#${invoice.credits.number}` }]
        : []),
      ...(invoice.customer_detail !== null
        ? [
            {
              label: label(t('money:invoices.columns.customer')),
              value: fit(invoice.customer_detail.name ?? '', 64),
            },
          ]
        : []),
    ],
    lines: invoice.lines.map((line) => ({
      description: fit(line.description || '—', 128),
      quantity: line.quantity,
      unitPrice: line.unit_price_minor,
      amount: line.unit_price_minor * line.quantity - line.discount_minor,
      ...(line.discount_minor !== 0
        ? {
            detail: fit(
              t('money:invoices.receipt.discount', {
                amount: formatReceiptMoney(line.discount_minor, invoice.settings.currency_code, locale),
              }),
              128,
            ),
          }
        : {}),
    })),
    totals: [
      { label: label(t('money:invoices.columns.subtotal')), amount: invoice.subtotal_minor },
      ...(invoice.discount_minor !== 0
        ? [{ label: label(t('money:invoices.columns.discount')), amount: -invoice.discount_minor }]
        : []),
      { label: label(t('money:invoices.columns.total')), amount: invoice.total_minor, emphasis: true },
      { label: label(t('money:invoices.columns.paid')), amount: invoice.paid_minor },
      { label: label(t('money:invoices.columns.balance')), amount: invoice.balance_minor, emphasis: true },
    ],
    taxes: invoice.taxes.slice(0, 10).map((tax) => ({
      label: label(tax.name || t('money:invoices.view.tax')),
      rate: tax.rate_bp / 100,
      base: rate > 0 ? Math.round((base * tax.rate_bp) / rate) : base,
      amount: tax.amount_minor,
    })),
    payments: invoice.payments.slice(0, 10).map((payment) => ({
      method: label(
        (methods as readonly string[]).includes(payment.method)
          ? t(`money:invoices.methods.${payment.method as (typeof methods)[number]}`)
          : payment.method,
      ),
      amount: payment.amount_minor - payment.refunded_minor,
    })),
    footer: [
      ...(invoice.settings.is_tax_included ? [t('money:invoices.view.tax_included')] : []),
      ...(invoice.settings.tax_comment?.trim() ? [fit(invoice.settings.tax_comment, 128)] : []),
      t('money:invoices.receipt.thanks'),
    ],
  };
}

import { formatReceiptMoney, type ReceiptDocumentInput } from '@nine/shared/receipt';
import type { PaymentView } from '@nine/shared/schemas/payments';
import { formatDateTime } from '../../../lib/format.ts';
import type { AppT } from '../../../lib/i18n.ts';
import { labelPriceRows, lineTaxNote } from '../../../lib/price-rows.ts';
import type { OrderDetail } from '../api/get-order.ts';

export interface OrderReceiptInput {
  t: AppT;
  order: OrderDetail;
  /** The business name (site title) or the location's name, printed large. */
  title: string;
  /** order_print_header or sale_order_print_header: printed under the title, one receipt line per line. */
  header: string | null;
  /** ISO 4217 code of the location's currency. */
  currency: string;
  /** The location's tax comment (Location settings, Other settings): printed above the thanks. */
  taxComment?: string | null;
  locale: string;
  /** The payment just taken at the counter: its method, what was handed over and the change. */
  payment?: Pick<
    PaymentView,
    'method' | 'amount_minor' | 'tendered_minor' | 'change_minor' | 'order_paid_minor' | 'order_balance_minor'
  > | null;
  /** False leaves out the planned period (a tour prints its departure instead). */
  period?: boolean;
  /** A line's description in place of the product's name (a tour's seats by age group); null keeps it. */
  describe?: (item: OrderDetail['items'][number]) => string | null;
}

type ReceiptLabel =
  'sale' | 'order' | 'date' | 'customer' | 'period' | 'deposit' | 'paid' | 'change' | 'balance' | 'cash';

/** Receipt fields are short (48 to 64 characters, 128 for line text): long values are cut with an ellipsis. */
function fit(text: string, max: number): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  return clean.length <= max ? clean : `${clean.slice(0, max - 1)}…`;
}

/** The order as a receipt document: what the agent prints silently, or the browser when no agent is paired. */
export function buildOrderReceipt(input: OrderReceiptInput): ReceiptDocumentInput {
  const { t, order, locale, currency } = input;
  const when = (iso: string) => formatDateTime(iso, locale);
  const money = (minor: number) => formatReceiptMoney(minor, currency, locale);
  const sale = order.type === 'sale';
  const headerLines = (input.header ?? '')
    .split(/\r?\n/)
    .map((line) => fit(line, 64))
    .filter((line) => line !== '')
    .slice(0, 10);
  const label = (key: ReceiptLabel) => fit(t(`fulfilment:receipt.${key}`), 48);

  const meta = [
    {
      label: label(sale ? 'sale' : 'order'),
      value: `#${order.number}`,
    },
    { label: label('date'), value: fit(when(order.created_at), 64) },
  ];
  if (order.customer !== null && !order.customer.is_anonymous) {
    meta.push({ label: label('customer'), value: fit(order.customer.name, 64) });
  }
  if (!sale && input.period !== false && order.planned_start !== null && order.planned_finish !== null) {
    meta.push({
      label: label('period'),
      value: fit(`${when(order.planned_start)} – ${when(order.planned_finish)}`, 64),
    });
  }

  // Each line at quantity × price, so the lines add up to the subtotal; its discount and (per_line) its
  // tax are written under it and summed below.
  const breakdown = order.price_breakdown;
  const shares = new Map(breakdown.lines.map((line) => [line.id, line]));
  const lines = order.items
    .filter((item) => item.status !== 'cancelled')
    .map((item) => {
      const share = shares.get(item.id);
      const details = [
        item.item_sku,
        item.discount_minor > 0
          ? t('fulfilment:receipt.discount', { amount: money(-item.discount_minor) })
          : null,
        lineTaxNote(t, breakdown, share?.tax_minor ?? 0, money),
      ].filter((part): part is string => part !== null && part !== '');
      return {
        description: fit(input.describe?.(item) ?? item.product_name, 128),
        quantity: item.quantity,
        unitPrice: item.unit_price_minor,
        amount: share?.amount_minor ?? item.unit_price_minor * item.quantity,
        ...(details.length > 0 ? { detail: fit(details.join(' · '), 128) } : {}),
      };
    });

  // The delivery fees are in the subtotal: their line makes the lines add up to it.
  if (order.delivery_fee_minor > 0)
    lines.push({
      description: fit(t('orders:view.delivery_fees'), 128),
      quantity: 1,
      unitPrice: order.delivery_fee_minor,
      amount: order.delivery_fee_minor,
    });

  const payment = input.payment ?? null;
  const paid = payment?.order_paid_minor ?? order.paid_minor;
  const balance = payment?.order_balance_minor ?? order.balance_minor;
  const totals = [
    ...labelPriceRows(t, breakdown, locale).map((row) => ({
      label: fit(row.label, 48),
      amount: row.amount_minor,
      emphasis: row.emphasis,
    })),
    ...(!sale && order.deposit_minor > 0 ? [{ label: label('deposit'), amount: order.deposit_minor }] : []),
    { label: label('paid'), amount: paid },
    ...(payment !== null && payment.change_minor > 0
      ? [{ label: label('change'), amount: payment.change_minor }]
      : []),
    { label: label('balance'), amount: balance },
  ];

  return {
    locale,
    currency,
    header: { title: fit(input.title, 64) || `#${order.number}`, lines: headerLines },
    meta,
    lines,
    totals,
    payments:
      payment === null
        ? []
        : [
            {
              method: payment.method === 'cash' ? label('cash') : fit(payment.method, 48),
              amount: payment.amount_minor,
              ...(payment.tendered_minor !== null
                ? {
                    detail: fit(
                      String(t('fulfilment:receipt.tendered', { amount: money(payment.tendered_minor) })),
                      64,
                    ),
                  }
                : {}),
            },
          ],
    footer: [
      ...(input.taxComment?.trim() ? [fit(input.taxComment, 128)] : []),
      fit(String(t('fulfilment:receipt.thanks')), 128),
    ],
  };
}

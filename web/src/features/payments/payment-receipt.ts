import type { ReceiptDocumentInput } from '@nine/shared/receipt';
import type { PaymentView } from '@nine/shared/schemas/payments';
import type { AppT } from '../../lib/i18n.ts';

export interface PaymentReceiptOptions {
  t: AppT;
  /** Business or register name printed large. */
  title: string;
  headerLines?: string[];
  locale: string;
  currency: string;
  formatDate(iso: string): string;
}

const cut = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/** 'Print Payment': one payment's receipt, with the change given and the order's balance after it. */
export function paymentReceipt(payment: PaymentView, o: PaymentReceiptOptions): ReceiptDocumentInput {
  const { t } = o;
  const meta = [
    { label: t('money:payments.receipt.payment'), value: `#${payment.id}` },
    { label: t('money:payments.receipt.order'), value: `#${payment.order_number}` },
    { label: t('money:payments.receipt.date'), value: o.formatDate(payment.created_at) },
  ];
  if (payment.created_by)
    meta.push({ label: t('money:payments.receipt.cashier'), value: cut(payment.created_by, 64) });
  if (payment.customer)
    meta.push({ label: t('money:payments.receipt.customer'), value: cut(payment.customer, 64) });
  if (payment.register)
    meta.push({ label: t('money:payments.receipt.register'), value: cut(payment.register, 64) });
  const totals = [
    { label: t('money:payments.receipt.order_total'), amount: payment.order_total_minor },
    { label: t('money:payments.receipt.order_paid'), amount: payment.order_paid_minor },
    { label: t('money:payments.receipt.balance'), amount: payment.order_balance_minor, emphasis: true },
  ];
  const detail = payment.reference ? cut(payment.reference, 64) : undefined;
  const payments: { method: string; amount: number; detail?: string }[] = [
    {
      method: t(`money:payments.methods.${payment.method}`),
      amount: payment.amount_minor,
      ...(detail ? { detail } : {}),
    },
  ];
  if (payment.method === 'cash' && payment.tendered_minor !== null) {
    payments.push({ method: t('money:payments.receipt.tendered'), amount: payment.tendered_minor });
    payments.push({ method: t('money:payments.receipt.change'), amount: payment.change_minor });
  }
  if (payment.refunded_minor > 0)
    payments.push({ method: t('money:payments.receipt.refunded'), amount: -payment.refunded_minor });
  return {
    locale: o.locale,
    currency: o.currency,
    header: { title: cut(o.title, 64), lines: (o.headerLines ?? []).map((l) => cut(l, 64)).slice(0, 10) },
    meta,
    lines: [],
    totals,
    payments,
    footer: [t('money:payments.receipt.thanks')],
  };
}

import { HStack, List, Stack, Text } from '@chakra-ui/react';
import { isOrderAuditAction, type ORDER_EVENT_TYPES, type OrderAuditAction } from '@nine/shared/order-audit';
import { deliveryStatuses } from '@nine/shared/schemas/delivery';
import { paymentMethods } from '@nine/shared/schemas/money';
import { billingFrequencies } from '@nine/shared/schemas/recurring';
import { formatDateTime, formatDay, formatMoney } from '../../../lib/format.ts';
import { useAppTranslation, type AppT } from '../../../lib/i18n.ts';
import type { OrderDetail, TimelineEntry } from '../api/get-order.ts';
import { OrderStatusBadge } from '../../../components/order-status-badge.tsx';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export interface TimelineLine {
  /** What happened, as a sentence with its amounts, names and dates. */
  label: string;
  from?: string;
  to?: string;
  items: string[];
  /** The lines under it: a reason, who approved it, an address, change given. */
  details: string[];
}

type Data = Record<string, unknown>;
interface Context {
  t: AppT;
  data: Data;
  /** A field of the entry holding minor units, as money; a dash when absent. */
  money: (key: string) => string;
  amount: (minor: unknown) => string;
  text: (key: string) => string | undefined;
  number: (key: string) => number | undefined;
}
type Sentence = (c: Context) => { label: string; from?: string; to?: string; details?: string[] };

const oneOf = <T extends string>(list: readonly T[], value: string | undefined): value is T =>
  value !== undefined && (list as readonly string[]).includes(value);

/** A person's reason and the manager who approved, when the entry has them. */
function why(c: Context): string[] {
  const reason = c.text('comment') ?? c.text('reason');
  const approver = c.text('approver_name');
  return [
    ...(reason ? [c.t('orders:timeline.comment', { comment: reason })] : []),
    ...(approver ? [c.t('orders:timeline.approved_by', { name: approver })] : []),
  ];
}

const invoiceNumber = (c: Context) => String(c.number('invoice_number') ?? '—');

const event =
  (type: (typeof ORDER_EVENT_TYPES)[number]): Sentence =>
  (c) => ({
    label: c.t(`orders:timeline.events.${type}`),
    ...(c.text('from') !== undefined ? { from: c.text('from') } : {}),
    ...(c.text('to') !== undefined ? { to: c.text('to') } : {}),
  });

const deposit =
  (kind: 'held' | 'returned' | 'claimed'): Sentence =>
  (c) => {
    const left = c.number('held_after_minor');
    return {
      label: c.t(`orders:timeline.actions.deposit_${kind}`, { amount: c.money('amount_minor') }),
      details: [
        ...why(c),
        ...(kind !== 'held' && left !== undefined
          ? [c.t('orders:timeline.actions.deposit_left', { amount: c.money('held_after_minor') })]
          : []),
      ],
    };
  };

/**
 * One sentence per action the server writes (shared/order-audit.ts); the record's type makes a missing
 * one a compile error, and `order-timeline.test.tsx` renders each in English and Spanish.
 */
const SENTENCES: Record<OrderAuditAction, Sentence> = {
  created: (c) => ({
    label:
      c.number('total_minor') !== undefined
        ? c.t('orders:timeline.actions.created_total', { amount: c.money('total_minor') })
        : c.t('orders:timeline.created'),
    ...(c.text('status') !== undefined ? { to: c.text('status') } : {}),
  }),
  notes: (c) => ({ label: c.t('orders:timeline.notes') }),
  'event:CONFIRM': event('CONFIRM'),
  'event:DELIVER': event('DELIVER'),
  'event:UNDO_DELIVER': event('UNDO_DELIVER'),
  'event:RETURN': event('RETURN'),
  'event:CANCEL_ITEMS': event('CANCEL_ITEMS'),
  'event:CANCEL': event('CANCEL'),
  'event:REFUNDED': event('REFUNDED'),
  'event:CLOSE': event('CLOSE'),
  payment: (c) => {
    const method = c.text('method');
    const change = c.number('change_minor');
    return {
      label: c.t('orders:timeline.actions.payment', {
        amount: c.money('amount_minor'),
        method: oneOf(paymentMethods, method) ? c.t(`orders:timeline.methods.${method}`) : (method ?? '—'),
      }),
      details:
        change !== undefined && change > 0
          ? [c.t('orders:timeline.actions.payment_change', { amount: c.money('change_minor') })]
          : [],
    };
  },
  refund: (c) => ({
    label: c.t('orders:timeline.actions.refund', { amount: c.money('amount_minor') }),
    details: why(c),
  }),
  'deposit:held': deposit('held'),
  'deposit:returned': deposit('returned'),
  'deposit:claimed': deposit('claimed'),
  change_cost: (c) => ({
    label: c.t('orders:timeline.actions.change_cost', { old: c.money('old'), new: c.money('new') }),
    details: why(c),
  }),
  deposit_override: (c) => ({
    label: c.t('orders:timeline.actions.deposit_override', { old: c.money('old'), new: c.money('new') }),
    details: why(c),
  }),
  participant_added: (c) => ({
    label: c.t('orders:timeline.actions.participant_added', { name: c.text('name') ?? '' }),
  }),
  participant_removed: (c) => ({
    label: c.t('orders:timeline.actions.participant_removed', { name: c.text('name') ?? '' }),
  }),
  signed: (c) => ({ label: c.t('orders:timeline.actions.signed', { name: c.text('signer_name') ?? '' }) }),
  photo_added: (c) => ({
    label: c.t('orders:timeline.actions.photo_added', { name: c.text('file_name') ?? '' }),
  }),
  photo_removed: (c) => ({
    label: c.t('orders:timeline.actions.photo_removed', { name: c.text('file_name') ?? '' }),
  }),
  item_edited: (c) => {
    const discount = isRecord(c.data.discount) ? c.data.discount : null;
    return {
      label: discount
        ? c.t('orders:timeline.actions.discount_changed', {
            old: c.amount(discount.old),
            new: c.amount(discount.new),
          })
        : c.t('orders:timeline.actions.item_edited'),
      details: counterLines(c),
    };
  },
  counter_set: (c) => ({ label: c.t('orders:timeline.actions.counter_set'), details: counterLines(c) }),
  item_replaced: (c) => ({
    // A delivered line's swap: the old item came back and the new one left at once.
    label: c.t(
      `orders:timeline.actions.${c.data.delivered === true ? 'item_replaced_delivered' : 'item_replaced'}`,
      {
        old: c.text('old_sku') ?? '—',
        new: c.text('new_sku') ?? '—',
      },
    ),
  }),
  period_changed: (c) => {
    const start = isRecord(c.data.planned_start) ? c.data.planned_start : {};
    const finish = isRecord(c.data.planned_finish) ? c.data.planned_finish : {};
    const total = isRecord(c.data.total_minor) ? c.data.total_minor : null;
    const at = (value: unknown) => (typeof value === 'string' ? formatDateTime(value) : '—');
    return {
      label: c.t('orders:timeline.actions.period_changed', { start: at(start.new), finish: at(finish.new) }),
      details: [
        c.t('orders:timeline.actions.period_was', { start: at(start.old), finish: at(finish.old) }),
        ...(total && total.old !== total.new
          ? [
              c.t('orders:timeline.actions.total_changed', {
                old: c.amount(total.old),
                new: c.amount(total.new),
              }),
            ]
          : []),
      ],
    };
  },
  items_invoiced: (c) => ({
    label: c.t('orders:timeline.actions.items_invoiced', { number: invoiceNumber(c) }),
  }),
  adhoc_charge: (c) => ({
    label: c.t('orders:timeline.actions.adhoc_charge', {
      description: c.text('description') ?? '',
      quantity: c.number('quantity') ?? 1,
      price: c.money('unit_price_minor'),
      total: c.money('total_minor'),
    }),
  }),
  delivery_assigned: (c) => {
    const when = formatDateTime(c.text('scheduled_at'));
    const address = c.text('address');
    return {
      label:
        when === ''
          ? c.t('orders:timeline.actions.delivery_assigned')
          : c.t(
              c.text('type') === 'pickup'
                ? 'orders:timeline.actions.pickup_scheduled'
                : 'orders:timeline.actions.delivery_scheduled',
              { date: when },
            ),
      details: address ? [c.t('orders:timeline.actions.address', { address })] : [],
    };
  },
  delivery_updated: (c) => {
    const status = c.text('status');
    return {
      label: oneOf(deliveryStatuses, status)
        ? c.t('orders:timeline.actions.delivery_status', {
            status: c.t(`orders:timeline.delivery_statuses.${status}`),
          })
        : c.t('orders:timeline.actions.delivery_reordered'),
    };
  },
  auto_billing: (c) => {
    const frequency = c.text('frequency');
    return {
      label:
        c.data.active === false
          ? c.t('orders:timeline.actions.auto_billing_off')
          : c.t('orders:timeline.actions.auto_billing_on', {
              frequency: oneOf(billingFrequencies, frequency)
                ? c.t(`orders:timeline.frequencies.${frequency}`)
                : (frequency ?? '—'),
              date: formatDay(c.text('next_invoice_date')) || '—',
            }),
    };
  },
  recurring_invoice: (c) => ({
    label: c.t('orders:timeline.actions.recurring_invoice', {
      number: invoiceNumber(c),
      from: formatDay(c.text('period_start')) || '—',
      to: formatDay(c.text('period_end')) || '—',
    }),
  }),
  coupon_applied: (c) => ({
    label: c.t('orders:coupons.timeline_applied', {
      code: c.text('code') ?? '—',
      amount: c.money('discount_minor'),
    }),
  }),
  coupon_removed: (c) => ({
    label: c.t('orders:coupons.timeline_removed', {
      code: c.text('code') ?? '—',
      amount: c.money('discount_minor'),
    }),
  }),
  tour_moved: (c) => {
    const total = isRecord(c.data.total_minor) ? c.data.total_minor : {};
    return {
      label: c.t('orders:timeline.actions.tour_moved'),
      from: c.amount(total.old),
      to: c.amount(total.new),
      details: c.number('refunded_minor')
        ? [c.t('orders:timeline.actions.refund', { amount: c.money('refunded_minor') })]
        : [],
    };
  },
  tour_cancelled: (c) => ({
    label: c.t('orders:timeline.actions.tour_cancelled', {
      hours: String(c.number('hours_before') ?? '—'),
      fee: c.money('fee_minor'),
      refund: c.money('refunded_minor'),
    }),
    details: [
      ...(c.data.waived === true ? [c.t('orders:timeline.actions.tour_fee_waived')] : []),
      ...(c.text('reason') ? [c.text('reason')!] : []),
    ],
  }),
  cancellation_fee: (c) => ({
    label: c.t('orders:timeline.actions.cancellation_fee', {
      percent: String((c.number('fee_bp') ?? 0) / 100),
      amount: c.money('total_minor'),
    }),
  }),
  'invoice:created': (c) => ({
    label: c.t('orders:timeline.actions.invoice_created', { number: invoiceNumber(c) }),
  }),
  'invoice:posted': (c) => ({
    label: c.t('orders:timeline.actions.invoice_posted', {
      number: invoiceNumber(c),
      amount: c.money('total_minor'),
    }),
  }),
  'invoice:credit_note': (c) => ({
    label: c.t('orders:timeline.actions.invoice_credit_note', {
      note: String(c.number('credit_note_number') ?? '—'),
      number: invoiceNumber(c),
      amount: c.money('total_minor'),
    }),
    details: why(c),
  }),
};

function counterLines(c: Context): string[] {
  const counter = isRecord(c.data.counter) ? c.data.counter : null;
  if (!counter) return [];
  const reading = (value: unknown) => (typeof value === 'number' ? String(value) : '—');
  return [
    c.t('orders:timeline.actions.counter', { start: reading(counter.start), end: reading(counter.end) }),
  ];
}

/** How an audit entry reads: a sentence with its details, the status change, and the items it touched. */
export function describeEntry(
  entry: TimelineEntry,
  order: Pick<OrderDetail, 'items'>,
  t: AppT,
  currencySymbol = '',
): TimelineLine {
  const data = isRecord(entry.data) ? entry.data : {};
  const itemIds = Array.isArray(data.item_ids)
    ? data.item_ids.filter((id): id is number => typeof id === 'number')
    : typeof data.order_item_id === 'number' && entry.action !== 'item_replaced'
      ? [data.order_item_id]
      : [];
  const items = itemIds.map((id) => {
    const item = order.items.find((candidate) => candidate.id === id);
    return item ? (item.item_sku ?? item.product_name) : `#${id}`;
  });
  const number = (key: string) => (typeof data[key] === 'number' ? data[key] : undefined);
  const amount = (minor: unknown) => (typeof minor === 'number' ? formatMoney(minor, currencySymbol) : '—');
  const context: Context = {
    t,
    data,
    number,
    text: (key) => (typeof data[key] === 'string' && data[key] !== '' ? data[key] : undefined),
    amount,
    money: (key) => amount(data[key]),
  };
  if (!isOrderAuditAction(entry.action)) {
    return { label: t('orders:timeline.other', { action: entry.action }), items, details: [] };
  }
  const line = SENTENCES[entry.action](context);
  return { ...line, items, details: line.details ?? [] };
}

/** The order's audit log, oldest first: every transition, payment, price change and note. */
export function OrderTimeline({ order, currencySymbol }: { order: OrderDetail; currencySymbol?: string }) {
  const { t } = useAppTranslation();
  if (order.timeline.length === 0) return <Text color="fg.muted">{t('orders:timeline.empty')}</Text>;
  return (
    <List.Root as="ol" gap="3" listStyleType="none" ps="0">
      {order.timeline.map((entry, index) => {
        const line = describeEntry(entry, order, t, currencySymbol);
        return (
          <List.Item key={`${entry.at}-${index}`} borderStartWidth="2px" ps="3">
            <Stack gap="0.5">
              <HStack gap="2" wrap="wrap">
                <Text fontWeight="medium">{line.label}</Text>
                {line.from !== undefined && <OrderStatusBadge status={line.from} />}
                {line.from !== undefined && line.to !== undefined && <Text aria-hidden="true">→</Text>}
                {line.to !== undefined && <OrderStatusBadge status={line.to} />}
              </HStack>
              {line.items.length > 0 && (
                <Text fontSize="sm">{t('orders:timeline.items', { items: line.items.join(', ') })}</Text>
              )}
              {line.details.map((detail) => (
                <Text key={detail} fontSize="sm">
                  {detail}
                </Text>
              ))}
              <Text fontSize="xs" color="fg.muted">
                <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>{' '}
                {t('orders:timeline.by', { user: entry.user ?? t('orders:timeline.system') })}
              </Text>
            </Stack>
          </List.Item>
        );
      })}
    </List.Root>
  );
}

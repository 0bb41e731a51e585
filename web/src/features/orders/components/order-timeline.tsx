import { HStack, List, Stack, Text } from '@chakra-ui/react';
import type { OrderEventType } from '@nine/shared/order-machine';
import { useAppTranslation, type AppT } from '../../../lib/i18n.ts';
import type { OrderDetail, TimelineEntry } from '../api/get-order.ts';
import { formatDateTime } from './format.ts';
import { OrderStatusBadge } from './order-status-badge.tsx';

const eventTypes: readonly OrderEventType[] = [
  'CONFIRM',
  'DELIVER',
  'UNDO_DELIVER',
  'RETURN',
  'CANCEL_ITEMS',
  'CANCEL',
  'REFUNDED',
  'CLOSE',
];

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export interface TimelineLine {
  label: string;
  from?: string;
  to?: string;
  items: string[];
  /** A person's words attached to the entry: a price change's reason, a participant's or file's name. */
  detail?: string;
}

const otherActions = [
  'change_cost',
  'deposit_override',
  'participant_added',
  'participant_removed',
  'signed',
  'photo_added',
  'photo_removed',
  'item_edited',
  'counter_set',
  'item_replaced',
  'delivery_assigned',
] as const;

/** How an audit entry reads: what happened, the status change, and which items it touched. */
export function describeEntry(
  entry: TimelineEntry,
  order: Pick<OrderDetail, 'items'>,
  t: AppT,
): TimelineLine {
  const data = isRecord(entry.data) ? entry.data : {};
  const itemIds = Array.isArray(data.item_ids)
    ? data.item_ids.filter((id): id is number => typeof id === 'number')
    : typeof data.order_item_id === 'number'
      ? [data.order_item_id]
      : [];
  const items = itemIds.map((id) => {
    const item = order.items.find((candidate) => candidate.id === id);
    return item ? (item.item_sku ?? item.product_name) : `#${id}`;
  });
  if (entry.action === 'created') {
    return {
      label: t('orders:timeline.created'),
      to: typeof data.status === 'string' ? data.status : undefined,
      items,
    };
  }
  if (entry.action === 'notes') return { label: t('orders:timeline.notes'), items };
  const type = entry.action.startsWith('event:') ? entry.action.slice('event:'.length) : null;
  if (type !== null && (eventTypes as readonly string[]).includes(type)) {
    return {
      label: t(`orders:timeline.events.${type as OrderEventType}`),
      from: typeof data.from === 'string' ? data.from : undefined,
      to: typeof data.to === 'string' ? data.to : undefined,
      items,
    };
  }
  if ((otherActions as readonly string[]).includes(entry.action)) {
    const action = entry.action as (typeof otherActions)[number];
    const replaced =
      typeof data.old_sku === 'string' && typeof data.new_sku === 'string'
        ? `${data.old_sku} → ${data.new_sku}`
        : undefined;
    const text = [data.comment, data.name, data.signer_name, data.file_name, replaced].find(
      (value): value is string => typeof value === 'string' && value !== '',
    );
    const detail =
      text === undefined
        ? undefined
        : typeof data.comment === 'string'
          ? t('orders:timeline.comment', { comment: text })
          : text;
    return { label: t(`orders:timeline.actions.${action}`), items, ...(detail ? { detail } : {}) };
  }
  return { label: t('orders:timeline.other', { action: entry.action }), items };
}

/** The order's audit log, oldest first: every transition, price change and note. */
export function OrderTimeline({ order }: { order: OrderDetail }) {
  const { t } = useAppTranslation();
  if (order.timeline.length === 0) return <Text color="fg.muted">{t('orders:timeline.empty')}</Text>;
  return (
    <List.Root as="ol" gap="3" listStyleType="none" ps="0">
      {order.timeline.map((entry, index) => {
        const line = describeEntry(entry, order, t);
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
              {line.detail !== undefined && <Text fontSize="sm">{line.detail}</Text>}
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

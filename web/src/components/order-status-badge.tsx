import { Badge } from '@chakra-ui/react';
import type { ItemStatus } from '@nine/shared/order-machine';
import { orderStatusFilters } from '@nine/shared/schemas/orders';
import { useAppTranslation } from '../lib/i18n.ts';

type StatusName = (typeof orderStatusFilters)[number];

const palette: Record<string, string> = {
  pending: 'gray',
  confirmed: 'blue',
  'partially-delivered': 'cyan',
  delivered: 'teal',
  'partially-returned': 'purple',
  returned: 'green',
  closed: 'green',
  'pre-cancel': 'orange',
  cancelled: 'red',
  open: 'blue',
  overdue: 'red',
  sold: 'green',
};

const isStatus = (value: string): value is StatusName =>
  (orderStatusFilters as readonly string[]).includes(value);

/** An order's status as a translated badge; an unknown status from a newer server shows as sent. */
export function OrderStatusBadge({ status }: { status: string }) {
  const { t } = useAppTranslation();
  return (
    <Badge colorPalette={palette[status] ?? 'gray'} variant="subtle">
      {isStatus(status) ? t(`orders:status.${status}`) : status}
    </Badge>
  );
}

export function ItemStatusBadge({ status }: { status: ItemStatus }) {
  const { t } = useAppTranslation();
  return (
    <Badge colorPalette={palette[status] ?? 'gray'} variant="outline">
      {t(`orders:item_status.${status}`)}
    </Badge>
  );
}

export function OverdueBadge() {
  const { t } = useAppTranslation();
  return (
    <Badge colorPalette="red" variant="solid">
      {t('orders:list.overdue')}
    </Badge>
  );
}

import { Badge } from '@chakra-ui/react';
import { useAppTranslation } from '../../../lib/i18n.ts';

// A reservation is an order: its statuses are the order machine's, worded by orders:status.
const palette = {
  pending: 'gray',
  confirmed: 'blue',
  'partially-delivered': 'cyan',
  delivered: 'teal',
  'partially-returned': 'purple',
  returned: 'green',
  closed: 'green',
  'pre-cancel': 'orange',
  cancelled: 'red',
} as const;

type ReservationStatus = keyof typeof palette;
const isStatus = (value: string): value is ReservationStatus => value in palette;

/** A reservation's (order's) status as a translated badge; an unknown status from a newer server shows as sent. */
export function ReservationStatusBadge({ status }: { status: string }) {
  const { t } = useAppTranslation();
  return (
    <Badge colorPalette={isStatus(status) ? palette[status] : 'gray'} variant="subtle">
      {isStatus(status) ? t(`orders:status.${status}`) : status}
    </Badge>
  );
}

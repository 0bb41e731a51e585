import { Link as ChakraLink, Stack, Text } from '@chakra-ui/react';
import { Link } from 'wouter';
import { DataTable, type DataTableColumn } from '../../../components/data-table/data-table.tsx';
import { currentLanguage, useAppTranslation } from '../../../lib/i18n.ts';
import {
  useCalendarOrders,
  type CalendarBooking,
  type CalendarOrdersParams,
} from '../api/get-calendar-orders.ts';
import { wallClock } from '../../../lib/format.ts';
import { formatWithPattern } from './date-pattern.ts';
import { PageHeading } from '../../../components/page-heading.tsx';

export interface CalendarDetailsScreenProps {
  title: string;
  locationId: number | null;
  /** From the query string; null when it is missing or malformed. */
  target: CalendarOrdersParams | null;
  dateTimeFormat: string;
  orderHref(orderId: number, type: string): string | null;
  backHref: string;
}

/** availability-calendar/details: the orders that hold a product in the chosen slot. */
export function CalendarDetailsScreen(props: CalendarDetailsScreenProps) {
  const { t } = useAppTranslation();
  const orders = useCalendarOrders(props.locationId, props.target);
  const when = (iso: string) => {
    const at = wallClock(iso);
    return at === null ? '' : formatWithPattern(at, props.dateTimeFormat, currentLanguage());
  };
  const rows = orders.data ?? [];
  const columns: DataTableColumn<CalendarBooking>[] = [
    {
      id: 'order',
      title: t('stock:calendar.order'),
      cell: (row) => {
        const href = props.orderHref(row.order_id, row.order_type);
        return href === null ? (
          `#${row.order_number}`
        ) : (
          <ChakraLink asChild>
            <Link href={href}>#{row.order_number}</Link>
          </ChakraLink>
        );
      },
    },
    { id: 'customer', title: t('stock:calendar.customer'), cell: (row) => row.customer ?? '—' },
    { id: 'item', title: t('stock:calendar.item'), cell: (row) => row.item_sku ?? '—' },
    { id: 'quantity', title: t('stock:calendar.quantity'), cell: (row) => row.quantity },
    { id: 'planned_start', title: t('stock:calendar.planned_start'), cell: (row) => when(row.planned_start) },
    {
      id: 'planned_finish',
      title: t('stock:calendar.planned_finish'),
      cell: (row) => when(row.planned_finish),
    },
    { id: 'status', title: t('stock:calendar.status'), cell: (row) => row.order_status },
  ];
  return (
    <Stack gap="5">
      <PageHeading title={props.title} />
      <ChakraLink asChild>
        <Link href={props.backHref}>{t('stock:calendar.back')}</Link>
      </ChakraLink>
      {props.target === null ? (
        <Text color="fg.error">{t('stock:calendar.bad_details')}</Text>
      ) : (
        <>
          <Text>
            {t('stock:calendar.details_period', { from: when(props.target.from), to: when(props.target.to) })}
          </Text>
          {orders.isPending ? (
            <Text>{t('stock:common.loading')}</Text>
          ) : rows.length === 0 ? (
            <Text color="fg.muted">{t('stock:calendar.no_orders')}</Text>
          ) : (
            <DataTable<CalendarBooking>
              columns={columns}
              rows={rows}
              // An order holds several lines in one slot, and a booking has no id of its own.
              rowId={(row) => rows.indexOf(row)}
              caption={t('stock:calendar.orders')}
            />
          )}
        </>
      )}
    </Stack>
  );
}

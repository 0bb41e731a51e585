import { Badge, HStack, Link as ChakraLink, Stack, Text } from '@chakra-ui/react';
import { Link } from 'wouter';
import { DataTable, type DataTableColumn } from '../../../components/data-table/data-table.tsx';
import { formatDateTime, formatMoney, formatNumber, formatTime } from '../../../lib/format.ts';
import { useAppTranslation } from '../../../lib/i18n.ts';
import type { TourReservationDetail } from '../api/reservation/get-tour-reservation.ts';

type Tour = TourReservationDetail['tour'];
type Seat = Tour['seats'][number];
type Equipment = Tour['equipment'][number];

export interface EventLinks {
  /** The departure's manifest (the reservation list of this event). */
  manifestHref?: string;
  /** The events calendar. */
  calendarHref?: string;
}

/** The departure: tour, when (the location's clock), meeting point, seats taken of the capacity, links. */
export function ReservationEventFacts({ tour, links }: { tour: Tour; links: EventLinks }) {
  const { t } = useAppTranslation();
  const event = tour.event;
  const point = event.meeting_point;
  return (
    <Stack gap="2" as="dl">
      <HStack gap="2" wrap="wrap">
        <Text as="dt" srOnly>
          {t('tours:reservation.event.tour')}
        </Text>
        <Text as="dd" fontWeight="semibold">
          {event.definition.name} ({event.definition.code})
        </Text>
        <Badge>{t(`tours:events.status.${event.status}`)}</Badge>
        {tour.is_private && <Badge colorPalette="purple">{t('tours:reservation.event.private')}</Badge>}
      </HStack>
      <Text as="dt" fontSize="sm" color="fg.muted">
        {t('tours:reservation.event.when')}
      </Text>
      <Text as="dd">
        {t('tours:reservation.event.period', {
          start: formatDateTime(event.starts_at),
          end: formatTime(event.ends_at),
        })}
      </Text>
      <Text as="dt" fontSize="sm" color="fg.muted">
        {t('tours:reservation.event.meeting_point')}
      </Text>
      <Text as="dd">
        {point === null
          ? t('tours:reservation.event.no_meeting_point')
          : [point.name, point.address].filter((part) => part !== null && part !== '').join(', ')}
      </Text>
      {point?.instructions && (
        <Text as="dd" fontSize="sm" color="fg.muted" whiteSpace="pre-line">
          {point.instructions}
        </Text>
      )}
      <Text as="dt" fontSize="sm" color="fg.muted">
        {t('tours:reservation.event.seats')}
      </Text>
      <Text as="dd">
        {t('tours:reservation.event.seats_taken', {
          taken: formatNumber(event.seats_taken),
          capacity: formatNumber(event.capacity),
        })}
      </Text>
      <HStack gap="4" wrap="wrap">
        {links.manifestHref !== undefined && (
          <ChakraLink asChild colorPalette="blue" variant="underline">
            <Link href={links.manifestHref}>{t('tours:reservation.event.manifest')}</Link>
          </ChakraLink>
        )}
        {links.calendarHref !== undefined && (
          <ChakraLink asChild colorPalette="blue" variant="underline">
            <Link href={links.calendarHref}>{t('tours:reservation.event.calendar')}</Link>
          </ChakraLink>
        )}
      </HStack>
    </Stack>
  );
}

/** The seats booked by age group at the price booked, and their total. */
export function ReservationSeatsTable({ tour, currencySymbol }: { tour: Tour; currencySymbol: string }) {
  const { t } = useAppTranslation();
  const money = (minor: number) => formatMoney(minor, currencySymbol);
  const total = tour.seats.reduce((sum, seat) => sum + seat.quantity * seat.unit_price_minor, 0);
  const count = tour.seats.reduce((sum, seat) => sum + seat.quantity, 0);
  const columns: DataTableColumn<Seat>[] = [
    { id: 'name', title: t('tours:reservation.seats.age_group'), rowHeader: true, cell: (row) => row.name },
    {
      id: 'quantity',
      title: t('tours:reservation.seats.quantity'),
      align: 'end',
      cell: (row) => formatNumber(row.quantity),
    },
    {
      id: 'unit_price',
      title: t('tours:reservation.seats.unit_price'),
      align: 'end',
      cell: (row) => money(row.unit_price_minor),
    },
    {
      id: 'amount',
      title: t('tours:reservation.seats.amount'),
      align: 'end',
      cell: (row) => money(row.unit_price_minor * row.quantity),
    },
  ];
  return (
    <Stack gap="2">
      <DataTable<Seat>
        columns={columns}
        rows={tour.seats}
        rowId={(row) => row.age_group_id}
        caption={t('tours:reservation.seats.caption')}
        emptyNote={t('tours:reservation.seats.empty')}
        size="sm"
      />
      <Text alignSelf="flex-end" fontWeight="semibold" data-testid="seats-total">
        {t('tours:reservation.seats.total', { count, amount: money(total) })}
      </Text>
    </Stack>
  );
}

/** The equipment booked for the participants (included in the tour price). */
export function ReservationEquipmentTable({ tour }: { tour: Tour }) {
  const { t } = useAppTranslation();
  const columns: DataTableColumn<Equipment>[] = [
    {
      id: 'product',
      title: t('tours:reservation.equipment.product'),
      rowHeader: true,
      cell: (row) => row.product_name,
    },
    { id: 'sku', title: t('tours:reservation.equipment.sku'), cell: (row) => row.item_sku ?? row.sku },
    {
      id: 'quantity',
      title: t('tours:reservation.equipment.quantity'),
      align: 'end',
      cell: (row) => formatNumber(row.quantity),
    },
  ];
  return (
    <DataTable<Equipment>
      columns={columns}
      rows={tour.equipment}
      rowId={(row) => `${row.product_id}:${row.item_sku ?? ''}`}
      caption={t('tours:reservation.equipment.caption')}
      emptyNote={t('tours:reservation.equipment.empty')}
      size="sm"
    />
  );
}

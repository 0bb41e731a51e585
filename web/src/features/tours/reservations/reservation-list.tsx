import { Badge, Button, HStack, Link as ChakraLink, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import {
  tourReservationStatusFilters,
  type TourReservationRow,
  type TourReservationStatusFilter,
} from '@nine/shared/schemas/tours/reservations';
import { useMemo, useState } from 'react';
import { Link } from 'wouter';
import { ChoiceFilter } from '../../../components/choice-filter.tsx';
import { DataTable, type DataTableColumn } from '../../../components/data-table/data-table.tsx';
import { pagerOf } from '../../../components/list-page.ts';
import { DateFilter, OptionSelect, SearchField } from '../../../components/list-filter-fields.tsx';
import { PageHeading } from '../../../components/page-heading.tsx';
import { formatDateTime, formatMoney, formatNumber, formatTime } from '../../../lib/format.ts';
import { useAppTranslation } from '../../../lib/i18n.ts';
import { PAGE_SIZES, useListUrlState } from '../../../lib/use-list-url-state.ts';
import { useTourReservations } from '../api/reservations/get-tour-reservations.ts';
import { useTourChoices } from '../events/use-event-choices.ts';
import type { TourBooking } from './booking-context.tsx';
import { EventManifest, type ManifestScan } from './event-manifest.tsx';
import { NewReservationDialog } from './new-reservation-dialog.tsx';
import { OrderStatusBadge } from '../../../components/order-status-badge.tsx';
import {
  reservationListCodec,
  reservationListFiltered,
  reservationListParams,
  type ReservationListState,
} from './reservation-list-state.ts';

// "all" is the filter left empty.
const statusChoices = tourReservationStatusFilters.filter(
  (status): status is Exclude<TourReservationStatusFilter, 'all'> => status !== 'all',
);

export interface ReservationListProps {
  /** 'classic': the legacy Tours > Reservations screen; 'new': the reservation list. Same list, same filters. */
  variant: 'classic' | 'new';
  booking: TourBooking;
  /** Holds tour:change: may book and check in (the server checks again). */
  canChange: boolean;
  defaultPageSize?: number;
  /** A scan from the page (agent or wedge scanner): checks in on the manifest of one event. */
  scan: ManifestScan | null;
  /** The printable manifest of an event. */
  manifestPrintHref(eventId: number): string;
}

/** Signed of total participants: a green badge when everyone signed, else how many have not. */
function SignedBadge({ row }: { row: TourReservationRow }) {
  const { t } = useAppTranslation();
  const unsigned = Math.max(0, row.seats - row.signed);
  return (
    <Stack gap="1" align="start">
      <Text>
        {t('tours:reservations.list.signed_of', {
          signed: formatNumber(row.signed),
          total: formatNumber(row.seats),
        })}
      </Text>
      <Badge colorPalette={unsigned === 0 ? 'green' : 'orange'} variant="subtle">
        {unsigned === 0
          ? t('tours:reservations.list.signed_complete')
          : t('tours:reservations.list.unsigned', { count: unsigned, n: formatNumber(unsigned) })}
      </Badge>
    </Stack>
  );
}

/**
 * The location's tour reservations: when, tour, customer, seats, waivers, check-in and money, filtered
 * (search, event, days, status, balance due, unsigned) and sorted on the server with the filters in the
 * URL. Filtered to one event it is that event's manifest too, with check-in by tap or scan.
 */
export function ReservationList({
  variant,
  booking,
  canChange,
  defaultPageSize = 25,
  scan,
  manifestPrintHref,
}: ReservationListProps) {
  const { t } = useAppTranslation();
  const { locationId, currencySymbol, reservationHref } = booking;
  const { state, change } = useListUrlState(reservationListCodec, undefined, defaultPageSize);
  const params = useMemo(() => reservationListParams(state), [state]);
  const query = useTourReservations(locationId, params);
  const [creating, setCreating] = useState(false);
  const tours = useTourChoices(locationId);
  const data = query.data;
  const pager = pagerOf(data, state, change);
  const money = (minor: number) => formatMoney(minor, currencySymbol);

  const columns: DataTableColumn<TourReservationRow>[] = [
    {
      id: 'number',
      title: t('tours:reservations.list.columns.number'),
      sortable: true,
      rowHeader: true,
      cell: (row) => (
        <ChakraLink asChild colorPalette="blue" variant="underline">
          <Link href={reservationHref(row.order_id)}>{row.number}</Link>
        </ChakraLink>
      ),
    },
    {
      id: 'starts_at',
      title: t('tours:reservations.list.columns.when'),
      sortable: true,
      nowrap: true,
      cell: (row) =>
        t('tours:reservations.list.when', {
          start: formatDateTime(row.event.starts_at),
          end: formatTime(row.event.ends_at),
        }),
    },
    {
      id: 'tour',
      title: t('tours:reservations.list.columns.tour'),
      cell: (row) => (
        <HStack gap="2" wrap="wrap">
          <Badge colorPalette={row.event.group_color ?? 'gray'} variant="solid" aria-hidden="true">
            {'\u00a0'}
          </Badge>
          <ChakraLink
            as="button"
            colorPalette="blue"
            variant="underline"
            textAlign="start"
            aria-label={t('tours:reservations.list.show_manifest', {
              name: row.event.definition_name,
              when: formatDateTime(row.event.starts_at),
            })}
            onClick={() => change({ event: row.event.id })}
          >
            {row.event.definition_name}
          </ChakraLink>
          {row.is_private && (
            <Badge colorPalette="purple" variant="outline">
              {t('tours:reservations.list.private')}
            </Badge>
          )}
        </HStack>
      ),
    },
    {
      id: 'customer',
      title: t('tours:reservations.list.columns.customer'),
      sortable: true,
      cell: (row) =>
        row.customer === null ? (
          '—'
        ) : (
          <Stack gap="0">
            <Text>{row.customer.name}</Text>
            {(row.customer.phone ?? row.customer.email) !== null && (
              <Text fontSize="xs" color="fg.muted">
                {row.customer.phone ?? row.customer.email}
              </Text>
            )}
          </Stack>
        ),
    },
    {
      id: 'seats',
      title: t('tours:reservations.list.columns.seats'),
      align: 'end',
      cell: (row) => (
        <Stack gap="0" align="end">
          <Text>{formatNumber(row.seats)}</Text>
          <Text fontSize="xs" color="fg.muted">
            {row.seats_by_age_group
              .map((seat) =>
                t('tours:reservations.list.seats_of', {
                  quantity: formatNumber(seat.quantity),
                  name: seat.name,
                }),
              )
              .join(', ')}
          </Text>
        </Stack>
      ),
    },
    {
      id: 'signed',
      title: t('tours:reservations.list.columns.signed'),
      cell: (row) => <SignedBadge row={row} />,
    },
    {
      id: 'checked_in',
      title: t('tours:reservations.list.columns.checked_in'),
      align: 'end',
      cell: (row) =>
        t('tours:reservations.list.checked_in_of', {
          checked: formatNumber(row.checked_in),
          total: formatNumber(row.seats),
        }),
    },
    {
      id: 'total',
      title: t('tours:reservations.list.columns.total'),
      sortable: true,
      sortDescFirst: true,
      align: 'end',
      cell: (row) => money(row.total_minor),
    },
    {
      id: 'balance',
      title: t('tours:reservations.list.columns.balance'),
      align: 'end',
      cell: (row) =>
        row.balance_minor > 0 ? (
          <Badge colorPalette="red" variant="subtle">
            {t('tours:reservations.list.due', { amount: money(row.balance_minor) })}
          </Badge>
        ) : (
          money(row.balance_minor)
        ),
    },
    {
      id: 'status',
      title: t('tours:reservations.list.columns.status'),
      cell: (row) => <OrderStatusBadge status={row.status} />,
    },
  ];

  const filtered = reservationListFiltered(state);
  const title = variant === 'classic' ? t('menu:items.tour_reservations') : t('menu:items.reservation_list');

  return (
    <Stack gap="4">
      <PageHeading
        title={title}
        intro={t('tours:reservations.list.intro')}
        actions={
          canChange ? (
            <Button size="sm" colorPalette="blue" onClick={() => setCreating(true)}>
              {t('tours:reservations.create.open')}
            </Button>
          ) : undefined
        }
      />

      <SimpleGrid
        as="section"
        aria-label={t('tours:reservations.list.filters')}
        columns={{ base: 1, sm: 2, lg: 4 }}
        gap="3"
        alignItems="end"
        css={{ '@media print': { display: 'none' } }}
      >
        <SearchField
          label={t('tours:reservations.list.filter.search')}
          buttonLabel={t('tours:reservations.list.filter.search_button')}
          hint={t('tours:reservations.list.filter.search_hint')}
          wide
          value={state.search ?? ''}
          onSearch={(search) => change({ search })}
        />
        <OptionSelect
          label={t('tours:reservations.list.filter.tour')}
          emptyLabel={t('tours:reservations.list.filter.any_tour')}
          options={(tours ?? []).map((tour) => ({ value: tour.id, label: tour.name }))}
          value={state.tour}
          onChange={(value) => change({ tour: value === '' ? undefined : Number(value) })}
          width="full"
          size="sm"
        />
        <DateFilter
          label={t('tours:reservations.list.filter.from')}
          value={state.from}
          max={state.to}
          onChange={(from) => change({ from })}
        />
        <DateFilter
          label={t('tours:reservations.list.filter.to')}
          value={state.to}
          min={state.from}
          onChange={(to) => change({ to })}
        />
        <ChoiceFilter
          label={t('tours:reservations.list.filter.status')}
          anyLabel={t('tours:reservations.list.filter.any_status')}
          values={statusChoices}
          value={state.status === 'all' ? undefined : state.status}
          optionLabel={(status) => t(`tours:reservations.list.status_filter.${status}`)}
          onChange={(status) => change({ status: status ?? 'all' })}
        />
        <OptionSelect
          label={t('tours:reservations.list.filter.balance')}
          emptyLabel={t('tours:reservations.list.filter.any_balance')}
          options={[
            { value: 'due', label: t('tours:reservations.list.filter.balance_due') },
            { value: 'paid', label: t('tours:reservations.list.filter.balance_paid') },
          ]}
          value={state.balance}
          onChange={(value) =>
            change({ balance: value === '' ? undefined : (value as ReservationListState['balance']) })
          }
          width="full"
          size="sm"
        />
        <OptionSelect
          label={t('tours:reservations.list.filter.signed')}
          emptyLabel={t('tours:reservations.list.filter.any_signed')}
          options={[
            { value: 'incomplete', label: t('tours:reservations.list.filter.signed_incomplete') },
            { value: 'complete', label: t('tours:reservations.list.filter.signed_complete') },
          ]}
          value={state.signed}
          onChange={(value) =>
            change({ signed: value === '' ? undefined : (value as ReservationListState['signed']) })
          }
          width="full"
          size="sm"
        />
        {state.event !== undefined && (
          <Button size="sm" variant="outline" onClick={() => change({ event: undefined })}>
            {t('tours:reservations.list.filter.all_events')}
          </Button>
        )}
      </SimpleGrid>

      {state.event !== undefined && (
        <EventManifest
          key={state.event}
          locationId={locationId}
          eventId={state.event}
          canChange={canChange}
          scan={scan}
          printHref={manifestPrintHref(state.event)}
          reservationHref={reservationHref}
        />
      )}

      <Text fontSize="sm" aria-live="polite">
        {data
          ? data.total_capped
            ? t('tours:reservations.list.count_capped', { count: formatNumber(data.total) })
            : t('tours:reservations.list.count', { count: data.total })
          : ''}
      </Text>

      <DataTable<TourReservationRow>
        columns={columns}
        rows={data?.rows}
        rowId={(row) => row.order_id}
        caption={t('tours:reservations.list.caption')}
        sort={{ column: state.sort, direction: state.sortType }}
        onSort={({ column, direction }) =>
          change({ sort: column as ReservationListState['sort'], sortType: direction })
        }
        query={query}
        loading={t('tours:reservations.list.loading')}
        empty={filtered ? t('tours:reservations.list.no_match') : t('tours:reservations.list.empty')}
        pager={pager && { ...pager, pageSizes: PAGE_SIZES, hideWhenPrinting: true }}
      />

      {canChange && creating && (
        <NewReservationDialog
          open
          onClose={() => setCreating(false)}
          booking={booking}
          eventId={state.event ?? null}
        />
      )}
    </Stack>
  );
}

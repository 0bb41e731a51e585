import { Button, Checkbox, HStack, Link as ChakraLink, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { tourEventStatuses } from '@nine/shared/tour-event-status';
import type { TourEventRow } from '@nine/shared/schemas/tours/events';
import { useMemo, useState } from 'react';
import { Link } from 'wouter';
import { ChoiceFilter } from '../../../components/choice-filter.tsx';
import { DataTable, type DataTableColumn } from '../../../components/data-table/data-table.tsx';
import { RowActionButton } from '../../../components/data-table/row-action-button.tsx';
import { pagerOf } from '../../../components/list-page.ts';
import { DateFilter, OptionSelect } from '../../../components/list-filter-fields.tsx';
import { PageHeading } from '../../../components/page-heading.tsx';
import { formatDateTime, formatNumber, formatTime } from '../../../lib/format.ts';
import { useAppTranslation } from '../../../lib/i18n.ts';
import { useListUrlState } from '../../../lib/use-list-url-state.ts';
import { useTourEvents } from '../api/events/get-tour-events.ts';
import { isBookableEvent } from '../reservations/bookable-event.ts';
import { useTourBooking } from '../reservations/booking-context.tsx';
import { NewReservationDialog } from '../reservations/new-reservation-dialog.tsx';
import { EventDetailDialog } from './event-detail-dialog.tsx';
import { EventGroupBadge, EventStatusBadge, LeadersBadge } from './event-badges.tsx';
import {
  EVENT_PAGE_SIZES,
  eventListCodec,
  eventListParams,
  eventWhen,
  type EventListState,
} from './event-list-state.ts';
import { NewEventDialog } from './new-event-dialog.tsx';
import { NewScheduleDialog } from './new-schedule-dialog.tsx';
import { useTourChoices } from './use-event-choices.ts';

export interface EventListProps {
  /** 'classic': the legacy Tours > Instances screen, without the way to the calendar. */
  variant?: 'new' | 'classic';
  locationId: number | null;
  /** Holds tour:change: may create events and schedules and change them (the server checks again). */
  canChange: boolean;
  defaultPageSize?: number;
  /** The calendar of the same events (new interface only). */
  calendarHref?: string;
}

/**
 * The location's tour departures: when (on the location's clock), tour, group, status, seats and leaders,
 * filtered and paged on the server with the filters in the URL. "New event" and "New schedule" create
 * them; a row opens the event's detail.
 */
export function EventList({
  variant = 'new',
  locationId,
  canChange,
  defaultPageSize = 25,
  calendarHref,
}: EventListProps) {
  const { t } = useAppTranslation();
  const { state, change } = useListUrlState(eventListCodec, undefined, defaultPageSize);
  // "Upcoming" is measured from when the screen opened, so the query key holds still between renders.
  const [now] = useState(() => new Date());
  const params = useMemo(() => eventListParams(state, now), [state, now]);
  const query = useTourEvents(locationId, params);
  const tours = useTourChoices(locationId);
  const [opened, setOpened] = useState<number | null>(null);
  const [creating, setCreating] = useState<'event' | 'schedule' | null>(null);
  const booking = useTourBooking();
  const [booked, setBooked] = useState<number | null>(null);
  const data = query.data;
  const pager = pagerOf(data, state, change);

  const groups = useMemo(() => {
    const seen = new Map<number, string>();
    for (const tour of tours ?? []) if (tour.group !== null) seen.set(tour.group.id, tour.group.name);
    return [...seen]
      .map(([value, label]) => ({ value, label }))
      .sort((a, b) => a.label.localeCompare(b.label));
  }, [tours]);

  const columns: DataTableColumn<TourEventRow>[] = [
    {
      id: 'starts_at',
      title: t('tours:events.columns.when'),
      sortable: true,
      nowrap: true,
      cell: (row) =>
        t('tours:events.when', { start: formatDateTime(row.starts_at), end: formatTime(row.ends_at) }),
    },
    {
      id: 'tour',
      title: t('tours:events.columns.tour'),
      cell: (row) => (
        <ChakraLink
          as="button"
          colorPalette="blue"
          variant="underline"
          textAlign="start"
          onClick={() => setOpened(row.id)}
        >
          {row.definition_name}
        </ChakraLink>
      ),
    },
    {
      id: 'group',
      title: t('tours:events.columns.group'),
      cell: (row) => <EventGroupBadge name={row.group_name} color={row.group_color} />,
    },
    {
      id: 'status',
      title: t('tours:events.columns.status'),
      cell: (row) => <EventStatusBadge status={row.status} />,
    },
    {
      id: 'seats',
      title: t('tours:events.columns.seats'),
      align: 'end',
      cell: (row) =>
        t('tours:events.seats', {
          taken: formatNumber(row.seats_taken),
          capacity: formatNumber(row.capacity),
          free: formatNumber(Math.max(0, row.capacity - row.seats_taken)),
        }),
    },
    {
      id: 'leaders',
      title: t('tours:events.columns.leaders'),
      cell: (row) => (
        <Stack gap="1" align="start">
          <LeadersBadge assigned={row.leaders} needed={row.leaders_needed} />
          {row.leader_names.length > 0 && (
            <Text fontSize="xs" color="fg.muted">
              {row.leader_names.join(', ')}
            </Text>
          )}
        </Stack>
      ),
    },
    {
      id: 'actions',
      title: t('tours:events.columns.actions'),
      titleHidden: true,
      hideWhenPrinting: true,
      cell: (row) => (
        <HStack gap="2">
          <RowActionButton
            label={t('tours:events.open')}
            name={t('tours:events.open_named', {
              name: row.definition_name,
              when: formatDateTime(row.starts_at),
            })}
            onClick={() => setOpened(row.id)}
          />
          {canChange && booking !== null && isBookableEvent(row) && (
            <RowActionButton
              label={t('tours:reservations.create.book')}
              name={t('tours:reservations.create.book_named', {
                name: row.definition_name,
                when: formatDateTime(row.starts_at),
              })}
              onClick={() => setBooked(row.id)}
            />
          )}
        </HStack>
      ),
    },
  ];

  const filtered =
    state.from !== undefined ||
    state.to !== undefined ||
    state.definition !== undefined ||
    state.group !== undefined ||
    state.status !== undefined ||
    state.mine !== undefined;

  return (
    <Stack gap="4">
      <PageHeading
        title={t(variant === 'classic' ? 'tours:events.title_classic' : 'tours:events.title')}
        intro={t('tours:events.intro')}
        actions={
          <HStack gap="2" wrap="wrap" css={{ '@media print': { display: 'none' } }}>
            {variant === 'new' && calendarHref !== undefined && (
              <Button asChild size="sm" variant="outline">
                <Link href={calendarHref}>{t('tours:events.calendar_link')}</Link>
              </Button>
            )}
            {canChange && (
              <>
                <Button size="sm" colorPalette="blue" onClick={() => setCreating('event')}>
                  {t('tours:events.new_event')}
                </Button>
                <Button size="sm" variant="outline" onClick={() => setCreating('schedule')}>
                  {t('tours:events.new_schedule')}
                </Button>
              </>
            )}
          </HStack>
        }
      />

      <SimpleGrid
        as="section"
        aria-label={t('tours:events.filters')}
        columns={{ base: 1, sm: 2, lg: 4 }}
        gap="3"
        alignItems="end"
        css={{ '@media print': { display: 'none' } }}
      >
        <OptionSelect
          label={t('tours:events.filter.when')}
          options={eventWhen.map((value) => ({ value, label: t(`tours:events.filter.when_${value}`) }))}
          value={state.when}
          onChange={(value) => change({ when: value as EventListState['when'] })}
          width="full"
          size="sm"
        />
        <DateFilter
          label={t('tours:events.filter.from')}
          value={state.from}
          onChange={(from) => change({ from })}
        />
        <DateFilter label={t('tours:events.filter.to')} value={state.to} onChange={(to) => change({ to })} />
        <OptionSelect
          label={t('tours:events.filter.tour')}
          emptyLabel={t('tours:events.filter.any_tour')}
          options={(tours ?? []).map((tour) => ({ value: tour.id, label: tour.name }))}
          value={state.definition}
          onChange={(value) => change({ definition: value === '' ? undefined : Number(value) })}
          width="full"
          size="sm"
        />
        <OptionSelect
          label={t('tours:events.filter.group')}
          emptyLabel={t('tours:events.filter.any_group')}
          options={groups}
          value={state.group}
          onChange={(value) => change({ group: value === '' ? undefined : Number(value) })}
          width="full"
          size="sm"
        />
        <ChoiceFilter
          label={t('tours:events.filter.status')}
          anyLabel={t('tours:events.filter.any_status')}
          values={tourEventStatuses}
          value={state.status}
          optionLabel={(status) => t(`tours:events.status.${status}`)}
          onChange={(status) => change({ status })}
        />
        <Checkbox.Root
          size="sm"
          checked={state.mine === 'true'}
          onCheckedChange={(details) => change({ mine: details.checked === true ? 'true' : undefined })}
        >
          <Checkbox.HiddenInput />
          <Checkbox.Control />
          <Checkbox.Label>{t('tours:events.filter.mine')}</Checkbox.Label>
        </Checkbox.Root>
      </SimpleGrid>

      <Text fontSize="sm" aria-live="polite">
        {data
          ? data.total_capped
            ? t('tours:events.count_capped', { count: formatNumber(data.total) })
            : t('tours:events.count', { count: data.total })
          : ''}
      </Text>

      <DataTable<TourEventRow>
        columns={columns}
        rows={data?.rows}
        rowId={(row) => row.id}
        caption={t('tours:events.caption')}
        sort={{ column: 'starts_at', direction: state.sortType }}
        onSort={({ direction }) => change({ sortType: direction })}
        query={query}
        loading={t('tours:events.loading')}
        empty={filtered ? t('tours:events.no_match') : t('tours:events.empty')}
        pager={pager && { ...pager, pageSizes: EVENT_PAGE_SIZES, hideWhenPrinting: true }}
      />

      <EventDetailDialog
        eventId={opened}
        locationId={locationId}
        canChange={canChange}
        onClose={() => setOpened(null)}
      />
      {canChange && creating === 'event' && (
        <NewEventDialog
          open
          locationId={locationId}
          onClose={() => setCreating(null)}
          onCreated={(id) => setOpened(id)}
        />
      )}
      {canChange && booking !== null && booked !== null && (
        <NewReservationDialog open eventId={booked} booking={booking} onClose={() => setBooked(null)} />
      )}
      {canChange && creating === 'schedule' && (
        <NewScheduleDialog open locationId={locationId} onClose={() => setCreating(null)} />
      )}
    </Stack>
  );
}

import { Box, Button, HStack, Stack, Text } from '@chakra-ui/react';
import type {
  DatesSetArg,
  EventClickArg,
  EventContentArg,
  EventMountArg,
  LocaleInput,
} from '@fullcalendar/core';
import esLocale from '@fullcalendar/core/locales/es';
import frLocale from '@fullcalendar/core/locales/fr';
import dayGridPlugin from '@fullcalendar/daygrid';
import interactionPlugin from '@fullcalendar/interaction';
import FullCalendar from '@fullcalendar/react';
import timeGridPlugin from '@fullcalendar/timegrid';
import { isLanguage, type Language } from '@nine/shared/constants';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { DataTable, type DataTableColumn } from '../../../../components/data-table/data-table.tsx';
import { OptionSelect } from '../../../../components/list-filter-fields.tsx';
import { formatDateTime, formatTime } from '../../../../lib/format.ts';
import { currentLanguage, useAppTranslation, type AppT } from '../../../../lib/i18n.ts';
import { positiveInt } from '../../../../lib/list-query.ts';
import { useListUrlState } from '../../../../lib/use-list-url-state.ts';
import { useEventsCalendar, type TourEventCalendarRow } from '../../api/events/get-events-calendar.ts';
import { EventStatusBadge } from '../event-badges.tsx';
import { EventDetailDialog } from '../event-detail-dialog.tsx';
import { useTourChoices } from '../use-event-choices.ts';
import { seatsLeft, toCalendarEvent } from './calendar-events.ts';
import { calendarDay, calendarNow, calendarRange, calendarToday } from './calendar-time.ts';
import { calendarCodec, fullCalendarView, viewOfFullCalendar } from './calendar-url-state.ts';
import { useEventMove } from './use-event-move.tsx';
import './calendar.css';

// English is FullCalendar's own; the other languages' names of days and months, first day of the week.
const LOCALES: Record<Language, LocaleInput | 'en'> = { 'en-US': 'en', 'es-ES': esLocale, 'fr-FR': frLocale };

export interface TourEventsCalendarProps {
  locationId: number;
  /** tour:change: departures can be dragged to another time, and changed in their detail. */
  canChange: boolean;
  /** Clock for tests: what counts as past. */
  now?: () => Date;
}

function stateText(row: TourEventCalendarRow, t: AppT): string {
  return row.status === 'cancelled'
    ? t('tours:calendar.cancelled')
    : t('tours:calendar.seats_left', { count: seatsLeft(row) });
}

function EventContent({ row, t }: { row: TourEventCalendarRow; t: AppT }) {
  return (
    <span className="nine-event-body">
      <span className="nine-event-time">{formatTime(row.starts_at)}</span>{' '}
      <span className="nine-event-name">{row.name}</span>{' '}
      <span className="nine-event-left">{stateText(row, t)}</span>
    </span>
  );
}

/**
 * The location's tour departures on FullCalendar (month, week and day views), in the location's wall clock
 * whatever the browser's zone. View, date and filters live in the address; the visible range is fetched as
 * it changes. With tour:change a departure is dragged to a new time and confirmed. For keyboard and screen
 * reader users every departure is a button, and the same events can be shown as a table.
 */
export function TourEventsCalendar(props: TourEventsCalendarProps) {
  const { locationId, canChange: canMove } = props;
  const { t, i18n } = useAppTranslation();
  const { state, change } = useListUrlState(calendarCodec, undefined, 0);
  const now = props.now ?? (() => new Date());
  const calendarRef = useRef<FullCalendar>(null);
  const [range, setRange] = useState<{ from: string; to: string } | null>(null);
  const [showTable, setShowTable] = useState(false);
  const tableId = useId();
  const move = useEventMove();
  const [opened, setOpened] = useState<number | null>(null);
  const onOpenEvent = (row: TourEventCalendarRow) => setOpened(row.id);
  const tours = useTourChoices(locationId);
  const definitions = useMemo(
    () => (tours ?? []).map((tour) => ({ value: tour.id, label: tour.name })),
    [tours],
  );
  const groups = useMemo(() => {
    const seen = new Map<number, string>();
    for (const tour of tours ?? []) if (tour.group !== null) seen.set(tour.group.id, tour.group.name);
    return [...seen]
      .map(([value, label]) => ({ value, label }))
      .sort((a, b) => a.label.localeCompare(b.label));
  }, [tours]);

  const query = useEventsCalendar(
    locationId,
    range === null ? null : { ...range, group_id: state.groupId, definition_id: state.definitionId },
  );
  const rows = query.data?.events;
  const language = isLanguage(i18n.language) ? i18n.language : currentLanguage();

  const events = useMemo(
    () => (rows ?? []).map((row) => toCalendarEvent(row, canMove, now())),
    // now() is read afresh with each answer; a clock change alone need not redraw.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [rows, canMove],
  );

  // The address changed (back, forward, a link): the calendar follows it.
  const wantedView = fullCalendarView[state.view];
  const wantedDate = state.date ?? calendarToday(now());
  useEffect(() => {
    const api = calendarRef.current?.getApi();
    if (api === undefined) return;
    if (api.view.type !== wantedView) api.changeView(wantedView, wantedDate);
    else if (calendarDay(api.getDate()) !== wantedDate) api.gotoDate(wantedDate);
  }, [wantedView, wantedDate]);

  // The calendar moved (its buttons): the address and the fetched range follow it.
  function onDatesSet(arg: DatesSetArg) {
    setRange(calendarRange(arg.start, arg.end));
    const view = viewOfFullCalendar(arg.view.type) ?? state.view;
    const date = calendarDay(arg.view.calendar.getDate());
    if (view === state.view && date === wantedDate) return;
    change({ view, date: date === calendarToday(now()) ? undefined : date });
  }

  const open = (id: string) => {
    const row = rows?.find((r) => String(r.id) === id);
    if (row !== undefined) onOpenEvent(row);
  };

  const columns = useMemo<DataTableColumn<TourEventCalendarRow>[]>(
    () => [
      {
        id: 'starts',
        title: t('tours:calendar.columns.starts'),
        rowHeader: true,
        cell: (row) => formatDateTime(row.starts_at),
      },
      { id: 'ends', title: t('tours:calendar.columns.ends'), cell: (row) => formatDateTime(row.ends_at) },
      {
        id: 'tour',
        title: t('tours:calendar.columns.tour'),
        cell: (row) => (
          <Button
            variant="plain"
            size="sm"
            px="0"
            textDecoration="underline"
            aria-label={t('tours:calendar.open', { tour: row.name, when: formatDateTime(row.starts_at) })}
            onClick={() => onOpenEvent(row)}
          >
            {row.name}
          </Button>
        ),
      },
      { id: 'group', title: t('tours:calendar.columns.group'), cell: (row) => row.group_name ?? '' },
      {
        id: 'status',
        title: t('tours:calendar.columns.status'),
        cell: (row) => <EventStatusBadge status={row.status} />,
      },
      {
        id: 'seats',
        title: t('tours:calendar.columns.seats'),
        align: 'end',
        cell: (row) => t('tours:calendar.of', { count: row.seats_taken, total: row.capacity }),
      },
      { id: 'left', title: t('tours:calendar.columns.left'), align: 'end', cell: (row) => seatsLeft(row) },
      {
        id: 'leaders',
        title: t('tours:calendar.columns.leaders'),
        align: 'end',
        cell: (row) => t('tours:calendar.of', { count: row.leaders, total: row.leaders_needed }),
      },
    ],
    [t],
  );

  const idOf = (raw: string) => positiveInt(raw, 2_147_483_647);

  return (
    <Stack gap="4">
      <HStack gap="4" align="end" wrap="wrap">
        <OptionSelect
          label={t('tours:calendar.group')}
          emptyLabel={t('tours:calendar.any_group')}
          options={groups}
          value={state.groupId}
          onChange={(raw) => change({ groupId: idOf(raw) })}
          size="sm"
        />
        <OptionSelect
          label={t('tours:calendar.tour')}
          emptyLabel={t('tours:calendar.any_tour')}
          options={definitions}
          value={state.definitionId}
          onChange={(raw) => change({ definitionId: idOf(raw) })}
          size="sm"
        />
        <Button
          variant="outline"
          size="sm"
          aria-expanded={showTable}
          aria-controls={tableId}
          onClick={() => setShowTable((shown) => !shown)}
        >
          {showTable ? t('tours:calendar.hide_table') : t('tours:calendar.show_table')}
        </Button>
      </HStack>
      <Box
        as="section"
        className="nine-tour-calendar"
        aria-label={t('tours:calendar.region')}
        aria-busy={query.isFetching}
      >
        <FullCalendar
          ref={calendarRef}
          plugins={[dayGridPlugin, timeGridPlugin, interactionPlugin]}
          // The grid is the location's wall clock: events come as zone-less local strings (calendar-time.ts).
          timeZone="UTC"
          now={() => calendarNow(now())}
          initialView={wantedView}
          initialDate={wantedDate}
          locale={LOCALES[language]}
          headerToolbar={{
            left: 'prev,next today',
            center: 'title',
            right: 'dayGridMonth,timeGridWeek,timeGridDay',
          }}
          buttonText={{
            today: t('tours:calendar.today'),
            month: t('tours:calendar.month'),
            week: t('tours:calendar.week'),
            day: t('tours:calendar.day'),
          }}
          height="auto"
          nowIndicator
          dayMaxEvents={false}
          eventDisplay="block"
          eventInteractive
          events={events}
          editable={canMove}
          eventDurationEditable={false}
          // Nothing moves into the past (the server refuses it too).
          eventAllow={(span) => span.start.getTime() >= Date.parse(`${calendarNow(now())}Z`)}
          eventContent={(arg: EventContentArg) => (
            <EventContent row={arg.event.extendedProps.row as TourEventCalendarRow} t={t} />
          )}
          eventDidMount={(arg: EventMountArg) => {
            const row = arg.event.extendedProps.row as TourEventCalendarRow;
            // FullCalendar makes a clickable event focusable and answers Enter; say what it is.
            arg.el.setAttribute('role', 'button');
            arg.el.setAttribute(
              'aria-label',
              t('tours:calendar.event_label', {
                when: formatDateTime(row.starts_at),
                tour: row.name,
                state: stateText(row, t),
              }),
            );
          }}
          eventClick={(arg: EventClickArg) => {
            arg.jsEvent.preventDefault();
            open(arg.event.id);
          }}
          eventDrop={move.request}
          datesSet={onDatesSet}
        />
      </Box>
      {query.isSuccess && rows?.length === 0 && <Text color="fg.muted">{t('tours:calendar.empty')}</Text>}
      {showTable && (
        <Box id={tableId}>
          <DataTable
            columns={columns}
            rows={rows}
            rowId={(row) => row.id}
            caption={t('tours:calendar.table_caption')}
            showCaption
            query={query}
            emptyNote={t('tours:calendar.empty')}
            loading={t('tours:calendar.loading')}
            size="sm"
          />
        </Box>
      )}
      {move.dialog}
      <EventDetailDialog
        eventId={opened}
        locationId={locationId}
        canChange={canMove}
        onClose={() => setOpened(null)}
      />
    </Stack>
  );
}

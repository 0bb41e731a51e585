import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TourEventCalendarRow } from '@nine/shared/schemas/tours/events';
import { setDisplayTimeZone } from '../../../../lib/format.ts';
import { json, stubFetch } from '../../../../testing/fake-fetch.ts';
import { setUpTranslatedSuite } from '../../../../testing/i18n-suite.ts';
import { renderAtPath } from '../../../../testing/render-at-path.tsx';
import { renderWithProviders } from '../../../../testing/render-with-providers.tsx';
import { toCalendarEvent } from './calendar-events.ts';
import { TourEventsCalendar } from './tour-events-calendar.tsx';
import { useEventMove, type DropInfo } from './use-event-move.tsx';

setUpTranslatedSuite();
beforeEach(() => setDisplayTimeZone('Europe/Madrid'));
afterEach(() => setDisplayTimeZone(null));

const NOW = new Date('2026-05-01T08:00:00Z');

function row(id: number, overrides: Partial<TourEventCalendarRow> = {}): TourEventCalendarRow {
  return {
    id,
    definition_id: 3,
    name: 'Sunset Kayak',
    group_name: 'Kayak',
    group_color: 'teal',
    // 09:00 in Madrid (UTC+2 in May).
    starts_at: '2026-05-12T07:00:00Z',
    ends_at: '2026-05-12T09:00:00Z',
    status: 'scheduled',
    capacity: 12,
    seats_taken: 9,
    leaders: 1,
    leaders_needed: 2,
    version: 4,
    ...overrides,
  };
}

const EVENTS = [
  row(11),
  row(12, {
    name: 'Old Pier Walk',
    group_name: 'Walking',
    group_color: 'purple',
    starts_at: '2026-05-14T16:30:00Z',
    ends_at: '2026-05-14T18:00:00Z',
    status: 'cancelled',
    seats_taken: 0,
  }),
];

function serve() {
  return stubFetch((request, url) => {
    if (url.pathname === '/api/nine/tours/events/calendar')
      return json(200, { data: { time_zone: 'Europe/Madrid', events: EVENTS } });
    if (url.pathname === '/api/nine/tours/definitions')
      return json(200, {
        data: {
          rows: [
            { id: 3, name: 'Sunset Kayak', group: { id: 7, name: 'Kayak', color: 'teal' } },
            { id: 4, name: 'Old Pier Walk', group: { id: 8, name: 'Walking', color: 'purple' } },
          ],
          total: 2,
          total_capped: false,
          page: 1,
          page_size: 200,
        },
      });
    return json(404, { resp_code: 1004, resp_message: `no ${request.method} ${url.pathname}` });
  });
}

const calendarCalls = (requests: Request[]) =>
  requests.map((r) => new URL(r.url)).filter((u) => u.pathname === '/api/nine/tours/events/calendar');

describe('the tour events calendar', () => {
  it('asks for the visible month in the location’s zone and shows each departure with its seats left', async () => {
    const requests = serve();
    renderAtPath(
      '/tours/events/calendar?date=2026-05-12&group_id=7',
      <TourEventsCalendar locationId={1} canChange now={() => NOW} />,
    );
    const region = await screen.findByRole('region', { name: 'Tour events calendar' });
    await within(region).findByText('Sunset Kayak');
    expect(within(region).getByText('3 left')).toBeTruthy();
    // The cancelled one says so instead of its seats.
    expect(within(region).getByText('Old Pier Walk')).toBeTruthy();
    expect(within(region).getAllByText('Cancelled')).toHaveLength(1);

    // In English, May 2026's grid runs from Sunday 26 April to Sunday 7 June, Madrid midnights (UTC+2).
    const [call] = calendarCalls(requests);
    expect(call?.searchParams.get('from')).toBe('2026-04-25T22:00:00.000Z');
    expect(call?.searchParams.get('to')).toBe('2026-06-06T22:00:00.000Z');
    expect(call?.searchParams.get('group_id')).toBe('7');

    // Each departure is a button a keyboard reaches, named by its time, tour and seats.
    const kayak = within(region).getByRole('button', { name: /Sunset Kayak, 3 left/ });
    expect(kayak.getAttribute('tabindex')).toBe('0');
    // Enter opens its detail, which asks for the event.
    fireEvent.keyDown(kayak, { key: 'Enter' });
    await waitFor(() =>
      expect(requests.some((r) => new URL(r.url).pathname === '/api/nine/tours/events/11')).toBe(true),
    );
  });

  it('offers the same departures as a table', async () => {
    serve();
    renderAtPath(
      '/tours/events/calendar?date=2026-05-12',
      <TourEventsCalendar locationId={1} canChange={false} now={() => NOW} />,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Show these events as a table' }));
    const table = await screen.findByRole('table', { name: 'Tour events shown in the calendar' });
    await within(table).findByRole('button', { name: /Open Sunset Kayak on 05\/12\/2026, 9:00/ });
    expect(within(table).getByText('9 of 12')).toBeTruthy();
    expect(within(table).getAllByText('1 of 2')).toHaveLength(2);
  });

  it('writes the view and the filters into the address', async () => {
    serve();
    const { location } = renderAtPath(
      '/tours/events/calendar?date=2026-05-12',
      <TourEventsCalendar locationId={1} canChange now={() => NOW} />,
    );
    await screen.findAllByText('Sunset Kayak');
    fireEvent.click(screen.getByRole('button', { name: 'Week' }));
    await waitFor(() =>
      expect(location.history?.at(-1)).toBe('/tours/events/calendar?view=week&date=2026-05-12'),
    );
    fireEvent.change(await screen.findByLabelText('Tour'), { target: { value: '4' } });
    await waitFor(() => expect(location.history?.at(-1)).toContain('definition_id=4'));
  });
});

describe('moving a departure', () => {
  it('draws events on the location’s clock, movable only ahead and with tour:change', () => {
    const input = toCalendarEvent(row(11), true, NOW);
    expect(input.start).toBe('2026-05-12T09:00:00');
    expect(input.backgroundColor).toBe('var(--chakra-colors-teal-subtle)');
    expect(input.startEditable).toBe(true);
    expect(toCalendarEvent(row(11), false, NOW).startEditable).toBe(false);
    expect(toCalendarEvent(row(11, { status: 'cancelled' }), true, NOW).startEditable).toBe(false);
    expect(toCalendarEvent(row(11), true, new Date('2026-06-01T00:00:00Z')).startEditable).toBe(false);
  });

  function Harness({ info }: { info: DropInfo }) {
    const move = useEventMove();
    return (
      <>
        <button type="button" onClick={() => move.request(info)}>
          drop
        </button>
        {move.dialog}
      </>
    );
  }

  // What FullCalendar hands over when the 12 May 09:00 departure is dropped on 14 May 10:30.
  const dropped = () => ({
    event: { start: new Date(Date.UTC(2026, 4, 14, 10, 30)), extendedProps: { row: row(11) } },
    revert: vi.fn(),
  });

  it('asks first, naming the tour, the new time and the participants affected, then posts the move', async () => {
    const requests = stubFetch((request) =>
      json(200, { data: { event: { id: 11 }, participants_affected: 9 }, url: request.url }),
    );
    const info = dropped();
    const { toasts } = renderWithProviders(<Harness info={info} />);
    fireEvent.click(screen.getByRole('button', { name: 'drop' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Move this departure?' });
    expect(
      within(dialog).getByText('Move Sunset Kayak to 05/14/2026, 10:30 AM? 9 participants are affected.'),
    ).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Move' }));
    await waitFor(() => expect(requests).toHaveLength(1));
    expect(new URL(requests[0]!.url).pathname).toBe('/api/nine/tours/events/11/reschedule');
    // 10:30 in Madrid in May is 08:30 UTC; the version shown goes with it.
    expect(await requests[0]!.json()).toEqual({ starts_at: '2026-05-14T08:30:00.000Z', version: 4 });
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(info.revert).not.toHaveBeenCalled();
    expect(toasts.at(-1)?.title).toBe('Sunset Kayak now starts on 05/14/2026, 10:30 AM.');
  });

  it('puts the event back when the move is cancelled or refused', async () => {
    const requests = stubFetch(() =>
      json(409, { resp_code: 1712, resp_message: 'Tom already leads a tour at that time.' }),
    );
    const cancelled = dropped();
    const first = renderWithProviders(<Harness info={cancelled} />);
    fireEvent.click(screen.getByRole('button', { name: 'drop' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Cancel' }));
    expect(cancelled.revert).toHaveBeenCalledOnce();
    expect(requests).toHaveLength(0);
    first.unmount();

    const refused = dropped();
    renderWithProviders(<Harness info={refused} />);
    fireEvent.click(screen.getByRole('button', { name: 'drop' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Move' }));
    await waitFor(() => expect(refused.revert).toHaveBeenCalledOnce());
    expect(requests).toHaveLength(1);
  });
});

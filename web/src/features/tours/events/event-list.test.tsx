import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { TourEventRow } from '@nine/shared/schemas/tours/events';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setDisplayTimeZone } from '../../../lib/format.ts';
import { jsonResponse, stubApi } from '../../../testing/fake-api.ts';
import { setUpTranslatedSuite } from '../../../testing/i18n-suite.ts';
import { renderAtPath } from '../../../testing/render-at-path.tsx';
import { EventList } from './event-list.tsx';

setUpTranslatedSuite();
beforeEach(() => setDisplayTimeZone('UTC'));
afterEach(() => setDisplayTimeZone(null));

const row: TourEventRow = {
  id: 5,
  definition_id: 2,
  definition_name: 'Sunset Kayak',
  group_id: 1,
  group_name: 'Kayak',
  group_color: 'teal',
  series_id: 3,
  detached: false,
  starts_at: '2030-06-04T09:00:00.000Z',
  ends_at: '2030-06-04T11:00:00.000Z',
  status: 'scheduled',
  capacity: 12,
  min_participants: 2,
  seats_taken: 3,
  leaders: 0,
  leader_names: [],
  leaders_needed: 1,
  private_order_id: null,
  version: 1,
};

const page = (rows: TourEventRow[]) => ({
  rows,
  total: rows.length,
  total_capped: false,
  page: 1,
  page_size: 25,
});
const tours = {
  rows: [
    { id: 2, name: 'Sunset Kayak', group: { id: 1, name: 'Kayak', color: 'teal' } },
    { id: 4, name: 'Old Pier Walk', group: { id: 6, name: 'Walking', color: 'purple' } },
  ],
  total: 2,
  total_capped: false,
  page: 1,
  page_size: 200,
};

function stub() {
  return stubApi({
    'GET nine/tours/events': () => jsonResponse(200, { data: page([row]) }),
    'GET nine/tours/definitions': () => jsonResponse(200, { data: tours }),
  });
}
const listCalls = (calls: ReturnType<typeof stub>) =>
  calls
    .filter((c) => c.path.startsWith('nine/tours/events'))
    .map((c) => new URLSearchParams(c.path.split('?')[1]));

describe('the tour events list', () => {
  it('asks for the filters in the URL and shows each event with its group, seats and leaders', async () => {
    const calls = stub();
    renderAtPath(
      '/tours/events?status=scheduled&group=1&from=2030-06-01&to=2030-06-30',
      <EventList locationId={1} canChange calendarHref="/tours/events/calendar" />,
    );
    const table = await screen.findByRole('table', { name: 'Tour events' });
    await within(table).findByRole('button', { name: 'Sunset Kayak' });
    const cells = within(table)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(cells).toContain('06/04/2030, 9:00 AM – 11:00 AM');
    expect(cells).toContain('Kayak');
    expect(cells).toContain('Scheduled');
    expect(cells).toContain('3/12 (9 free)');
    expect(cells).toContain('0/1 leaders: short');
    const [query] = listCalls(calls);
    expect(Object.fromEntries(query!)).toEqual({
      page: '1',
      page_size: '25',
      sort: 'starts_at',
      sort_type: 'asc',
      from: '2030-06-01T00:00:00.000Z',
      to: '2030-07-01T00:00:00.000Z',
      group_id: '1',
      status: 'scheduled',
    });
    expect(screen.getByRole('link', { name: 'Calendar' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'New event' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'New schedule' })).toBeTruthy();
  });

  it('writes a changed filter to the URL and asks again from page 1', async () => {
    const calls = stub();
    const { location } = renderAtPath('/tours/events?page=2', <EventList locationId={1} canChange={false} />);
    await screen.findByRole('button', { name: 'Sunset Kayak' });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Only events I lead' }));
    await waitFor(() => expect(location.history.at(-1)).toBe('/tours/events?mine=true'));
    await waitFor(() => expect(listCalls(calls).at(-1)!.get('mine')).toBe('true'));
    expect(listCalls(calls).at(-1)!.get('page')).toBe('1');
  });

  it('is the classic Tours > Instances screen without the calendar, and read-only without tour:change', async () => {
    stub();
    renderAtPath('/tours/instances', <EventList variant="classic" locationId={1} canChange={false} />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Tour instances' })).toBeTruthy();
    await screen.findByRole('button', { name: 'Sunset Kayak' });
    expect(screen.queryByRole('link', { name: 'Calendar' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'New event' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'New schedule' })).toBeNull();
  });
});

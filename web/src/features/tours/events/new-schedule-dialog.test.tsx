import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setDisplayTimeZone } from '../../../lib/format.ts';
import { jsonResponse, stubApi } from '../../../testing/fake-api.ts';
import { setUpTranslatedSuite } from '../../../testing/i18n-suite.ts';
import { renderWithProviders } from '../../../testing/render-with-providers.tsx';
import { NewScheduleDialog } from './new-schedule-dialog.tsx';

setUpTranslatedSuite();
beforeEach(() => setDisplayTimeZone('UTC'));
afterEach(() => setDisplayTimeZone(null));

const tours = {
  rows: [{ id: 2, name: 'Sunset Kayak', capacity: 12, group: null }],
  total: 1,
  total_capped: false,
  page: 1,
  page_size: 200,
};
const occurrences = [
  { day: '2030-05-07', starts_at: '2030-05-07T09:00:00.000Z', ends_at: '2030-05-07T11:00:00.000Z' },
  { day: '2030-05-09', starts_at: '2030-05-09T09:00:00.000Z', ends_at: '2030-05-09T11:00:00.000Z' },
];
const line = { product_id: 9, sku: 'KAY-1', name: 'Kayak', needed: 6, free: 4, short: 2 };

describe('the new schedule dialog', { timeout: 20_000 }, () => {
  it('builds the rule, previews the departures, then creates them and lists the equipment short', async () => {
    const calls = stubApi({
      'GET nine/tours/definitions': () => jsonResponse(200, { data: tours }),
      'POST nine/tours/event-series/preview': () =>
        jsonResponse(200, { data: { count: 2, time_zone: 'UTC', occurrences } }),
      'POST nine/tours/event-series': () =>
        jsonResponse(201, {
          data: {
            series: {
              id: 1,
              definition_id: 2,
              rrule: 'FREQ=WEEKLY;BYDAY=TU,TH',
              first_day: '2030-05-06',
              last_day: '2030-05-10',
              start_time: '09:00',
              duration_minutes: 120,
              capacity: 12,
              min_participants: 1,
              exdates: ['2030-05-08'],
              version: 1,
            },
            created: 2,
            updated: 0,
            removed: 0,
            kept: [],
            equipment_short: [{ day: '2030-05-07', lines: [line] }],
          },
        }),
    });
    renderWithProviders(<NewScheduleDialog open locationId={1} onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog', { name: 'New schedule' });
    const tour = within(dialog).getByLabelText(/^Tour/);
    await within(tour).findByRole('option', { name: 'Sunset Kayak' });
    fireEvent.change(tour, { target: { value: '2' } });

    // Without a weekday the rule is not finished: nothing is sent.
    fireEvent.change(within(dialog).getByLabelText(/^First day/), { target: { value: '2030-05-06' } });
    fireEvent.change(within(dialog).getByLabelText(/^Last day/), { target: { value: '2030-05-10' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Preview' }));
    expect(await within(dialog).findByText(/Finish the repeat rule/)).toBeTruthy();

    const thursday = within(dialog).getByRole('checkbox', { name: 'Thursday' }) as HTMLInputElement;
    fireEvent.click(thursday);
    await waitFor(() => expect(thursday.checked).toBe(true));
    const tuesday = within(dialog).getByRole('checkbox', { name: 'Tuesday' }) as HTMLInputElement;
    fireEvent.click(tuesday);
    await waitFor(() => expect(tuesday.checked).toBe(true));
    fireEvent.change(within(dialog).getByLabelText('Skip a day'), { target: { value: '2030-05-08' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(within(dialog).getByRole('list', { name: 'Days skipped' }).textContent).toContain('05/08/2030');

    fireEvent.click(within(dialog).getByRole('button', { name: 'Preview' }));
    expect(await within(dialog).findByText('2 events will be created:')).toBeTruthy();
    expect(within(dialog).getByText('05/07/2030, 9:00 AM')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create 2 events' }));

    expect(await within(dialog).findByText('2 events were created.')).toBeTruthy();
    expect(within(dialog).getByText('Equipment would be short on 1 day:')).toBeTruthy();
    const short = within(dialog).getByRole('table', { name: 'Equipment short on 05/07/2030' });
    expect(
      within(short)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Kayak (KAY-1)', '6', '4', '2']);

    const sent = calls.filter((c) => c.method === 'POST');
    const body = {
      definition_id: 2,
      rrule: 'FREQ=WEEKLY;BYDAY=TU,TH',
      first_day: '2030-05-06',
      last_day: '2030-05-10',
      start_time: '09:00',
      exdates: ['2030-05-08'],
    };
    expect(sent).toEqual([
      { method: 'POST', path: 'nine/tours/event-series/preview', body },
      { method: 'POST', path: 'nine/tours/event-series', body },
    ]);
  });

  it('asks for a new preview once a field changes after one', async () => {
    stubApi({
      'GET nine/tours/definitions': () => jsonResponse(200, { data: tours }),
      'POST nine/tours/event-series/preview': () =>
        jsonResponse(200, { data: { count: 2, time_zone: 'UTC', occurrences } }),
    });
    renderWithProviders(<NewScheduleDialog open locationId={1} onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog', { name: 'New schedule' });
    const tour = within(dialog).getByLabelText(/^Tour/);
    await within(tour).findByRole('option', { name: 'Sunset Kayak' });
    fireEvent.change(tour, { target: { value: '2' } });
    fireEvent.change(within(dialog).getByLabelText(/^Repeats/), { target: { value: 'daily' } });
    fireEvent.change(within(dialog).getByLabelText(/^First day/), { target: { value: '2030-05-06' } });
    fireEvent.change(within(dialog).getByLabelText(/^Last day/), { target: { value: '2030-05-10' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Preview' }));
    await within(dialog).findByRole('button', { name: 'Create 2 events' });
    fireEvent.change(within(dialog).getByLabelText(/^Start time/), { target: { value: '10:30' } });
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Preview' })).toBeTruthy());
  });
});

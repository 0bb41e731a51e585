import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { BusinessCalendar, SpecialDay } from '@nine/shared/schemas/business-calendar';
import { jsonResponse, stubApi } from '../../../../testing/fake-api.ts';
import { setUpTranslatedSuite } from '../../../../testing/i18n-suite.ts';
import { renderWithProviders } from '../../../../testing/render-with-providers.tsx';
import { BusinessCalendarSection } from './business-calendar-section.tsx';

setUpTranslatedSuite();

const christmas: SpecialDay = {
  id: 7,
  location_id: 1,
  day: '2030-12-25',
  closed: true,
  opens: null,
  closes: null,
  note: 'Christmas Day',
  version: 1,
};
const calendar: BusinessCalendar = {
  location_id: 1,
  time_zone: 'UTC',
  hours: [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({
    weekday,
    closed: weekday === 0,
    opens: weekday === 0 ? '10:00' : '09:00',
    closes: weekday === 0 ? '16:00' : '18:00',
    version: 2,
    saved: true,
  })),
  special_days: [christmas],
};

const reading = () => ({ 'GET nine/business-calendar': () => jsonResponse(200, { data: calendar }) });
const show = (canEdit = true) =>
  renderWithProviders(<BusinessCalendarSection locationId={1} canEdit={canEdit} />);
const group = (name: string) => screen.getByRole('group', { name });

describe('business calendar section', () => {
  it('shows the week and the special days, and saves the whole week with each day’s version', async () => {
    const calls = stubApi({
      ...reading(),
      'PUT nine/business-hours': () => jsonResponse(200, { data: calendar.hours }),
    });
    const { toasts } = show();
    expect(await screen.findByRole('region', { name: 'Business calendar' })).toBeTruthy();
    const monday = await screen.findByRole('group', { name: 'Monday' });
    const opens = within(monday).getByLabelText('Opens') as HTMLInputElement;
    expect(opens.value).toBe('09:00');
    // Sunday is closed: its times cannot be typed.
    expect((within(group('Sunday')).getByLabelText('Opens') as HTMLInputElement).disabled).toBe(true);
    const table = screen.getByRole('table', { name: 'Holidays and special days from today' });
    expect(within(table).getByText('Christmas Day')).toBeTruthy();
    expect(within(table).getByText('Closed')).toBeTruthy();

    fireEvent.change(opens, { target: { value: '08:30' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save opening hours' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    const put = calls.find((c) => c.method === 'PUT')!;
    const body = put.body as {
      location_id: number;
      days: { weekday: number; opens: string; version: number }[];
    };
    expect(body.location_id).toBe(1);
    expect(body.days).toHaveLength(7);
    expect(body.days[1]).toMatchObject({ weekday: 1, opens: '08:30', version: 2 });
    await waitFor(() => expect(toasts.map((t) => t.title)).toContain('Opening hours saved.'));
  });

  it('refuses a day that closes before it opens without calling the server', async () => {
    const calls = stubApi(reading());
    show();
    const tuesday = await screen.findByRole('group', { name: 'Tuesday' });
    fireEvent.change(within(tuesday).getByLabelText('Closes'), { target: { value: '08:00' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save opening hours' }));
    expect(
      await within(tuesday).findByText('The closing time must come after the opening time.'),
    ).toBeTruthy();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it('adds a holiday through the dialog', async () => {
    const calls = stubApi({
      ...reading(),
      'POST nine/special-days': (body) =>
        jsonResponse(201, { data: { ...christmas, id: 8, ...(body as object) } }),
    });
    show();
    fireEvent.click(await screen.findByRole('button', { name: 'Add special day' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add special day' });
    fireEvent.change(within(dialog).getByLabelText(/Date/), { target: { value: '2031-01-01' } });
    fireEvent.change(within(dialog).getByLabelText('Note'), { target: { value: 'New Year' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')!.body).toMatchObject({
      location_id: 1,
      day: '2031-01-01',
      closed: true,
      note: 'New Year',
    });
  });

  it('asks before deleting a special day', async () => {
    const calls = stubApi({
      ...reading(),
      'DELETE nine/special-days/7': () => jsonResponse(200, { data: { id: 7 } }),
    });
    show();
    fireEvent.click(await screen.findByRole('button', { name: /Delete the special day of/ }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete special day' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE')).toBe(true));
  });

  it('is read-only without the right to change it', async () => {
    stubApi(reading());
    show(false);
    await screen.findByRole('group', { name: 'Monday' });
    expect(screen.queryByRole('button', { name: 'Save opening hours' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add special day' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Delete the special day of/ })).toBeNull();
  });
});

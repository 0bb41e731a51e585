import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AvailabilityCalendar } from '@nine/shared/schemas/stock';
import { todayAtLocation } from '../../../lib/format.ts';
import { jsonResponse, stubApi } from '../../../testing/fake-api.ts';
import { setUpTranslatedSuite } from '../../../testing/i18n-suite.ts';
import { renderWithProviders } from '../../../testing/render-with-providers.tsx';
import { AvailabilityCalendarScreen } from './availability-calendar-screen.tsx';

setUpTranslatedSuite();

// The month the screen opens on, and a closed day in it (the business calendar's answer).
const month = todayAtLocation().slice(0, 7);
const calendar = (closed: string[]): AvailabilityCalendar => ({
  rows: [
    {
      product_id: 1,
      sku: 'KAYAK',
      name: 'Sea kayak',
      category: null,
      is_serialized: true,
      capacity: 2,
      in_maintenance: 0,
      booked: Array.from({ length: 28 }, () => 0),
    },
  ],
  total: 1,
  page: 1,
  page_size: 300,
  slots: Array.from({ length: 28 }, (_, i) => `${month}-${String(i + 1).padStart(2, '0')}T00:00:00.000Z`),
  end: `${month}-29T00:00:00.000Z`,
  closed_days: closed,
});

const show = () =>
  renderWithProviders(
    <AvailabilityCalendarScreen
      title="Availability calendar"
      locationId={1}
      dateTimeFormat="MM/DD/YYYY hh:mm A"
      intervalHours={1}
      detailsHref={() => '/details'}
      onOpenDetails={() => {}}
    />,
  );

describe('availability calendar: closed days', () => {
  it('marks the location’s closed days in the header, to the eye and to a screen reader', async () => {
    stubApi({
      'GET nine/stock/availability-calendar': () => jsonResponse(200, { data: calendar([`${month}-03`]) }),
    });
    show();
    const [y, m] = month.split('-');
    const closed = await screen.findByRole('columnheader', { name: `${m}/03/${y}, closed` });
    expect(within(closed).getByText('Closed')).toBeTruthy();
    const open = screen.getByRole('columnheader', { name: `${m}/04/${y}` });
    expect(within(open).queryByText('Closed')).toBeNull();
    // The day's cells say it too.
    expect(screen.getByTitle(`Sea kayak, ${m}/03/${y}, closed: 2 available, 0 booked`)).toBeTruthy();
  });
});

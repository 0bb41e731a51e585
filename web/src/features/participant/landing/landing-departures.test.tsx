import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import type { LandingDeparture } from '@nine/shared/schemas/tours/public';
import { initI18n } from '../../../lib/i18n.ts';
import { renderWithProviders } from '../../../testing/render-with-providers.tsx';
import { LandingDepartures } from './landing-departures.tsx';

beforeAll(async () => {
  await initI18n();
});

const departure = (over: Partial<LandingDeparture>): LandingDeparture => ({
  event_id: 1,
  definition_id: 1,
  name: 'Sunset kayak',
  starts_at: '2026-07-01T17:00:00Z',
  ends_at: '2026-07-01T19:00:00Z',
  time_zone: 'UTC',
  seats_left: 4,
  capacity: 12,
  cover_url: '/nine/media/kayak.webp',
  meeting_point: 'Harbour slipway',
  ...over,
});

describe('LandingDepartures', () => {
  it('shows a card per departure with its time and seats left, and "Full" when none are', () => {
    renderWithProviders(
      <LandingDepartures
        departures={[
          departure({}),
          departure({ event_id: 2, name: 'Cave tour', seats_left: 1, cover_url: null }),
          departure({ event_id: 3, name: 'Dolphin watch', seats_left: 0 }),
          departure({
            event_id: 4,
            name: 'Two-day trek',
            time_zone: 'Europe/Madrid',
            starts_at: '2026-07-01T07:00:00Z',
            ends_at: '2026-07-02T15:00:00Z',
          }),
        ]}
      />,
    );
    const cards = screen.getAllByRole('listitem');
    expect(cards).toHaveLength(4);
    expect(within(cards[0]!).getByRole('heading', { name: 'Sunset kayak' })).toBeTruthy();
    expect(within(cards[0]!).getByText('07/01/2026, 5:00 PM to 7:00 PM')).toBeTruthy();
    expect(within(cards[0]!).getByText('4 seats left')).toBeTruthy();
    expect(within(cards[0]!).getByText('Harbour slipway')).toBeTruthy();
    expect(cards[0]!.querySelector('img')?.getAttribute('src')).toBe('/nine/media/kayak.webp');
    expect(within(cards[1]!).getByText('1 seat left')).toBeTruthy();
    expect(cards[1]!.querySelector('img')).toBeNull();
    expect(within(cards[2]!).getByText('Full')).toBeTruthy();
    expect(within(cards[2]!).queryByText(/seats? left/)).toBeNull();
    // In the tour's own zone, with the end's date when it runs over two days.
    expect(within(cards[3]!).getByText('07/01/2026, 9:00 AM to 07/02/2026, 5:00 PM')).toBeTruthy();
  });

  it('says when there is nothing coming up', () => {
    renderWithProviders(<LandingDepartures departures={[]} />);
    expect(screen.getByText('No departures in the next two weeks.')).toBeTruthy();
  });
});

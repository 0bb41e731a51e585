import { screen } from '@testing-library/react';
import type { TourManifest } from '@nine/shared/schemas/tours/reservations';
import { describe, expect, it } from 'vitest';
import { jsonResponse, stubFetch } from '../testing/fake-api.ts';
import { goTo, renderAppAt, setUpAppTests, signedInRoutes, signIn } from './testing/app-harness.tsx';

setUpAppTests();

const manifest: TourManifest = {
  event: {
    id: 5,
    definition_id: 2,
    definition_name: 'Sunset Kayak',
    definition_code: 'SUNSET',
    group_color: 'teal',
    starts_at: '2031-06-04T09:00:00.000Z',
    ends_at: '2031-06-04T11:00:00.000Z',
    status: 'confirmed',
    capacity: 12,
    seats_taken: 0,
    meeting_point: null,
    leader_names: [],
    time_zone: 'UTC',
  },
  participants: [],
  unnamed: [],
  totals: { seats: 0, named: 0, signed: 0, checked_in: 0 },
};

const emptyPage = { rows: [], total: 0, total_capped: false, page: 1, page_size: 25 };

describe('the manifest routes', () => {
  it('print the manifest from the legacy list, and Back returns to that list', async () => {
    stubFetch({
      ...signedInRoutes(
        { id: 1, name: 'Cleo Clerk', email: 'clerk@nine.test' },
        [{ id: 1, name: 'Harbor' }],
        [{ resource: 'tour', action: 'change' }],
      ),
      'GET /api/nine/tours/reservations': () => jsonResponse(200, { data: emptyPage }),
      'GET /api/nine/tours/definitions': () => jsonResponse(200, { data: { ...emptyPage, page_size: 200 } }),
      'GET /api/nine/tours/events/5/manifest': () => jsonResponse(200, { data: manifest }),
      'GET /api/nine/tours/events/5/waitlist': () =>
        jsonResponse(200, { data: { rows: [], seats_free: 12 } }),
    });
    renderAppAt('/nine/auth/login');
    await signIn('clerk@nine.test');
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' });

    goTo('/nine/tours/reservations?event=5');
    const print = await screen.findByRole('link', { name: 'Print manifest' });
    expect(print.getAttribute('href')).toBe('/nine/tours/events/5/manifest/print?from=classic');
    expect(await screen.findByText('Nobody is waiting for this departure.')).toBeTruthy();

    goTo('/nine/tours/events/5/manifest/print?from=classic');
    const back = await screen.findByRole('link', { name: 'Back to the reservations' });
    expect(back.getAttribute('href')).toBe('/nine/tours/reservations?event=5');

    goTo('/nine/tours/events/5/manifest/print');
    expect((await screen.findByRole('link', { name: 'Back to the reservations' })).getAttribute('href')).toBe(
      '/nine/tours/reservation-list?event=5',
    );
  }, 30_000);
});

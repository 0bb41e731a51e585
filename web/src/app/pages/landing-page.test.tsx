import { screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../lib/i18n.ts';
import { jsonResponse, stubApi } from '../../testing/fake-api.ts';
import { renderAtPath } from '../../testing/render-at-path.tsx';
import { LandingPage } from './landing-page.tsx';

beforeAll(async () => {
  await initI18n();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const answer = (toursEnabled: boolean) => ({
  data: {
    business: {
      site_title: 'Harbour Tours',
      logo_url: null,
      address: null,
      email: null,
      phone: null,
      website: null,
    },
    tours_enabled: toursEnabled,
    departures: [
      {
        event_id: 4,
        definition_id: 2,
        name: 'Cave tour',
        starts_at: '2026-07-02T09:00:00Z',
        ends_at: '2026-07-02T11:00:00Z',
        time_zone: 'Europe/Madrid',
        seats_left: 0,
        capacity: 8,
        cover_url: null,
        meeting_point: null,
      },
    ],
  },
});

describe('LandingPage', () => {
  it('welcomes with the business name, leads to easy-sign and lists the departures', async () => {
    stubApi({ 'GET nine/public/landing': () => jsonResponse(200, answer(true)) });
    renderAtPath('/', <LandingPage />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome to Harbour Tours' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Find my booking and sign' }).getAttribute('href')).toBe(
      '/easy-sign',
    );
    expect(await screen.findByRole('heading', { level: 2, name: 'Upcoming tours' })).toBeTruthy();
    expect(screen.getByText('Full')).toBeTruthy();
    // Shown in the tour's own zone (09:00 UTC is 11:00 in Madrid in July).
    expect(screen.getByText('07/02/2026, 11:00 AM to 1:00 PM')).toBeTruthy();
  });

  it('shows no departures while the business has tours switched off, and says so when loading fails', async () => {
    stubApi({ 'GET nine/public/landing': () => jsonResponse(200, answer(false)) });
    const { unmount } = renderAtPath('/', <LandingPage />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome to Harbour Tours' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Upcoming tours' })).toBeNull();
    // Without tours the welcome speaks of rentals.
    expect(screen.getByText(/^Renting with us\?/)).toBeTruthy();
    expect(screen.queryByText(/^Booked a tour with us\?/)).toBeNull();
    unmount();
    stubApi({ 'GET nine/public/landing': () => jsonResponse(500, { resp_code: 1000, resp_message: 'x' }) });
    renderAtPath('/', <LandingPage />);
    expect(await screen.findByText('The upcoming tours could not be loaded. Try again later.')).toBeTruthy();
  });
});

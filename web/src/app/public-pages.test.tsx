import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { readLocalSettings, saveLocalSettings } from '../lib/local-settings.ts';
import { jsonResponse, requestsTo, stubFetch } from '../testing/fake-api.ts';
import { renderAppAt, setUpAppTests, signedInRoutes, signIn } from './testing/app-harness.tsx';

setUpAppTests();

const landing = {
  data: {
    business: {
      site_title: 'Harbour Tours',
      logo_url: null,
      address: '1 Quay Street',
      email: 'hello@harbour.test',
      phone: null,
      website: null,
    },
    tours_enabled: true,
    departures: [],
  },
};

describe('the public pages in the app', () => {
  it('finds a booking on easy-sign and opens its participant page in the landing layout, token out of the address', async () => {
    const requests = stubFetch({
      'GET /api/nine/public/landing': () => jsonResponse(200, landing),
      'POST /api/nine/public/easy-sign/lookup': () =>
        jsonResponse(200, { data: { token: 'tok_easy', expires_at: '2026-07-01T10:30:00Z' } }),
    });
    renderAppAt('/nine/easy-sign');
    expect(await screen.findByRole('heading', { level: 1, name: 'Find your booking' })).toBeTruthy();
    expect(document.title).toBe('Find your booking');
    expect(await screen.findByText('1 Quay Street · hello@harbour.test')).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: /^Booking number/ }), { target: { value: '#1' } });
    fireEvent.change(screen.getByRole('textbox', { name: /^Phone or e-mail/ }), {
      target: { value: 'a@b.test' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Find my booking' }));
    // The summary is not stubbed: the page says the link is dead, proving which token it asked with.
    expect(await screen.findByText('This link is not valid or has expired.')).toBeTruthy();
    expect(requestsTo(requests, 'GET', '/api/nine/public/participant/tok_easy')).not.toHaveLength(0);
    expect(window.location.pathname).toBe('/nine/participant/signe');
    expect(window.location.search).toBe('');
    expect(document.title).toBe('Sign your waiver');
  });

  it("takes a share link's token out of the address at once and names the landing tab after the business", async () => {
    const requests = stubFetch({ 'GET /api/nine/public/landing': () => jsonResponse(200, landing) });
    renderAppAt('/nine/participant/signe?token=tok_link');
    expect(await screen.findByText('This link is not valid or has expired.')).toBeTruthy();
    await waitFor(() => expect(window.location.search).toBe(''));
    // Read again from this tab's storage once the address no longer has it: the same token every time.
    const summaries = requests.filter((r) =>
      new URL(r.url).pathname.startsWith('/api/nine/public/participant/'),
    );
    expect(summaries.map((r) => new URL(r.url).pathname)).toContain('/api/nine/public/participant/tok_link');
    expect(new Set(summaries.map((r) => new URL(r.url).pathname)).size).toBe(1);
    expect(window.location.href).not.toContain('tok_link');
    fireEvent.click(screen.getByRole('link', { name: 'Harbour Tours' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome to Harbour Tours' })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Harbour Tours'));
  });

  it('offers easy-sign on a kiosk, lets it through the kiosk gate, and leads back to the kiosk', async () => {
    stubFetch(
      {
        ...signedInRoutes(
          { id: 1, name: 'Kim Kiosk', email: 'admin@nine.test' },
          [{ id: 1, name: 'Harbor' }],
          [],
        ),
        'GET /api/nine/public/landing': () => jsonResponse(200, landing),
      },
      { notFoundMessage: 'Not found.' },
    );
    saveLocalSettings({ ...readLocalSettings(), kioskMode: true });
    renderAppAt('/nine/auth/login');
    await signIn();
    fireEvent.click(await screen.findByRole('button', { name: /Sign a tour waiver/ }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Find your booking' })).toBeTruthy();
    expect(window.location.pathname).toBe('/nine/easy-sign');
    // No way out to the staff sign-in on a kiosk, only back to its start.
    expect(screen.queryByRole('link', { name: 'Staff sign-in' })).toBeNull();
    fireEvent.click(screen.getByRole('link', { name: 'Back to the start' }));
    await waitFor(() => expect(window.location.pathname).toBe('/nine/kiosk'));
  }, 20_000);
});

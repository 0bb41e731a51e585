import { waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { currentTimeZone, formatDateTime } from '../lib/format.ts';
import { createAppServices, type AppServices } from './app-services.ts';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const locations = [
  { id: 1, name: 'Harbor Front', time_zone: 'America/Los_Angeles' },
  { id: 2, name: 'Old Town', time_zone: 'Europe/Madrid' },
];

function serve() {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (request: Request) => {
      const path = new URL(request.url).pathname;
      if (path === '/api/nine/user/login')
        return json(200, {
          data: {
            token: 'tok',
            token_type: 'Bearer',
            expires_in: 3600,
            user: { id: 1, name: 'Alex', email: 'alex@nine.test' },
            locations,
            location_id: 1,
          },
        });
      const select = /^\/api\/nine\/locations\/(\d+)\/select$/.exec(path);
      if (select)
        return json(200, { data: { location_id: Number(select[1]), permissions: [], resources: [] } });
      return json(200, { data: { ok: true } });
    }),
  );
}

let services: AppServices;
afterEach(() => {
  services.dispose();
  vi.unstubAllGlobals();
});

describe('the time zone instants are shown in', () => {
  it('follows the location the session works at, and the browser’s once signed out', async () => {
    const browser = new Intl.DateTimeFormat().resolvedOptions().timeZone;
    serve();
    services = createAppServices({ reload: vi.fn() });
    const { session } = services;
    expect(currentTimeZone()).toBe(browser);

    session.send({ type: 'LOGIN', email: 'alex@nine.test', password: 'x' });
    await waitFor(() =>
      expect(session.getSnapshot().matches({ signedIn: { location: 'choosing' } })).toBe(true),
    );
    // The server's default location until one is chosen.
    expect(currentTimeZone()).toBe('America/Los_Angeles');
    expect(formatDateTime('2026-11-24T22:21:00Z', 'en-US')).toMatch(/^11\/24\/2026, 2:21\sPM$/);

    session.send({ type: 'SELECT_LOCATION', locationId: 2 });
    await waitFor(() => expect(session.getSnapshot().context.session?.locationId).toBe(2));
    expect(currentTimeZone()).toBe('Europe/Madrid');
    expect(formatDateTime('2026-11-24T22:21:00Z', 'en-US')).toMatch(/^11\/24\/2026, 11:21\sPM$/);

    session.send({ type: 'LOGOUT' });
    await waitFor(() => expect(session.getSnapshot().matches('signedOut')).toBe(true));
    expect(currentTimeZone()).toBe(browser);
  });
});

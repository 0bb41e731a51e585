import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../lib/i18n.ts';
import { jsonResponse, stubFetch } from '../testing/fake-api.ts';
import { goTo, renderAppAt, setUpAppTests, signedInRoutes, signIn } from './testing/app-harness.tsx';

// Two pages that crash on demand; everything else (router, layout, menu, session) is the real app.
const crash = vi.hoisted(() => ({ versionHistory: true, orderIds: new Set<string>() }));
vi.mock('./pages/version-history-page.tsx', () => ({
  VersionHistoryPage: () => {
    if (crash.versionHistory) throw new Error('version history exploded');
    return <h1>Version History page</h1>;
  },
}));
vi.mock('./pages/rent-order-page.tsx', () => ({
  RentOrderPage: () => {
    const id = window.location.pathname.split('/').at(-1) ?? '';
    if (crash.orderIds.has(id)) throw new Error(`order ${id} exploded`);
    return <h1>Rent order {id}</h1>;
  },
}));

const place = { id: 1, name: 'Harbor Front' };

setUpAppTests();
beforeEach(() => {
  crash.versionHistory = true;
  crash.orderIds = new Set();
  // React reports every caught render error on the console; the boundary's own log line is expected too.
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  stubFetch(
    {
      ...signedInRoutes(
        { id: 1, name: 'Alex Admin', email: 'admin@nine.test' },
        [place],
        [{ resource: 'rent_order', action: 'any' }],
      ),
      'GET /api/nine/business-info': () => jsonResponse(200, { data: { site_title: 'Nine' } }),
    },
    { notFoundMessage: 'Not found.' },
  );
});

async function signedInAt(path: string) {
  renderAppAt(path, { strict: false });
  await signIn();
}

describe('error boundary per route region', () => {
  it('shows the message inside the layout, keeps the menu working, and navigating away clears it', async () => {
    await signedInAt('/nine/version-history');

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Something went wrong!')).toBeTruthy();
    expect(within(alert).getByText('This part of the page could not be shown.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
    // The shell is still there: the header's title and the side menu, whose links still lead somewhere.
    expect(within(screen.getByRole('main')).getByRole('alert')).toBe(alert);
    const menu = screen.getByRole('navigation', { name: 'Main menu' });
    fireEvent.click(await within(menu).findByRole('link', { name: 'Dashboard' }));

    await waitFor(() => expect(window.location.pathname).toBe('/nine/dashboard'));
    await waitFor(() => expect(screen.queryByText('This part of the page could not be shown.')).toBeNull());
    expect(screen.getByRole('navigation', { name: 'Main menu' })).toBeTruthy();
  });

  it('"Try again" renders the page again', async () => {
    await signedInAt('/nine/version-history');
    await screen.findByText('This part of the page could not be shown.');

    crash.versionHistory = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Version History page' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('resets when the path changes within the same route (another order)', async () => {
    crash.orderIds = new Set(['1']);
    await signedInAt('/nine/rent-orders/1');
    await screen.findByText('This part of the page could not be shown.');

    goTo('/nine/rent-orders/2');
    expect(await screen.findByRole('heading', { name: 'Rent order 2' })).toBeTruthy();
    expect(screen.queryByText('This part of the page could not be shown.')).toBeNull();
  });

  it('speaks the user language', async () => {
    await signedInAt('/nine/version-history');
    await screen.findByText('This part of the page could not be shown.');
    await act(() => setLanguage('es-ES', { persist: false }));
    expect(await screen.findByText('Esta parte de la página no se pudo mostrar.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reintentar' })).toBeTruthy();
  });
});

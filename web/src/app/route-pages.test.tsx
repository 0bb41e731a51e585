import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../lib/i18n.ts';
import { renderAtPath } from '../testing/render-at-path.tsx';
import { jsonResponse, stubFetch } from '../testing/fake-api.ts';
import { SideMenu } from './layouts/side-menu.tsx';
import { findRoute, routeTable, type RouteDef } from './route-table.ts';
import { pageLoaders } from './route-pages.tsx';
import { renderAppAt, signedInRoutes, signIn, disposeApp } from './testing/app-harness.tsx';

// One page whose chunk cannot be fetched (a deploy removed it), one that counts how often it is loaded.
const chunks = vi.hoisted(() => ({ versionHistoryFails: true, downloadCenterLoads: 0 }));
vi.mock('./pages/version-history-page.tsx', () => {
  if (chunks.versionHistoryFails) throw new TypeError('Failed to fetch dynamically imported module');
  return { VersionHistoryPage: () => <h1>Version History page</h1> };
});
vi.mock('./pages/download-center-page.tsx', () => {
  chunks.downloadCenterLoads += 1;
  return { DownloadCenterPage: () => <h1>Download Center page</h1> };
});

beforeAll(async () => {
  await initI18n();
});
beforeEach(async () => {
  await disposeApp();
  vi.unstubAllGlobals();
});

describe('page chunks', () => {
  it('has a loader for every route that answers a component', async () => {
    const names = routeTable
      .map((route) => route.name)
      .filter((name) => name !== 'versionHistory' && name !== 'downloadCenter');
    const modules = await Promise.all(names.map((name) => pageLoaders[name]()));
    expect(modules.every((module) => typeof module.default === 'function')).toBe(true);
  }, 60_000);

  it('starts loading a page when its menu entry is hovered or focused, once', async () => {
    const route = findRoute('downloadCenter') as RouteDef;
    renderAtPath(
      '/dashboard',
      <SideMenu
        items={[{ label: 'download_center', route, children: [] }]}
        currentRoute={findRoute('DashboardIndex') as RouteDef}
      />,
    );
    const link = screen.getByRole('link', { name: 'Download Center' });
    expect(chunks.downloadCenterLoads).toBe(0);
    fireEvent.mouseEnter(link);
    await waitFor(() => expect(chunks.downloadCenterLoads).toBe(1));
    fireEvent.focus(link);
    const module = await act(() => pageLoaders.downloadCenter());
    expect(chunks.downloadCenterLoads).toBe(1);
    expect(typeof module.default).toBe('function');
  });

  it('shows a page whose chunk failed inside the layout, and offers a reload instead of a retry', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const reload = vi.spyOn(window.location, 'reload').mockImplementation(() => undefined);
    stubFetch(
      {
        ...signedInRoutes(
          { id: 1, name: 'Alex Admin', email: 'admin@nine.test' },
          [{ id: 1, name: 'Harbor Front' }],
          [],
        ),
        'GET /api/nine/business-info': () => jsonResponse(200, { data: { site_title: 'Nine' } }),
      },
      { notFoundMessage: 'Not found.' },
    );
    renderAppAt('/nine/version-history', { strict: false });
    await signIn();

    const alert = await screen.findByRole('alert', {}, { timeout: 5000 });
    expect(
      within(alert).getByText('This page could not be loaded. Reload to get the latest version.'),
    ).toBeTruthy();
    // The shell stays: the menu is there and still leads somewhere.
    expect(within(screen.getByRole('main')).getByRole('alert')).toBe(alert);
    expect(screen.getByRole('navigation', { name: 'Main menu' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Reload' }));
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
  }, 20_000);
});

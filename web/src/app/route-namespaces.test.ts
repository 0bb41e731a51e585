import { describe, expect, it } from 'vitest';
import { appNamespaces, publicNamespaces } from '../lib/locale-namespaces.ts';
import { namespacesBeforeRoute } from './router.tsx';
import { findRoute, routeTable, type RouteDef } from './route-table.ts';

describe('namespaces a route waits for', () => {
  it('is every namespace for a signed-in screen outside the sign-in layout, the bare prints included', () => {
    const print = findRoute('saleOrderPrint') as RouteDef;
    expect(print.layout).toBe('bare');
    expect(namespacesBeforeRoute(print, true)).toEqual(appNamespaces);
    for (const route of routeTable.filter((r) => r.layout !== 'landing')) {
      expect(namespacesBeforeRoute(route, true)).toEqual(route.layout === 'auth' ? [] : appNamespaces);
    }
  });

  it('is none while signed out: the start holds what the sign-in screens need', () => {
    for (const route of routeTable.filter((r) => r.layout !== 'landing'))
      expect(namespacesBeforeRoute(route, false)).toEqual([]);
  });

  it('is only the public words for the public pages, signed in or not, so their chunks stay small', () => {
    expect(publicNamespaces).toEqual(['participant']);
    for (const name of ['easySign', 'participantSign'] as const) {
      const route = findRoute(name) as RouteDef;
      expect(namespacesBeforeRoute(route, false)).toEqual(publicNamespaces);
      expect(namespacesBeforeRoute(route, true)).toEqual(publicNamespaces);
    }
    // The landing page sends signed-in staff to the dashboard, which needs everything, as before.
    const home = findRoute('Home') as RouteDef;
    expect(namespacesBeforeRoute(home, false)).toEqual(publicNamespaces);
    expect(namespacesBeforeRoute(home, true)).toEqual(appNamespaces);
  });
});

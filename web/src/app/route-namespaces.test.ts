import { describe, expect, it } from 'vitest';
import { appNamespaces } from '../lib/locale-namespaces.ts';
import { namespacesBeforeRoute } from './router.tsx';
import { findRoute, routeTable, type RouteDef } from './route-table.ts';

describe('namespaces a route waits for', () => {
  it('is every namespace for a signed-in screen outside the sign-in layout, the bare prints included', () => {
    const print = findRoute('saleOrderPrint') as RouteDef;
    expect(print.layout).toBe('bare');
    expect(namespacesBeforeRoute(print, true)).toEqual(appNamespaces);
    for (const route of routeTable) {
      expect(namespacesBeforeRoute(route, true)).toEqual(route.layout === 'auth' ? [] : appNamespaces);
    }
  });

  it('is none while signed out: the start holds what the sign-in screens need', () => {
    for (const route of routeTable) expect(namespacesBeforeRoute(route, false)).toEqual([]);
  });
});

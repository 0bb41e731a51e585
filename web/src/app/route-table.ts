import type { ParseKeys } from 'i18next';
import type { appNamespaces } from '../lib/i18n.ts';
import type { Resource } from '@nine/shared/permissions';

/**
 * Every screen that exists. Screens not built yet are absent (the catch-all answers for them), and later
 * issues add rows here. Names follow the spec where it gives one (DashboardIndex, not-found).
 */
export type RouteName = 'Home' | 'Login' | 'DashboardIndex' | 'not-found';

export type RouteLayout = 'dashboard' | 'auth' | 'bare';

export interface RouteDef {
  name: RouteName;
  /** wouter pattern relative to the /nine base; '*' is the catch-all. */
  path: string;
  /** i18next key of the page title; null means the product name (navigation rule 5). */
  titleKey: ParseKeys<typeof appNamespaces> | null;
  /** Admitted when the user holds at least one of these with ability `any` (navigation rule 2). */
  resources: readonly Resource[];
  layout: RouteLayout;
  /** Skips the sign-in check (navigation rule 1). */
  noAuth?: boolean;
  /** Browser back is refused and sends the user to this route instead (navigation rule 4). */
  blockBack?: { to: RouteName };
}

export const routeTable: readonly RouteDef[] = [
  // The base path only decides where to go: dashboard when signed in, login otherwise.
  { name: 'Home', path: '/', titleKey: null, resources: [], layout: 'bare', noAuth: true },
  {
    name: 'Login',
    path: '/auth/login',
    titleKey: 'auth:login.title',
    resources: [],
    layout: 'auth',
    noAuth: true,
  },
  {
    name: 'DashboardIndex',
    path: '/dashboard',
    titleKey: 'common:dashboard.title',
    resources: [],
    layout: 'dashboard',
  },
  // Must stay last: it matches every path.
  {
    name: 'not-found',
    path: '*',
    titleKey: 'common:not_found.title',
    resources: [],
    layout: 'bare',
    noAuth: true,
  },
];

export function findRoute(name: string, table: readonly RouteDef[] = routeTable): RouteDef | undefined {
  return table.find((route) => route.name === name);
}

/** The in-app href of a route (relative to the /nine base), for <Link> and navigate(). */
export function pathTo(name: RouteName): string {
  const route = findRoute(name);
  if (route === undefined || route.path.includes(':') || route.path.includes('*')) {
    throw new Error(`no plain path for route ${name}`);
  }
  return route.path;
}

import { grantsAnyOf, type Permission } from '@nine/shared/permissions';
import type { AppT } from '../lib/i18n.ts';
import type { RouteDef, RouteName } from './route-table.ts';

export type RouteAccess = { kind: 'render' } | { kind: 'wait' } | { kind: 'redirect'; to: RouteName };

export interface Viewer {
  signedIn: boolean;
  /** undefined while the location's permissions are still loading. */
  permissions: readonly Permission[] | undefined;
}

/** Navigation rules 1 and 2: who may see a route, and where everybody else goes. */
export function routeAccess(route: RouteDef, viewer: Viewer): RouteAccess {
  if (route.noAuth) return { kind: 'render' };
  if (!viewer.signedIn) return { kind: 'redirect', to: 'Login' };
  if (route.resources.length === 0) return { kind: 'render' };
  if (viewer.permissions === undefined) return { kind: 'wait' };
  return grantsAnyOf(viewer.permissions, route.resources)
    ? { kind: 'render' }
    : { kind: 'redirect', to: 'DashboardIndex' };
}

/** Navigation rule 5: the route's translated title, else the product name. */
export function routeTitle(route: RouteDef | undefined, t: AppT): string {
  return route?.titleKey ? t(route.titleKey) : t('common:app_name');
}

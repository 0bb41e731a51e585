import { grants, type Permission, type Requirement } from '@nine/shared/permissions';
import type { AppT } from '../lib/i18n.ts';
import type { Features, RouteDef, RouteName } from './route-table.ts';

export type RouteAccess =
  | { kind: 'render' }
  | { kind: 'wait' }
  | { kind: 'redirect'; to: RouteName }
  /** Signed in but lacking what the route needs: sent away, told why (`needs`, any one would do). */
  | { kind: 'forbidden'; to: RouteName; needs: readonly Requirement[] };

export interface Viewer {
  signedIn: boolean;
  /** undefined while the location's permissions are still loading. */
  permissions: readonly Permission[] | undefined;
  /** The business's product lines; undefined while loading. Only routes naming a `feature` read it. */
  features?: Features | undefined;
}

/** What a route needs, any one of them: its resources with its action (`any` unless it names one). */
export function routeNeeds(route: RouteDef): Requirement[] {
  return route.resources.map((resource) => ({ resource, action: route.action ?? 'any' }));
}

/** Navigation rule 2: a route admits whoever holds one of its needs; a route needing nothing admits all. */
export function routeGranted(route: RouteDef, held: readonly Permission[]): boolean {
  const needs = routeNeeds(route);
  return needs.length === 0 || needs.some((need) => grants(held, need));
}

/** Navigation rules 1 and 2: who may see a route, and where everybody else goes. */
export function routeAccess(route: RouteDef, viewer: Viewer): RouteAccess {
  if (route.signedInTo !== undefined && viewer.signedIn) return { kind: 'redirect', to: route.signedInTo };
  if (route.noAuth) return { kind: 'render' };
  if (!viewer.signedIn) return { kind: 'redirect', to: 'Login' };
  if (route.resources.length === 0) return { kind: 'render' };
  if (viewer.permissions === undefined) return { kind: 'wait' };
  if (route.feature !== undefined) {
    // A product line switched off has no screens: a direct visit lands on the dashboard (D4).
    if (viewer.features === undefined) return { kind: 'wait' };
    if (!viewer.features[route.feature]) return { kind: 'redirect', to: 'DashboardIndex' };
  }
  return routeGranted(route, viewer.permissions)
    ? { kind: 'render' }
    : { kind: 'forbidden', to: 'DashboardIndex', needs: routeNeeds(route) };
}

/** Navigation rule 5: the route's translated title, else the product name. */
export function routeTitle(
  route: RouteDef | undefined,
  t: AppT,
  loaded: (namespace: string) => boolean = () => true,
): string {
  const key = route?.titleKey;
  // A signed-out visit to a signed-in screen is sent to login before that screen's words have loaded: the
  // tab shows the app's name meanwhile, not a raw key.
  return key && loaded(key.slice(0, key.indexOf(':'))) ? t(key) : t('common:app_name');
}

/**
 * The words a refused clerk reads: which page, and which permission to ask for ("Rent orders (Change)";
 * several are joined the language's way, "Rent orders or Sale orders").
 */
export function accessDeniedNotice(
  route: RouteDef,
  needs: readonly Requirement[],
  t: AppT,
  language: string,
): { title: string; message: string } {
  const names = needs.map(({ resource, action }) => {
    const name = t(`staff:resources.${resource}`);
    return action === 'any'
      ? name
      : t('common:access_denied.permission', { resource: name, action: t(`staff:actions.${action}`) });
  });
  const permission = new Intl.ListFormat(language, { type: 'disjunction' }).format(names);
  return {
    title: t('common:access_denied.title', { page: routeTitle(route, t) }),
    message: t('common:access_denied.message', { permission }),
  };
}

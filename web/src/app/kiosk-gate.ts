import type { RouteDef, RouteName } from './route-table.ts';

/**
 * Where a signed-in device must go instead of `route`: in kiosk mode (Local settings) only the kiosk screen
 * is shown (and the public pages it offers, easy-sign), whatever address is typed; out of it the kiosk screen is not. Sign-in screens stay reachable so
 * a kiosk whose session ended can be signed in again. Null: the route may be shown.
 */
export function kioskGate(
  route: Pick<RouteDef, 'layout' | 'noAuth' | 'kiosk'>,
  { kioskMode, signedIn }: { kioskMode: boolean; signedIn: boolean },
): RouteName | null {
  if (!signedIn || route.layout === 'auth') return null;
  if (kioskMode) return route.layout === 'kiosk' || route.kiosk === true ? null : 'kiosk';
  return route.layout === 'kiosk' ? 'DashboardIndex' : null;
}

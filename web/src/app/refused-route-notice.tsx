import { Alert, CloseButton } from '@chakra-ui/react';
import { useHistoryState } from 'wouter/use-browser-location';
import { currentLanguage, useAppTranslation } from '../lib/i18n.ts';
import { accessDeniedNotice, routeNeeds } from './route-access.ts';
import { findRoute, type RouteName } from './route-table.ts';

/** History-state key the route guard leaves on the dashboard entry it sends a refused clerk to. */
export const REFUSED_ROUTE_STATE = 'nineRefusedRoute';

export function refusedRouteState(route: RouteName): Record<string, RouteName> {
  return { [REFUSED_ROUTE_STATE]: route };
}

/**
 * Why the clerk is on the dashboard instead of the page they opened: which page, which permission to ask
 * for. Kept in the history entry (not a toast that a failing request's toast could crowd out) and shown
 * until dismissed, in the language of the moment.
 */
export function RefusedRouteNotice() {
  const { t } = useAppTranslation();
  const state: unknown = useHistoryState();
  const name =
    typeof state === 'object' && state !== null && REFUSED_ROUTE_STATE in state
      ? (state as Record<string, unknown>)[REFUSED_ROUTE_STATE]
      : undefined;
  const route = typeof name === 'string' ? findRoute(name) : undefined;
  if (route === undefined) return null;
  const notice = accessDeniedNotice(route, routeNeeds(route), t, currentLanguage());
  return (
    <Alert.Root status="warning" role="alert" data-testid="refused-route-notice">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{notice.title}</Alert.Title>
        <Alert.Description>{notice.message}</Alert.Description>
      </Alert.Content>
      <CloseButton
        size="sm"
        alignSelf="flex-start"
        aria-label={t('common:close')}
        // Cleared from the entry, so a reload or Back does not bring it again.
        onClick={() => window.history.replaceState(null, '')}
      />
    </Alert.Root>
  );
}

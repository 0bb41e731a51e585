import type { Resource } from '@nine/shared/permissions';
import { useScreenContext } from './use-screen-context.ts';

/** What the inventory screens take from the session and settings; composed here, not in the feature. */
export function useInventoryScreen(resource: Resource = 'inventory') {
  const screen = useScreenContext();
  return {
    locationId: screen.locationId,
    locations: screen.session?.login.locations ?? [],
    currencySymbol: screen.currencySymbol,
    itemsPerPage: screen.local.itemsPerPage,
    canChange: screen.can(resource, 'change'),
  };
}

import { useScreenContext } from './use-screen-context.ts';

/** What the customer and partner screens take from the session, settings and permissions. */
export function useCustomerScreen() {
  const screen = useScreenContext();
  return {
    locationId: screen.locationId,
    currencySymbol: screen.currencySymbol,
    itemsPerPage: screen.local.itemsPerPage,
    canViewCustomers: screen.can('customer', 'view'),
    canChangeCustomers: screen.can('customer', 'change'),
    canViewPartners: screen.can('coupon', 'view'),
    canChangePartners: screen.can('coupon', 'change'),
  };
}

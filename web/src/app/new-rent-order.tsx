import { Button } from '@chakra-ui/react';
import { useEffect } from 'react';
import { Link, useLocation } from 'wouter';
import type { Permission } from '@nine/shared/permissions';
import { useAppTranslation } from '../lib/i18n.ts';
import { NEW_RENT_ORDER_KEYS, isNewRentOrderShortcut, isTypingTarget } from './new-rent-order-keys.ts';
import { routeGranted } from './route-access.ts';
import { findRoute, pathTo } from './route-table.ts';
import { useViewerPermissions } from './use-viewer-permissions.ts';

/** Whoever may open the wizard (the route's own requirement, rent_order:change) is offered the ways in. */
export function canCreateRentOrder(permissions: readonly Permission[]): boolean {
  const route = findRoute('createOrder');
  return route !== undefined && routeGranted(route, permissions);
}

/** "New rent order", on the rent order list and the dashboard; absent for who may not create one. */
export function NewRentOrderButton() {
  const { t } = useAppTranslation();
  const permissions = useViewerPermissions() ?? [];
  if (!canCreateRentOrder(permissions)) return null;
  const label = t('orders:new_rent_order');
  return (
    <Button asChild size="sm" colorPalette="blue">
      <Link
        href={pathTo('createOrder')}
        title={t('common:with_shortcut', { label, keys: NEW_RENT_ORDER_KEYS })}
        aria-keyshortcuts={NEW_RENT_ORDER_KEYS}
        data-testid="new-rent-order"
      >
        {label}
      </Link>
    </Button>
  );
}

/**
 * Alt+N anywhere in the signed-in shell opens the wizard, except while typing in a field or working in a
 * dialog (leaving would drop what is there), and only for who may create rent orders.
 */
export function useNewRentOrderShortcut(permissions: readonly Permission[]) {
  const [location, navigate] = useLocation();
  const allowed = canCreateRentOrder(permissions);
  useEffect(() => {
    if (!allowed) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || !isNewRentOrderShortcut(event) || isTypingTarget(event.target)) return;
      if (event.target instanceof Element && event.target.closest('[role="dialog"], [role="alertdialog"]'))
        return;
      event.preventDefault();
      // Already in the wizard: starting it again would drop the order being entered.
      if (location !== pathTo('createOrder')) navigate(pathTo('createOrder'));
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [allowed, location, navigate]);
}

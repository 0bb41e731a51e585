import type { QueryKey } from '@tanstack/react-query';

/**
 * What a move or cancel changes besides the reservation: the departures and their manifests, the order's
 * ledger and drawers (['payments'] holds the order money and the cash registers), invoices and credit
 * notes, customers' balances and today's figures (as invalidateOrderMoney does for a payment).
 */
export const RESERVATION_MONEY_KEYS: readonly QueryKey[] = [
  ['tours', 'reservations'],
  ['tours', 'events'],
  ['tours', 'manifest'],
  ['orders'],
  ['payments'],
  ['invoices'],
  ['customers'],
  ['dashboard-summary'],
];

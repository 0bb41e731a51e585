import type { Resource } from '@nine/shared/permissions';

/** The two order lists of the back office: rent orders (every non-sale type) and sale orders. */
export type OrderKind = 'rent' | 'sale';

/** The API path segment of each kind: /api/nine/rent-orders, /api/nine/sale-orders. */
export const ORDER_API_PATH: Record<OrderKind, string> = {
  rent: 'nine/rent-orders',
  sale: 'nine/sale-orders',
};

/** The permission resource each kind needs (spec section 6). */
export const ORDER_RESOURCE: Record<OrderKind, Resource> = { rent: 'rent_order', sale: 'sell_order' };

/** Order ids in routes and calls are numeric only (spec section 2). */
export function parseOrderId(value: string | undefined): number | null {
  if (value === undefined || !/^\d{1,15}$/.test(value)) return null;
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

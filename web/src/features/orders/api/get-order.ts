import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ItemStatus, OrderEventType, OrderStatus } from '@nine/shared/order-machine';
import type { Minor } from '@nine/shared/money';
import { api } from '../../../lib/api-client.ts';
import { ORDER_API_PATH, type OrderKind } from '../order-kind.ts';

export interface OrderCustomer {
  id: number;
  name: string;
  phone: string | null;
  email: string | null;
  address: string | null;
  postal_code: string | null;
  is_anonymous: boolean;
}

export interface OrderItem {
  id: number;
  product_id: number;
  product_sku: string;
  product_name: string;
  product_category: string | null;
  /** The serialized item booked, or null for a bulk product line (no SKU). */
  item_id: number | null;
  item_sku: string | null;
  barcode: string | null;
  quantity: number;
  unit_price_minor: Minor;
  discount_minor: Minor;
  status: ItemStatus;
  delivered_at: string | null;
  returned_at: string | null;
}

/** An action the order allows now; item actions name the items each applies to. */
export interface AllowedEvent {
  type: OrderEventType;
  item_ids?: number[];
}

export interface TimelineEntry {
  at: string;
  user: string | null;
  action: string;
  data: unknown;
}

/**
 * GET /api/nine/rent-orders/:id and /sale-orders/:id. The server's shape (server/src/modules/orders/
 * order-detail.ts); it belongs in @nine/shared/schemas/orders once the lead moves it there.
 */
export interface OrderDetail {
  id: number;
  number: number;
  type: 'rent' | 'sale' | 'borrow' | 'adhoc' | 'item';
  source: string;
  status: OrderStatus;
  /** Sent back with every change; a stale one is refused (1021). */
  version: number;
  overdue: boolean;
  location_id: number;
  rental_type_id: number | null;
  planned_start: string | null;
  planned_finish: string | null;
  actual_start: string | null;
  actual_finish: string | null;
  closed_at: string | null;
  cancelled_at: string | null;
  created_at: string;
  total_minor: Minor;
  deposit_minor: Minor;
  paid_minor: Minor;
  balance_minor: Minor;
  staff_note: string | null;
  customer_note: string | null;
  order_image: string | null;
  deposit_in_custody: boolean;
  cc_skipped: boolean;
  has_delivery: boolean;
  customer: OrderCustomer | null;
  items: OrderItem[];
  allowed_events: AllowedEvent[];
  timeline: TimelineEntry[];
}

export function getOrder(kind: OrderKind, id: number, { signal }: { signal?: AbortSignal } = {}) {
  return api.get<OrderDetail>(`${ORDER_API_PATH[kind]}/${id}`, { signal });
}

export const orderQueryKey = (kind: OrderKind, locationId: number, id: number) =>
  ['orders', kind, locationId, 'detail', id] as const;

export const orderQueryOptions = (kind: OrderKind, locationId: number, id: number) =>
  queryOptions({
    queryKey: orderQueryKey(kind, locationId, id),
    queryFn: ({ signal }) => getOrder(kind, id, { signal }),
    staleTime: 10_000,
  });

export function useOrder(kind: OrderKind, locationId: number | null, id: number) {
  return useQuery({ ...orderQueryOptions(kind, locationId ?? 0, id), enabled: locationId !== null });
}

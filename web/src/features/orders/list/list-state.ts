import {
  orderListQuery,
  orderSortFields,
  orderStatusFilters,
  type OrderListQuery,
} from '@nine/shared/schemas/orders';
import type { OrderListParams } from '../api/get-orders.ts';
import type { OrderKind } from '../order-kind.ts';
import {
  DATED_LIST_KEYS,
  datedListParams,
  defaultDatedListState,
  parseDatedListState,
  serializeDatedListState,
  type DatedListState,
} from '../../../lib/dated-list-state.ts';
import { oneOf, positiveInt } from '../../../lib/list-query.ts';
import { updateListState, withoutUndefined, type ListUrlCodec } from '../../../lib/use-list-url-state.ts';
import { columnFilterParams, parseColumnFilters, type ColumnFilters } from './column-filters.ts';

export type OrderSortField = (typeof orderSortFields)[number];
export type OrderStatusFilter = (typeof orderStatusFilters)[number];
export type { SortType } from '../../../lib/dated-list-state.ts';

/**
 * What a list shows: paging, sorting and the filters of spec section 3. It lives in the URL query, so
 * back and forward, reload and a shared link all show the same list.
 */
export interface OrderListState extends DatedListState<OrderSortField> {
  status: OrderStatusFilter;
  orderType?: NonNullable<OrderListQuery['order_type']>;
  rentalTypeId?: number;
  source?: NonNullable<OrderListQuery['source']>;
  search?: string;
  overdueType?: NonNullable<OrderListQuery['overdue_type']>;
  unbalanced?: boolean;
  balanceStatus?: NonNullable<OrderListQuery['invoice_balance_status']>;
  locationId?: number;
  /** The column filters set in the table's headers, as their `f_<column>` query values. */
  filters?: ColumnFilters;
}

/** The statuses each list offers; sale orders live as open, closed, pre-cancel or cancelled. */
export const statusFilters: Record<OrderKind, readonly OrderStatusFilter[]> = {
  rent: orderStatusFilters.filter((status) => status !== 'open'),
  sale: ['all_orders', 'open', 'closed', 'pre-cancel', 'cancelled'],
};

export const orderTypes = orderListQuery.shape.order_type.unwrap().options;
export const orderSources = orderListQuery.shape.source.unwrap().options;
export const overdueTypes = orderListQuery.shape.overdue_type.unwrap().options;
export const balanceStatuses = orderListQuery.shape.invoice_balance_status.unwrap().options;

export function defaultListState(pageSize = 25): OrderListState {
  return { ...defaultDatedListState(pageSize, 'created_at'), status: 'all_orders' };
}

/** URL keys: the API's own names, plus `date` for the preset. */
const KEYS = {
  ...DATED_LIST_KEYS,
  status: 'order_status_r',
  orderType: 'order_type',
  rentalTypeId: 'rental_type_id',
  source: 'source',
  search: 'search',
  overdueType: 'overdue_type',
  unbalanced: 'has_unbalanced_invoice',
  balanceStatus: 'invoice_balance_status',
  locationId: 'location_id',
} as const satisfies Record<Exclude<keyof OrderListState, 'filters'>, string>;

/** Reads the list state from a query string; anything unknown or malformed falls back to the default. */
export function parseListState(search: string, kind: OrderKind, defaults: OrderListState): OrderListState {
  const q = new URLSearchParams(search);
  const state = parseDatedListState(q, orderSortFields, defaults);
  state.status = oneOf(statusFilters[kind], q.get(KEYS.status)) ?? defaults.status;
  if (kind === 'rent') {
    state.orderType = oneOf(orderTypes, q.get(KEYS.orderType));
    state.rentalTypeId = positiveInt(q.get(KEYS.rentalTypeId));
    state.overdueType = oneOf(overdueTypes, q.get(KEYS.overdueType));
  }
  state.source = oneOf(orderSources, q.get(KEYS.source));
  const text = q.get(KEYS.search)?.trim();
  if (text) state.search = text.slice(0, 100);
  const unbalanced = q.get(KEYS.unbalanced);
  if (unbalanced === 'true' || unbalanced === 'false') state.unbalanced = unbalanced === 'true';
  state.balanceStatus = oneOf(balanceStatuses, q.get(KEYS.balanceStatus));
  state.locationId = positiveInt(q.get(KEYS.locationId));
  const filters = parseColumnFilters(q, kind);
  if (Object.keys(filters).length > 0) state.filters = filters;
  return withoutUndefined(state);
}

/** The query string of a state, leaving out what equals the defaults so links stay short. */
export function serializeListState(state: OrderListState, defaults: OrderListState): string {
  const q = serializeDatedListState(state, defaults, KEYS);
  for (const [column, value] of Object.entries(state.filters ?? {})) q.set(`f_${column}`, value);
  return q.toString();
}

/** The list call's query: the preset turned into dates as of `now`. */
export function toOrderListParams(state: OrderListState, now: Date): OrderListParams {
  const params: OrderListParams = { ...datedListParams(state, now), order_status_r: state.status };
  if (state.orderType !== undefined) params.order_type = state.orderType;
  if (state.rentalTypeId !== undefined) params.rental_type_id = state.rentalTypeId;
  if (state.source !== undefined) params.source = state.source;
  if (state.search !== undefined) params.search = state.search;
  if (state.overdueType !== undefined) params.overdue_type = state.overdueType;
  if (state.unbalanced !== undefined) params.has_unbalanced_invoice = state.unbalanced;
  if (state.balanceStatus !== undefined) params.invoice_balance_status = state.balanceStatus;
  if (state.locationId !== undefined) params.location_id = state.locationId;
  return { ...params, ...columnFilterParams(state.filters) };
}

/** The rent and sale lists' state in the URL query (`useListUrlState`). */
export const orderListCodec: ListUrlCodec<OrderListState, OrderKind> = {
  defaults: defaultListState,
  parse: parseListState,
  serialize: serializeListState,
  update: updateListState,
};

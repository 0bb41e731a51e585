import {
  invoiceBalanceStatuses,
  invoiceSortFields,
  invoiceStatuses,
  invoiceTypes,
  type InvoiceBalanceStatus,
  type InvoiceSortField,
  type InvoiceStatus,
  type InvoiceType,
} from '@nine/shared/schemas/invoices';
import type { InvoiceListParams } from '../api/get-invoices.ts';
import type { InvoiceListKind } from '../invoice-kind.ts';
import {
  DATED_LIST_KEYS,
  datedListParams,
  defaultDatedListState,
  parseDatedListState,
  serializeDatedListState,
  type DatedListState,
} from '../../../lib/dated-list-state.ts';
import { oneOf } from '../../../lib/list-query.ts';
import { updateListState, withoutUndefined, type ListUrlCodec } from '../../../lib/use-list-url-state.ts';

export type { SortType } from '../../../lib/dated-list-state.ts';

/**
 * What an invoice list shows: paging, sorting and its filters. It lives in the URL query, so back and
 * forward, reload and a shared link all show the same list.
 */
export interface InvoiceListState extends DatedListState<InvoiceSortField> {
  status?: InvoiceStatus;
  balanceStatus?: InvoiceBalanceStatus;
  type?: InvoiceType;
  search?: string;
}

/** The types each list holds: a sale order's ad-hoc charges and credit notes sit with its sale invoices. */
export const listTypes: Record<InvoiceListKind, readonly InvoiceType[]> = {
  rents: invoiceTypes.filter((type) => type !== 'sale'),
  sale: ['sale', 'adhoc', 'credit_note'],
};

export { invoiceBalanceStatuses as balanceStatuses, invoiceStatuses as statuses };

export function defaultListState(pageSize = 25): InvoiceListState {
  return defaultDatedListState(pageSize, 'created_at');
}

/** URL keys: the API's own names, plus `date` for the preset. */
const KEYS = {
  ...DATED_LIST_KEYS,
  status: 'status',
  balanceStatus: 'balance_status',
  type: 'type',
  search: 'search',
} as const satisfies Record<keyof InvoiceListState, string>;

/** Reads the list state from a query string; anything unknown or malformed falls back to the default. */
export function parseListState(
  search: string,
  kind: InvoiceListKind,
  defaults: InvoiceListState,
): InvoiceListState {
  const q = new URLSearchParams(search);
  const state = parseDatedListState(q, invoiceSortFields, defaults);
  state.status = oneOf(invoiceStatuses, q.get(KEYS.status));
  state.balanceStatus = oneOf(invoiceBalanceStatuses, q.get(KEYS.balanceStatus));
  state.type = oneOf(listTypes[kind], q.get(KEYS.type));
  const text = q.get(KEYS.search)?.trim();
  if (text) state.search = text.slice(0, 100);
  return withoutUndefined(state);
}

/** The query string of a state, leaving out what equals the defaults so links stay short. */
export function serializeListState(state: InvoiceListState, defaults: InvoiceListState): string {
  return serializeDatedListState(state, defaults, KEYS).toString();
}

/** The list call's query: the preset turned into dates as of `now`. */
export function toInvoiceListParams(state: InvoiceListState, now: Date): InvoiceListParams {
  const params: InvoiceListParams = datedListParams(state, now);
  if (state.status !== undefined) params.status = state.status;
  if (state.balanceStatus !== undefined) params.balance_status = state.balanceStatus;
  if (state.type !== undefined) params.type = state.type;
  if (state.search !== undefined) params.search = state.search;
  return params;
}

/** The invoice lists' state in the URL query (`useListUrlState`). */
export const invoiceListCodec: ListUrlCodec<InvoiceListState, InvoiceListKind> = {
  defaults: defaultListState,
  parse: parseListState,
  serialize: serializeListState,
  update: updateListState,
};

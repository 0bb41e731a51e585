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
import { isDatePreset, isIsoDay, presetRange, type DatePreset } from '../../../lib/date-presets.ts';
import { oneOf, positiveInt, usesGivenDates } from '../../../lib/list-query.ts';
import {
  PAGE_SIZES,
  updateListState,
  withoutUndefined,
  type ListUrlCodec,
} from '../../../lib/use-list-url-state.ts';

export type SortType = 'asc' | 'desc';

/**
 * What an invoice list shows: paging, sorting and its filters. It lives in the URL query, so back and
 * forward, reload and a shared link all show the same list.
 */
export interface InvoiceListState {
  page: number;
  pageSize: number;
  sort: InvoiceSortField;
  sortType: SortType;
  datePreset: DatePreset;
  /** Custom range ends, or the first day of a weekly, biweekly or monthly period. */
  from?: string;
  to?: string;
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
  return {
    page: 1,
    pageSize: (PAGE_SIZES as readonly number[]).includes(pageSize) ? pageSize : 25,
    sort: 'created_at',
    sortType: 'desc',
    datePreset: 'no_date_filter',
  };
}

/** URL keys: the API's own names, plus `date` for the preset. */
const KEYS = {
  page: 'page',
  pageSize: 'page_size',
  sort: 'sort',
  sortType: 'sort_type',
  datePreset: 'date',
  from: 'from_date',
  to: 'to_date',
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
  const state: InvoiceListState = { ...defaults };
  state.page = positiveInt(q.get(KEYS.page), 100_000) ?? defaults.page;
  const size = positiveInt(q.get(KEYS.pageSize));
  if (size !== undefined && (PAGE_SIZES as readonly number[]).includes(size)) state.pageSize = size;
  state.sort = oneOf(invoiceSortFields, q.get(KEYS.sort)) ?? defaults.sort;
  state.sortType = oneOf(['asc', 'desc'] as const, q.get(KEYS.sortType)) ?? defaults.sortType;
  const preset = q.get(KEYS.datePreset);
  if (preset !== null && isDatePreset(preset)) state.datePreset = preset;
  const from = q.get(KEYS.from);
  const to = q.get(KEYS.to);
  if (from !== null && isIsoDay(from)) state.from = from;
  if (to !== null && isIsoDay(to)) state.to = to;
  state.status = oneOf(invoiceStatuses, q.get(KEYS.status));
  state.balanceStatus = oneOf(invoiceBalanceStatuses, q.get(KEYS.balanceStatus));
  state.type = oneOf(listTypes[kind], q.get(KEYS.type));
  const text = q.get(KEYS.search)?.trim();
  if (text) state.search = text.slice(0, 100);
  return withoutUndefined(state);
}

/** The query string of a state, leaving out what equals the defaults so links stay short. */
export function serializeListState(state: InvoiceListState, defaults: InvoiceListState): string {
  const q = new URLSearchParams();
  for (const key of Object.keys(KEYS) as (keyof InvoiceListState)[]) {
    const value = state[key];
    if (value === undefined || value === defaults[key]) continue;
    // Dates only mean something for the presets that use them.
    if ((key === 'from' || key === 'to') && !usesGivenDates(state.datePreset, key)) continue;
    q.set(KEYS[key], String(value));
  }
  return q.toString();
}

/** The list call's query: the preset turned into dates as of `now`. */
export function toInvoiceListParams(state: InvoiceListState, now: Date): InvoiceListParams {
  const range = presetRange(state.datePreset, now, { from: state.from, to: state.to });
  const params: InvoiceListParams = {
    page: state.page,
    page_size: state.pageSize,
    sort: state.sort,
    sort_type: state.sortType,
  };
  if (range.from !== undefined) params.from_date = range.from;
  if (range.to !== undefined) params.to_date = range.to;
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

import {
  orderColumnFilters,
  orderFlagFilters,
  parseDayRange,
  type ColumnFilterType,
  type OrderFilterColumn,
} from '@nine/shared/schemas/orders';
import { rentStatuses, saleStatuses } from '@nine/shared/order-machine';
import type { OrderListParams } from '../api/get-orders.ts';
import type { OrderKind } from '../order-kind.ts';
import type { OrderColumnId } from './column-config.ts';

/** Column filters by column, each as the API's `f_<column>` value (see shared/schemas/orders.ts). */
export type ColumnFilters = Partial<Record<OrderFilterColumn, string>>;

const rentOnly = new Set<OrderFilterColumn>([
  'planned_start',
  'planned_finish',
  'actual_start',
  'actual_finish',
]);

/** The column filter of a list's column, if it has one. */
export function columnFilterType(kind: OrderKind, column: OrderColumnId): ColumnFilterType | null {
  if (!(column in orderColumnFilters)) return null;
  const id = column as OrderFilterColumn;
  if (kind === 'sale' && rentOnly.has(id)) return null;
  return orderColumnFilters[id];
}

const sources = ['web', 'phone', 'back_end', 'walk_in', 'kiosk'] as const;

/** The choices of an options filter, in the order they show. */
export function filterOptions(kind: OrderKind, column: OrderFilterColumn): readonly string[] {
  if (column === 'status') return kind === 'rent' ? rentStatuses : saleStatuses;
  if (column === 'source') return sources;
  if (column === 'flags') return orderFlagFilters;
  return [];
}

/** Whether a value is one the server accepts for this column; anything else is dropped, not sent. */
export function isValidFilter(kind: OrderKind, column: OrderFilterColumn, value: string): boolean {
  const type = columnFilterType(kind, column);
  if (type === null || value.trim() === '') return false;
  if (type === 'text') return column === 'number' ? /^\d{1,12}$/.test(value) : value.length <= 100;
  if (type === 'options') {
    const allowed = filterOptions(kind, column);
    return value.split(',').every((v) => allowed.includes(v));
  }
  return parseDayRange(value) !== null;
}

export function parseColumnFilters(q: URLSearchParams, kind: OrderKind): ColumnFilters {
  const filters: ColumnFilters = {};
  for (const column of Object.keys(orderColumnFilters) as OrderFilterColumn[]) {
    const value = q.get(`f_${column}`)?.trim();
    if (value && isValidFilter(kind, column, value)) filters[column] = value;
  }
  return filters;
}

export function columnFilterParams(filters: ColumnFilters | undefined): OrderListParams {
  const params: Record<string, string> = {};
  for (const [column, value] of Object.entries(filters ?? {})) params[`f_${column}`] = value;
  return params as OrderListParams;
}

/** The filters with one column's set (or cleared when `value` is undefined or empty). */
export function withColumnFilter(
  filters: ColumnFilters | undefined,
  column: OrderFilterColumn,
  value: string | undefined,
): ColumnFilters | undefined {
  const next: ColumnFilters = { ...filters };
  if (value === undefined || value.trim() === '') delete next[column];
  else next[column] = value.trim();
  return Object.keys(next).length > 0 ? next : undefined;
}

/** A date range filter's value from its two ends; empty when neither is given. */
export function dayRangeValue(from: string, to: string): string {
  if (from === '' && to === '') return '';
  return `${from}..${to}`;
}

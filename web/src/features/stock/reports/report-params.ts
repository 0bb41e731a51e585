import {
  maintenanceReportSorts,
  maintenanceReportStatuses,
  repairLogReportSorts,
  type MaintenanceReportQuery,
  type RepairLogReportQuery,
} from '@nine/shared/schemas/stock';
import { isDatePreset, isIsoDay, presetRange, type DatePreset } from '../../../lib/date-presets.ts';

/** What the report screens keep in the URL: a reload, back and the print view show the same report. */
export interface ReportState<Status extends string, Sort extends string> {
  preset: DatePreset;
  /** The days of a custom period (and the start of weekly, biweekly, monthly). */
  from?: string;
  to?: string;
  status?: Status;
  product_id?: number;
  category_id?: number;
  search?: string;
  sort: Sort;
  dir: 'asc' | 'desc';
  page: number;
}

export type RepairLogReportState = ReportState<'open' | 'closed', RepairLogReportQuery['sort']>;
export type MaintenanceReportState = ReportState<
  MaintenanceReportQuery['status'] & string,
  MaintenanceReportQuery['sort']
>;

export const REPORT_PAGE_SIZE = 25;
/** The print view asks for the largest page the server gives. */
export const PRINT_PAGE_SIZE = 200;

const oneOf = <T extends string>(value: string | null, allowed: readonly T[]): T | undefined =>
  value !== null && (allowed as readonly string[]).includes(value) ? (value as T) : undefined;
const positive = (value: string | null): number | undefined => {
  const n = Number(value);
  return value !== null && Number.isInteger(n) && n > 0 ? n : undefined;
};
const day = (value: string | null) => (value !== null && isIsoDay(value) ? value : undefined);

function parseCommon<Status extends string, Sort extends string>(
  search: string,
  statuses: readonly Status[],
  sorts: readonly Sort[],
  defaults: { sort: Sort; dir: 'asc' | 'desc' },
): ReportState<Status, Sort> {
  const query = new URLSearchParams(search);
  const preset = query.get('preset');
  const text = query.get('search')?.trim().slice(0, 100);
  const state: ReportState<Status, Sort> = {
    preset: preset !== null && isDatePreset(preset) ? preset : 'current_month',
    sort: oneOf(query.get('sort'), sorts) ?? defaults.sort,
    dir: oneOf(query.get('dir'), ['asc', 'desc'] as const) ?? defaults.dir,
    page: positive(query.get('page')) ?? 1,
  };
  const from = day(query.get('from'));
  const to = day(query.get('to'));
  const status = oneOf(query.get('status'), statuses);
  const productId = positive(query.get('product_id'));
  const categoryId = positive(query.get('category_id'));
  if (from) state.from = from;
  if (to) state.to = to;
  if (status) state.status = status;
  if (productId) state.product_id = productId;
  if (categoryId) state.category_id = categoryId;
  if (text) state.search = text;
  return state;
}

export const parseRepairLogReportState = (search: string): RepairLogReportState =>
  parseCommon(search, ['open', 'closed'] as const, repairLogReportSorts, { sort: 'opened_at', dir: 'desc' });

export const parseMaintenanceReportState = (search: string): MaintenanceReportState =>
  parseCommon(search, maintenanceReportStatuses, maintenanceReportSorts, { sort: 'due_in', dir: 'asc' });

export function serializeReportState(state: ReportState<string, string>): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(state))
    if (value !== undefined && value !== '') query.set(key, String(value));
  return query.toString();
}

/** The server's query for a state: the preset turned into days now, so "this month" stays this month. */
export function reportQueryOf<Status extends string, Sort extends string>(
  state: ReportState<Status, Sort>,
  now: Date,
  pageSize = REPORT_PAGE_SIZE,
) {
  const given = { ...(state.from ? { from: state.from } : {}), ...(state.to ? { to: state.to } : {}) };
  const range = presetRange(state.preset, now, given);
  return {
    ...(range.from ? { from: range.from } : {}),
    ...(range.to ? { to: range.to } : {}),
    ...(state.status ? { status: state.status } : {}),
    ...(state.product_id ? { product_id: state.product_id } : {}),
    ...(state.category_id ? { category_id: state.category_id } : {}),
    ...(state.search ? { search: state.search } : {}),
    sort: state.sort,
    dir: state.dir,
    page: state.page,
    page_size: pageSize,
  };
}

/** The export's filters: the report's query without paging. */
export function exportFiltersOf(query: ReturnType<typeof reportQueryOf>): Record<string, unknown> {
  const { page: _page, page_size: _size, ...filters } = query;
  return filters;
}

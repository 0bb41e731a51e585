import type { OrderKind } from '../order-kind.ts';
import type { OrderSortField, SortType } from './list-state.ts';

/** The columns of spec section 3 ("events" holds the row's actions, "flags" the flag icons). */
export const orderColumnIds = [
  'number',
  'customer',
  'planned_start',
  'planned_finish',
  'actual_start',
  'actual_finish',
  'paid',
  'total',
  'closed_at',
  'cancelled_at',
  'created_at',
  'rental_items',
  'flags',
  'source',
  'status',
  'events',
] as const;
export type OrderColumnId = (typeof orderColumnIds)[number];

/** Where a column shows: on every screen, only wide (back office) ones, only narrow (mobile) ones, never. */
export const columnPlacements = ['anywhere', 'backend', 'mobile', 'hide'] as const;
export type ColumnPlacement = (typeof columnPlacements)[number];

/** One column's settings, with the spec's keys (show, sort, title, sort_type) and its placement. */
export interface ColumnSetting {
  id: OrderColumnId;
  show: boolean;
  /** Whether clicking the header sorts by it (only columns the server can sort by). */
  sort: boolean;
  /** The user's own title; empty means the translated default. */
  title: string;
  /** The direction a first click sorts in. */
  sort_type: SortType;
  placement: ColumnPlacement;
}

/** The server's sort key of each sortable column. */
export const columnSortField: Partial<Record<OrderColumnId, OrderSortField>> = {
  number: 'number',
  customer: 'customer',
  planned_start: 'planned_start',
  planned_finish: 'planned_finish',
  actual_start: 'actual_start',
  actual_finish: 'actual_finish',
  total: 'total',
  closed_at: 'closed_at',
  cancelled_at: 'cancelled_at',
  created_at: 'created_at',
  status: 'status',
};

export function sortFieldColumn(field: OrderSortField): OrderColumnId | undefined {
  return (Object.keys(columnSortField) as OrderColumnId[]).find((id) => columnSortField[id] === field);
}

type Default = [id: OrderColumnId, show: boolean, placement?: ColumnPlacement];

const defaults: Record<OrderKind, readonly Default[]> = {
  rent: [
    ['number', true],
    ['customer', true],
    ['planned_start', true],
    ['planned_finish', true],
    ['actual_start', false, 'backend'],
    ['actual_finish', false, 'backend'],
    ['rental_items', true, 'backend'],
    ['paid', true],
    ['total', false, 'backend'],
    ['closed_at', false, 'backend'],
    ['cancelled_at', false, 'backend'],
    ['created_at', false, 'backend'],
    ['source', false, 'backend'],
    ['flags', true, 'backend'],
    ['status', true],
    ['events', true],
  ],
  sale: [
    ['number', true],
    ['customer', true],
    ['created_at', true],
    ['rental_items', true, 'backend'],
    ['total', true],
    ['paid', true],
    ['closed_at', false, 'backend'],
    ['cancelled_at', false, 'backend'],
    ['source', false, 'backend'],
    ['flags', true, 'backend'],
    ['status', true],
    ['events', true],
  ],
};

export function defaultColumnConfig(kind: OrderKind): ColumnSetting[] {
  return defaults[kind].map(([id, show, placement]) => ({
    id,
    show,
    sort: columnSortField[id] !== undefined,
    title: '',
    sort_type: id === 'number' || id === 'customer' || id === 'status' ? 'asc' : 'desc',
    placement: placement ?? 'anywhere',
  }));
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Saved settings over the defaults: saved order and values win, columns this list does not have are
 * dropped, and columns added since are appended with their defaults.
 */
export function mergeColumnConfig(kind: OrderKind, saved: unknown): ColumnSetting[] {
  const base = defaultColumnConfig(kind);
  if (!Array.isArray(saved)) return base;
  const byId = new Map(base.map((column) => [column.id, column]));
  const merged: ColumnSetting[] = [];
  for (const entry of saved) {
    if (!isRecord(entry) || typeof entry.id !== 'string') continue;
    const fallback = byId.get(entry.id as OrderColumnId);
    if (fallback === undefined || merged.some((column) => column.id === fallback.id)) continue;
    merged.push({
      id: fallback.id,
      show: typeof entry.show === 'boolean' ? entry.show : fallback.show,
      // A column the server cannot sort by never becomes sortable.
      sort:
        columnSortField[fallback.id] !== undefined && typeof entry.sort === 'boolean'
          ? entry.sort
          : fallback.sort,
      title: typeof entry.title === 'string' ? entry.title.slice(0, 60) : fallback.title,
      sort_type:
        entry.sort_type === 'asc' || entry.sort_type === 'desc' ? entry.sort_type : fallback.sort_type,
      placement: (columnPlacements as readonly unknown[]).includes(entry.placement)
        ? (entry.placement as ColumnPlacement)
        : fallback.placement,
    });
  }
  for (const column of base) if (!merged.some((m) => m.id === column.id)) merged.push(column);
  return merged;
}

/** Per user and list, in this browser's local storage for now (a server-side setting can replace it). */
export function columnConfigKey(kind: OrderKind, userId: number): string {
  return `nine.orders.columns.${kind}.${userId}`;
}

export function loadColumnConfig(
  kind: OrderKind,
  userId: number,
  storage: Storage = localStorage,
): ColumnSetting[] {
  try {
    const raw = storage.getItem(columnConfigKey(kind, userId));
    return mergeColumnConfig(kind, raw === null ? null : JSON.parse(raw));
  } catch {
    return defaultColumnConfig(kind);
  }
}

export function saveColumnConfig(
  kind: OrderKind,
  userId: number,
  config: readonly ColumnSetting[],
  storage: Storage = localStorage,
): void {
  try {
    storage.setItem(columnConfigKey(kind, userId), JSON.stringify(config));
  } catch {
    // Storage full or blocked: the settings last until the page closes.
  }
}

export function resetColumnConfig(
  kind: OrderKind,
  userId: number,
  storage: Storage = localStorage,
): ColumnSetting[] {
  try {
    storage.removeItem(columnConfigKey(kind, userId));
  } catch {
    // Nothing saved to remove.
  }
  return defaultColumnConfig(kind);
}

export type Viewport = 'mobile' | 'backend';

/** Whether a column shows on this screen: shown, and placed anywhere or on this kind of screen. */
export function isColumnVisible(column: ColumnSetting, viewport: Viewport): boolean {
  if (!column.show || column.placement === 'hide') return false;
  return column.placement === 'anywhere' || column.placement === viewport;
}

/** Moves a column one place up (-1) or down (+1). */
export function moveColumn(config: readonly ColumnSetting[], id: OrderColumnId, by: -1 | 1): ColumnSetting[] {
  const index = config.findIndex((column) => column.id === id);
  const target = index + by;
  if (index < 0 || target < 0 || target >= config.length) return [...config];
  const next = [...config];
  [next[index], next[target]] = [next[target]!, next[index]!];
  return next;
}

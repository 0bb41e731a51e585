import { describe, expect, it } from 'vitest';
import {
  columnConfigKey,
  defaultColumnConfig,
  isColumnVisible,
  loadColumnConfig,
  mergeColumnConfig,
  moveColumn,
  resetColumnConfig,
  saveColumnConfig,
  type ColumnSetting,
} from './column-config.ts';

describe('order list column settings', () => {
  it('has the columns of spec section 3, sortable only where the server sorts', () => {
    const rent = defaultColumnConfig('rent');
    expect(rent.map((c) => c.id)).toEqual(
      expect.arrayContaining([
        'number',
        'customer',
        'planned_start',
        'planned_finish',
        'actual_start',
        'actual_finish',
        'paid',
        'closed_at',
        'cancelled_at',
        'created_at',
        'rental_items',
        'events',
        'status',
      ]),
    );
    expect(rent.find((c) => c.id === 'number')?.sort).toBe(true);
    expect(rent.find((c) => c.id === 'paid')?.sort).toBe(false);
    expect(defaultColumnConfig('sale').some((c) => c.id === 'planned_start')).toBe(false);
  });

  it('saves per user and list, and loads it back', () => {
    const config = moveColumn(defaultColumnConfig('rent'), 'status', -1).map((c) =>
      c.id === 'customer' ? { ...c, title: 'Client', placement: 'backend' as const } : c,
    );
    saveColumnConfig('rent', 7, config);
    expect(loadColumnConfig('rent', 7)).toEqual(config);
    expect(loadColumnConfig('rent', 8)).toEqual(defaultColumnConfig('rent'));
    expect(loadColumnConfig('sale', 7)).toEqual(defaultColumnConfig('sale'));
    expect(resetColumnConfig('rent', 7)).toEqual(defaultColumnConfig('rent'));
    expect(localStorage.getItem(columnConfigKey('rent', 7))).toBeNull();
  });

  it('survives saved settings from another version: unknown dropped, new ones appended, bad values defaulted', () => {
    const saved = [
      { id: 'status', show: false, sort: 'yes', title: 7, sort_type: 'sideways', placement: 'mobile' },
      { id: 'gone', show: true },
      { id: 'paid', sort: true },
      { id: 'status', show: true },
    ];
    const merged = mergeColumnConfig('sale', saved);
    const base = defaultColumnConfig('sale');
    expect(merged).toHaveLength(base.length);
    expect(merged[0]).toMatchObject({
      id: 'status',
      show: false,
      sort: true,
      title: '',
      placement: 'mobile',
    });
    // A column the server cannot sort by never becomes sortable.
    expect(merged[1]).toMatchObject({ id: 'paid', sort: false });
    expect(mergeColumnConfig('sale', 'garbage')).toEqual(base);
    localStorage.setItem(columnConfigKey('sale', 1), '{not json');
    expect(loadColumnConfig('sale', 1)).toEqual(base);
  });

  it('shows a column by its show flag and placement', () => {
    const column: ColumnSetting = defaultColumnConfig('rent')[0]!;
    expect(isColumnVisible({ ...column, placement: 'anywhere' }, 'mobile')).toBe(true);
    expect(isColumnVisible({ ...column, placement: 'backend' }, 'mobile')).toBe(false);
    expect(isColumnVisible({ ...column, placement: 'backend' }, 'backend')).toBe(true);
    expect(isColumnVisible({ ...column, placement: 'mobile' }, 'backend')).toBe(false);
    expect(isColumnVisible({ ...column, placement: 'hide' }, 'backend')).toBe(false);
    expect(isColumnVisible({ ...column, show: false }, 'backend')).toBe(false);
  });

  it('moves columns within bounds', () => {
    const config = defaultColumnConfig('sale');
    expect(moveColumn(config, 'number', -1)).toEqual(config);
    expect(
      moveColumn(config, 'customer', -1)
        .slice(0, 2)
        .map((c) => c.id),
    ).toEqual(['customer', 'number']);
    const last = config[config.length - 1]!.id;
    expect(moveColumn(config, last, 1)).toEqual(config);
  });
});

import { describe, expect, it } from 'vitest';
import { columnFilterType, isValidFilter, withColumnFilter } from './column-filters.ts';
import { defaultListState, parseListState, serializeListState, toOrderListParams } from './list-state.ts';

describe('column filters', () => {
  it('gives each column its filter type, and sale lists no planned or actual dates', () => {
    expect(columnFilterType('rent', 'customer')).toBe('text');
    expect(columnFilterType('rent', 'status')).toBe('options');
    expect(columnFilterType('rent', 'created_at')).toBe('timestamp');
    expect(columnFilterType('rent', 'planned_start')).toBe('daterange');
    expect(columnFilterType('sale', 'planned_start')).toBeNull();
    expect(columnFilterType('rent', 'paid')).toBeNull();
  });

  it('accepts only what the server accepts', () => {
    expect(isValidFilter('rent', 'status', 'pending,confirmed')).toBe(true);
    expect(isValidFilter('sale', 'status', 'pending')).toBe(false);
    expect(isValidFilter('rent', 'number', '12a')).toBe(false);
    expect(isValidFilter('rent', 'planned_start', '2025-03-01..2025-03-31')).toBe(true);
    expect(isValidFilter('rent', 'planned_start', '2025-03-31..2025-03-01')).toBe(false);
    expect(isValidFilter('rent', 'created_at', '2025-02-30')).toBe(false);
  });

  it('round-trips through the URL into the list call, dropping malformed values', () => {
    const defaults = defaultListState();
    const state = parseListState(
      '?f_customer=ada&f_status=pending,bogus&f_planned_start=2025-03-01..&f_flags=order_image',
      'rent',
      defaults,
    );
    expect(state.filters).toEqual({ customer: 'ada', planned_start: '2025-03-01..', flags: 'order_image' });
    expect(serializeListState(state, defaults)).toBe(
      'f_customer=ada&f_flags=order_image&f_planned_start=2025-03-01..',
    );
    expect(toOrderListParams(state, new Date('2025-01-01T00:00:00Z'))).toMatchObject({
      f_customer: 'ada',
      f_planned_start: '2025-03-01..',
      f_flags: 'order_image',
    });
    expect(withColumnFilter(state.filters, 'customer', undefined)).toEqual({
      planned_start: '2025-03-01..',
      flags: 'order_image',
    });
    expect(withColumnFilter({ customer: 'a' }, 'customer', '')).toBeUndefined();
  });
});

import { describe, expect, it, vi } from 'vitest';
import { pageRange, pagerOf } from './list-page.ts';

const page = (rows: number, total: number, at = 2, capped = false) => ({
  rows: Array.from({ length: rows }, (_, i) => i),
  total,
  total_capped: capped,
  page: at,
  page_size: 25,
});

describe('list page', () => {
  it('gives the figures of the status line, or says loading and none', () => {
    expect(pageRange(undefined)).toBe('loading');
    expect(pageRange(page(0, 0, 1))).toBe('none');
    expect(pageRange(page(5, 30))).toEqual({ from: '26', to: '30', total: '30', capped: false });
    expect(pageRange(page(25, 10_000, 3, true))).toEqual({
      from: '51',
      to: '75',
      total: '10,000',
      capped: true,
    });
  });

  it('pages through the list state', () => {
    expect(pagerOf(undefined, { page: 1, pageSize: 25 }, () => {})).toBeUndefined();
    const change = vi.fn();
    const pager = pagerOf(page(5, 30), { page: 2, pageSize: 25 }, change)!;
    expect(pager).toMatchObject({ page: 2, pageSize: 25, total: 30, capped: false, rowsOnPage: 5 });
    pager.onPage(1);
    pager.onPageSize?.(50);
    expect(change.mock.calls).toEqual([[{ page: 1 }], [{ pageSize: 50 }]]);
  });
});

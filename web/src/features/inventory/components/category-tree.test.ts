import { describe, expect, it } from 'vitest';
import { categoryRow as row } from '../../../testing/category-fixtures.ts';
import { categoryOptions, descendantsOf, flattenTree } from './category-tree.ts';

const rows = [row(3, 1, 'Canoes'), row(1, null, 'Boats', 1), row(2, null, 'Bikes', 0), row(4, 3, 'Tandem')];

describe('category tree', () => {
  it('orders parents before children with their depth', () => {
    expect(flattenTree(rows).map((n) => [n.category.name, n.depth])).toEqual([
      ['Bikes', 0],
      ['Boats', 0],
      ['Canoes', 1],
      ['Tandem', 2],
    ]);
  });

  it('labels options with their path and finds what a category may not move under', () => {
    expect(categoryOptions(rows).map((o) => o.label)).toEqual([
      'Bikes',
      'Boats',
      'Boats › Canoes',
      'Boats › Canoes › Tandem',
    ]);
    expect([...descendantsOf(rows, 1)].sort()).toEqual([1, 3, 4]);
  });
});

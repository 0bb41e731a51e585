import { describe, expect, it } from 'vitest';
import type { Permission } from '@nine/shared/permissions';
import { canGrant, cellEditable, sortPermissions, togglePermission } from './permission-matrix.ts';

const held: Permission[] = [
  { resource: 'rent_order', action: 'manage' },
  { resource: 'customer', action: 'any' },
];

describe('permission matrix', () => {
  it('lets the viewer grant only what they hold, as the server decides', () => {
    expect(canGrant(held, { resource: 'rent_order', action: 'view' })).toBe(true);
    expect(canGrant(held, { resource: 'rent_order', action: 'change' })).toBe(true);
    expect(canGrant(held, { resource: 'rent_order', action: 'refund' })).toBe(false);
    expect(canGrant(held, { resource: 'rent_order', action: 'any' })).toBe(false);
    expect(canGrant(held, { resource: 'customer', action: 'any' })).toBe(true);
    expect(canGrant(held, { resource: 'customer', action: 'refund' })).toBe(true);
    expect(canGrant(held, { resource: 'staff', action: 'view' })).toBe(false);
  });

  it('keeps a grant the role already had editable, so it can be removed', () => {
    const original: Permission[] = [{ resource: 'staff', action: 'view' }];
    expect(cellEditable(held, original, { resource: 'staff', action: 'view' })).toBe(true);
    expect(cellEditable(held, original, { resource: 'staff', action: 'change' })).toBe(false);
  });

  it('toggles and sorts in matrix order', () => {
    let set = togglePermission([], 'staff', 'view', true);
    set = togglePermission(set, 'attribute', 'any', true);
    set = togglePermission(set, 'staff', 'view', true);
    expect(sortPermissions(set)).toEqual([
      { resource: 'attribute', action: 'any' },
      { resource: 'staff', action: 'view' },
    ]);
    expect(togglePermission(set, 'staff', 'view', false)).toEqual([{ resource: 'attribute', action: 'any' }]);
  });
});

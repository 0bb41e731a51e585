import { describe, expect, it } from 'vitest';
import { grants, grantsAnyOf, type Permission } from '../src/permissions.ts';

const clerk: Permission[] = [
  { resource: 'rent_order', action: 'manage' },
  { resource: 'customer', action: 'view' },
];

describe('grants', () => {
  it('admits the exact action and any action for route checks', () => {
    expect(grants(clerk, { resource: 'customer', action: 'view' })).toBe(true);
    expect(grants(clerk, { resource: 'customer', action: 'any' })).toBe(true);
  });
  it('lets manage imply view and change but not refund or changeCost', () => {
    expect(grants(clerk, { resource: 'rent_order', action: 'view' })).toBe(true);
    expect(grants(clerk, { resource: 'rent_order', action: 'change' })).toBe(true);
    expect(grants(clerk, { resource: 'rent_order', action: 'refund' })).toBe(false);
    expect(grants(clerk, { resource: 'rent_order', action: 'changeCost' })).toBe(false);
  });
  it('refuses other resources', () => {
    expect(grants(clerk, { resource: 'staff', action: 'view' })).toBe(false);
    expect(grants(clerk, { resource: 'customer', action: 'manage' })).toBe(false);
  });
  it('treats a granted any as every action', () => {
    expect(grants([{ resource: 'staff', action: 'any' }], { resource: 'staff', action: 'refund' })).toBe(
      true,
    );
  });
});

describe('grantsAnyOf (navigation rule 2)', () => {
  it('admits with one of several resources, and always with none required', () => {
    expect(grantsAnyOf(clerk, ['sell_order', 'rent_order'])).toBe(true);
    expect(grantsAnyOf(clerk, ['sell_order', 'staff'])).toBe(false);
    expect(grantsAnyOf([], [])).toBe(true);
  });
});

import { describe, expect, it } from 'vitest';
import { routeFor } from './route-at.ts';
import { findRoute, pathWith } from './route-table.ts';

describe('tour definition editor route', () => {
  it('blocks back to the tours list and needs tour manage', () => {
    expect(findRoute('tourDefinitionEditor')).toMatchObject({
      path: '/tour-management/definitions/:id/:step',
      resources: ['tour'],
      action: 'manage',
      layout: 'dashboard',
      blockBack: { to: 'tourDefinitionsList' },
    });
  });

  it('takes a numeric id or `new`, nothing else, and `new` only there', () => {
    expect(routeFor('/tour-management/definitions/new/basic-info')?.name).toBe('tourDefinitionEditor');
    expect(routeFor('/tour-management/definitions/12/pricing')?.name).toBe('tourDefinitionEditor');
    expect(routeFor('/tour-management/definitions/latest/pricing')?.name).toBe('not-found');
    expect(routeFor('/rent-orders/new')?.name).toBe('not-found');
    expect(pathWith('tourDefinitionEditor', { id: 'new', step: 'basic-info' })).toBe(
      '/tour-management/definitions/new/basic-info',
    );
  });
});

import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { matchRoute, useRouter } from 'wouter';
import { sideMenu, visibleMenu } from './menu.ts';
import { findRoute, paramsAllowed, pathWith, routeTable } from './route-table.ts';

/** The first row the router would pick for a path (the same rule as RouteSwitch, with wouter's own parser). */
function routeFor(path: string) {
  const { parser } = renderHook(() => useRouter()).result.current;
  return routeTable.find((candidate) => {
    const [matched, params] = matchRoute(parser, candidate.path, path);
    return matched && paramsAllowed(params);
  })?.name;
}

describe('order routes', () => {
  it('need rent_order or sell_order and print without the dashboard frame', () => {
    expect(findRoute('rentOrders')).toMatchObject({ path: '/rent-orders', resources: ['rent_order'] });
    expect(findRoute('saleOrder')).toMatchObject({ path: '/sale-orders/:id', resources: ['sell_order'] });
    expect(findRoute('rentOrderPrint55mm')).toMatchObject({ layout: 'bare', resources: ['rent_order'] });
    expect(findRoute('saleOrderPrint55mm')).toMatchObject({ layout: 'bare', resources: ['sell_order'] });
  });

  it('admit numeric ids only; anything else is not found', () => {
    expect(routeFor('/rent-orders/12')).toBe('rentOrder');
    expect(routeFor('/rent-orders/12/print')).toBe('rentOrderPrint');
    expect(routeFor('/rent-orders/12/print-55mm')).toBe('rentOrderPrint55mm');
    expect(routeFor('/sale-orders/7/print')).toBe('saleOrderPrint');
    expect(routeFor('/sale-orders/7/print-55mm')).toBe('saleOrderPrint55mm');
    expect(routeFor('/rent-orders/latest')).toBe('not-found');
    // "new" is the quick sale, not an order id.
    expect(routeFor('/sale-orders/new')).toBe('quickSale');
    expect(routeFor('/create-order')).toBe('createOrder');
    expect(routeFor('/rent-orders/1e3')).toBe('not-found');
  });

  it('build hrefs with their parameters', () => {
    expect(pathWith('rentOrder', { id: 12 })).toBe('/rent-orders/12');
    expect(pathWith('saleOrderPrint', { id: 3 })).toBe('/sale-orders/3/print');
    expect(() => pathWith('rentOrder', {})).toThrow();
  });

  it('show Rent Orders and Sale Orders under Orders to whoever holds the permission', () => {
    const orders = (permissions: Parameters<typeof visibleMenu>[1]['permissions']) =>
      visibleMenu(sideMenu, { permissions }).find((entry) => entry.label === 'orders');
    expect(orders([{ resource: 'rent_order', action: 'view' }])?.children.map((c) => c.label)).toEqual([
      'rent_orders',
    ]);
    expect(
      orders([
        { resource: 'rent_order', action: 'any' },
        { resource: 'sell_order', action: 'manage' },
      ])?.children.map((c) => c.label),
    ).toEqual(['rent_orders', 'new_rent_order', 'sale_orders', 'quick_sale', 'recurring_orders']);
    expect(orders([{ resource: 'tour', action: 'any' }])).toBeUndefined();
  });

  it('offer New rent order, with its shortcut, only to who may create rent orders (rent_order change)', () => {
    const newOrder = (permissions: Parameters<typeof visibleMenu>[1]['permissions']) =>
      visibleMenu(sideMenu, { permissions })
        .find((entry) => entry.label === 'orders')
        ?.children.find((c) => c.label === 'new_rent_order');
    expect(findRoute('createOrder')).toMatchObject({ resources: ['rent_order'], action: 'change' });
    expect(newOrder([{ resource: 'rent_order', action: 'view' }])).toBeUndefined();
    expect(newOrder([{ resource: 'rent_order', action: 'refund' }])).toBeUndefined();
    for (const action of ['change', 'manage', 'any'] as const)
      expect(newOrder([{ resource: 'rent_order', action }])).toMatchObject({
        route: { name: 'createOrder', path: '/create-order' },
        shortcut: 'Alt+N',
      });
  });
});

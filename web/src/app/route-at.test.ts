import { describe, expect, it } from 'vitest';
import { routeAtAddress, routeFor } from './route-at.ts';

describe('the route of an address', () => {
  it('finds the row the router would, from the page address before any router exists', () => {
    expect(routeAtAddress('/nine/dashboard')?.name).toBe('DashboardIndex');
    expect(routeAtAddress('/nine/rent-orders/42')?.name).toBe('rentOrder');
    expect(routeAtAddress('/nine')?.name).toBe('Home');
    expect(routeFor('/rent-orders/42')?.name).toBe('rentOrder');
  });

  it('lets a non-numeric id fall through to not-found, as the router does', () => {
    const route = routeAtAddress('/nine/rent-orders/abc');
    expect(route?.path).toBe('*');
  });
});

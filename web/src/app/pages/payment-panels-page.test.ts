import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { invalidateOrderMoney } from './payment-panels-page.tsx';

describe('money moved on an order', () => {
  it('makes every screen showing its figures read the ledger again, and nothing else', async () => {
    const client = new QueryClient();
    const shown = {
      money: ['payments', 1, 'order', 90],
      order: ['orders', 'rent', 1, 'detail', 90],
      list: ['orders', 'rent', 1, 'list', { page: 1 }],
      invoices: ['invoices', 1, 'list', 'rents', {}],
      invoice: ['invoices', 1, 'detail', 12],
      registers: ['payments', 1, 'registers'],
      dashboard: ['dashboard-summary', 1],
      customer: ['customers', 'detail', 8],
    };
    const untouched = {
      otherOrder: ['orders', 'rent', 1, 'detail', 91],
      otherMoney: ['payments', 1, 'order', 91],
      settings: ['general-settings', 1],
    };
    for (const key of [...Object.values(shown), ...Object.values(untouched)]) client.setQueryData(key, {});
    await invalidateOrderMoney(client, { kind: 'rent', locationId: 1, id: 90 });
    const invalidated = (key: readonly unknown[]) => client.getQueryState(key)?.isInvalidated;
    for (const [name, key] of Object.entries(shown)) expect([name, invalidated(key)]).toEqual([name, true]);
    for (const [name, key] of Object.entries(untouched))
      expect([name, invalidated(key)]).toEqual([name, false]);
  });
});

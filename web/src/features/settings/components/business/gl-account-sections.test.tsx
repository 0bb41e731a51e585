import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, stubFetch } from '../../../../testing/fake-fetch.ts';
import { setUpTranslatedSuite } from '../../../../testing/i18n-suite.ts';
import { renderAtPath } from '../../../../testing/render-at-path.tsx';
import { CategoryAccountsSection } from './category-accounts-section.tsx';
import { SystemAccountsSection } from './system-accounts-section.tsx';

setUpTranslatedSuite();

const codes = {
  rows: [
    { code: '2300', description: 'Customer account credit', version: 1, in_use: true, built_in: true },
    { code: '4000', description: 'Rental revenue', version: 1, in_use: true, built_in: true },
    { code: '4010', description: 'Sales revenue', version: 1, in_use: true, built_in: true },
    { code: '4015', description: 'Bottle sales', version: 1, in_use: false, built_in: false },
  ],
};
const accounts = {
  payment: [{ method: 'cash', gl_code: '1000', version: 1 }],
  system: [
    { posting: 'accounts_receivable', gl_code: '1100', version: 1, fixed: true },
    { posting: 'customer_credit', gl_code: '2300', version: 1, fixed: true },
    { posting: 'deposits_held', gl_code: '2100', version: 1, fixed: true },
    { posting: 'rent_revenue', gl_code: '4000', version: 1, fixed: false },
    { posting: 'sale_revenue', gl_code: '4010', version: 2, fixed: false },
  ],
  tax: [],
  category: [
    { category_id: 7, name: 'Bikes / Kids', gl_code: null, version: 1 },
    { category_id: 9, name: 'Bottles', gl_code: '4015', version: 2 },
  ],
};

const answer = (url: URL) => json(200, { data: url.pathname.endsWith('/gl-codes') ? codes : accounts });

describe('business settings, accounts', { timeout: 20_000 }, () => {
  it('maps a category to a revenue code, with the version shown', async () => {
    const sent: { path: string; body: unknown }[] = [];
    stubFetch(async (request, url) => {
      if (request.method === 'PUT') {
        sent.push({ path: url.pathname, body: await request.json() });
        return json(200, { data: { kind: 'category', key: '7', gl_code: '4015', version: 2 } });
      }
      return answer(url);
    });
    renderAtPath('/', <CategoryAccountsSection canChange />);
    const table = await screen.findByRole('table', { name: 'Category accounts' });
    expect(
      await within(table).findByText(
        'Default: product line revenue (4000 · Rental revenue; 4010 · Sales revenue)',
      ),
    ).toBeTruthy();
    expect(within(table).getByText('4015 · Bottle sales')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Change the account of Bikes / Kids' }));
    const dialog = await screen.findByRole('dialog', { name: 'Account of Bikes / Kids' });
    fireEvent.change(within(dialog).getByRole('combobox', { name: /General ledger code/ }), {
      target: { value: '4015' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(sent).toEqual([
        { path: '/api/nine/gl-accounts/category/7', body: { version: 1, gl_code: '4015' } },
      ]),
    );
  });

  it('keeps receivables, deposits and customer credit on their codes and shows the accounts read-only without the right', async () => {
    stubFetch((_request, url) => answer(url));
    const { unmount } = renderAtPath('/', <SystemAccountsSection canChange />);
    const table = await screen.findByRole('table', { name: 'System accounts' });
    expect(await within(table).findAllByText('Fixed')).toHaveLength(3);
    for (const name of ['Accounts receivable', 'Customer account credit', 'Security deposits held'])
      expect(screen.queryByRole('button', { name: `Change the account of ${name}` })).toBeNull();
    expect(screen.getByRole('button', { name: 'Change the account of Sales revenue' })).toBeTruthy();
    unmount();
    renderAtPath('/', <SystemAccountsSection canChange={false} />);
    await screen.findByRole('table', { name: 'System accounts' });
    expect(screen.queryByRole('button', { name: /Change the account/ })).toBeNull();
  });
});

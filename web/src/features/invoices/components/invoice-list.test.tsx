import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { InvoiceRow } from '@nine/shared/schemas/invoices';
import { setUpTranslatedSuite } from '../../../testing/i18n-suite.ts';
import { columnTitles } from '../../../testing/column-titles.ts';
import { stubFetch } from '../../../testing/fake-fetch.ts';
import { listPageAnswer } from '../../../testing/fake-list-page.ts';
import { renderAtPath } from '../../../testing/render-at-path.tsx';
import { InvoiceList } from './invoice-list.tsx';

function row(id: number, overrides: Partial<InvoiceRow> = {}): InvoiceRow {
  return {
    id,
    number: 500_000 + id,
    type: 'sale',
    status: 'in_progress',
    order_id: 40 + id,
    order_number: 100_000 + id,
    order_type: 'sale',
    customer: `Customer ${id}`,
    created_at: '2025-01-10T09:00:00Z',
    in_progress_at: '2025-01-10T09:00:00Z',
    posted_at: null,
    updated_at: '2025-01-10T09:00:00Z',
    billing_from: null,
    billing_to: null,
    subtotal_minor: 10_000,
    discount_minor: 500,
    tax_minor: 784,
    total_minor: 10_284,
    paid_minor: 4_000,
    credited_minor: 0,
    balance_minor: 6_284,
    ...overrides,
  };
}

let calls: URL[] = [];
function serve(total = 30) {
  calls = [];
  stubFetch((_request, url) => {
    calls.push(url);
    return listPageAnswer(url, total, (n, i) =>
      row(n, i === 0 ? { status: 'posted', posted_at: '2025-01-11T10:00:00Z' } : {}),
    );
  });
}

function renderList(path: string) {
  return renderAtPath(
    path,
    <InvoiceList
      kind="sale"
      title="Sale Invoices"
      locationId={1}
      currencySymbol="$"
      defaultPageSize={25}
      invoiceHref={(id) => `/invoices/${id}`}
      orderHref={(r) => (r.order_id === null ? null : `/sale-orders/${r.order_id}`)}
    />,
  ).location;
}

const lastCall = () => calls[calls.length - 1]!.searchParams;

setUpTranslatedSuite();

describe('invoice list', { timeout: 40_000 }, () => {
  it('asks the server for what the URL says and shows the spec columns with links', async () => {
    serve();
    renderList('/invoices/sale?balance_status=partially_paid&sort=balance&sort_type=asc&page=2&search=Ada');
    expect(await screen.findByText('26–30 of 30 invoices')).toBeTruthy();
    expect(Object.fromEntries(lastCall())).toEqual({
      page: '2',
      page_size: '25',
      sort: 'balance',
      sort_type: 'asc',
      balance_status: 'partially_paid',
      search: 'Ada',
    });
    expect((screen.getByLabelText('Balance status') as HTMLSelectElement).value).toBe('partially_paid');
    const table = screen.getByRole('table', { name: 'Sale Invoices: 26–30 of 30 invoices' });
    expect(columnTitles(table)).toEqual([
      'Number',
      'Type',
      'Status',
      'Customer',
      'Order',
      'Created',
      'Posted',
      'In progress at',
      'Billing from',
      'Billing to',
      'Subtotal',
      'Discount',
      'Total tax',
      'Total',
      'Total paid',
      'Balance',
    ]);
    expect(within(table).getByRole('link', { name: 'Open invoice #500026' }).getAttribute('href')).toBe(
      '/invoices/26',
    );
    expect(within(table).getByRole('link', { name: '#100027' }).getAttribute('href')).toBe('/sale-orders/67');
    expect(within(table).getAllByText('$62.84')).toHaveLength(5);
    expect(within(table).getAllByText('$102.84')).toHaveLength(5);
    expect(
      within(table)
        .getByRole('columnheader', { name: /Balance/ })
        .getAttribute('aria-sort'),
    ).toBe('ascending');
  });

  it('writes the balance status, status, sorting and page size into the URL, starting again at page 1', async () => {
    serve();
    const location = renderList('/invoices/sale?page=2');
    expect(await screen.findByText('26–30 of 30 invoices')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Balance status'), { target: { value: 'unpaid' } });
    await waitFor(() => expect(location.history.at(-1)).toBe('/invoices/sale?balance_status=unpaid'));
    await waitFor(() => expect(lastCall().get('balance_status')).toBe('unpaid'));

    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'posted' } });
    await waitFor(() => expect(lastCall().get('status')).toBe('posted'));

    fireEvent.click(screen.getByRole('button', { name: 'Sort by Total' }));
    await waitFor(() => expect(lastCall().get('sort')).toBe('total'));
    expect(lastCall().get('sort_type')).toBe('desc');
    fireEvent.click(await screen.findByRole('button', { name: 'Total, sorted descending' }));
    await waitFor(() => expect(lastCall().get('sort_type')).toBe('asc'));

    fireEvent.change(screen.getByLabelText('Rows per page'), { target: { value: '50' } });
    await waitFor(() => expect(lastCall().get('page_size')).toBe('50'));
  });

  it('turns a date preset into dates and searches on submit', async () => {
    serve();
    const location = renderList('/invoices/sale');
    expect(await screen.findByText('1–25 of 30 invoices')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Created'), { target: { value: 'today' } });
    await waitFor(() => expect(location.history.at(-1)).toBe('/invoices/sale?date=today'));
    const today = new Date();
    const day = `${today.getFullYear()}-${String(today.getMonth() + 1).padStart(2, '0')}-${String(today.getDate()).padStart(2, '0')}`;
    await waitFor(() => expect(lastCall().get('from_date')).toBe(day));
    expect(lastCall().get('to_date')).toBe(day);

    fireEvent.change(screen.getByRole('searchbox'), { target: { value: '500001' } });
    fireEvent.submit(screen.getByRole('search'));
    await waitFor(() => expect(lastCall().get('search')).toBe('500001'));
  });

  it('says so when no invoice matches', async () => {
    serve(0);
    renderList('/invoices/sale?balance_status=paid');
    expect(await screen.findByText('No invoices match these filters.')).toBeTruthy();
    expect(screen.getByText('No invoices to show.')).toBeTruthy();
  });
});

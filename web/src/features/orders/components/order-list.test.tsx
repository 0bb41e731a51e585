import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { OrderListRow } from '@nine/shared/schemas/orders';
import { setUpTranslatedSuite } from '../../../testing/i18n-suite.ts';
import { columnTitles } from '../../../testing/column-titles.ts';
import { json, stubFetch } from '../../../testing/fake-fetch.ts';
import { listPageAnswer } from '../../../testing/fake-list-page.ts';
import { renderAtPath } from '../../../testing/render-at-path.tsx';
import { columnConfigKey } from '../list/column-config.ts';
import { confirmedOrderDates } from '../testing/order-fixtures.ts';
import { OrderList } from './order-list.tsx';

function row(id: number, overrides: Partial<OrderListRow> = {}): OrderListRow {
  return {
    id,
    number: 100_000 + id,
    type: 'rent',
    source: 'web',
    status: 'confirmed',
    overdue: false,
    customer: { id: 1, name: `Customer ${id}`, phone: null, email: null },
    ...confirmedOrderDates,
    rental_items: 2,
    total_minor: 10_000,
    paid_minor: 2_500,
    flags: {
      not_balanced: true,
      deposit_in_custody: false,
      order_image: false,
      staff_note: true,
      customer_note: false,
      cc_skipped: false,
      has_delivery: false,
    },
    ...overrides,
  };
}

let calls: URL[] = [];
/** The user's column settings on the server, and what the list saved there. */
let savedColumns: unknown = null;
let putColumns: unknown[] = [];
function serve(total = 60, capped = false) {
  calls = [];
  putColumns = [];
  stubFetch(async (request, url) => {
    if (url.pathname === '/api/nine/user/settings/rent-orders.columns') {
      if (request.method === 'PUT') {
        const body = (await request.json()) as { value: unknown };
        putColumns.push(body.value);
        savedColumns = body.value;
      }
      return json(200, { data: savedColumns });
    }
    calls.push(url);
    return listPageAnswer(url, total, (n, i) => row(n, { overdue: i === 0 }), { capped });
  });
}

function renderList(path: string) {
  return renderAtPath(
    path,
    <OrderList
      kind="rent"
      title="Rent Orders"
      locationId={1}
      userId={7}
      locations={[{ id: 1, name: 'Harbor Front' }]}
      currencySymbol="$"
      defaultPageSize={25}
      orderHref={(id) => `/rent-orders/${id}`}
      printHref={(id) => `/rent-orders/${id}/print`}
    />,
  ).location;
}

const lastCall = () => calls[calls.length - 1]!.searchParams;

setUpTranslatedSuite();

// Rendering a whole list in happy-dom is slow on a loaded machine; these wait for what a person sees.
describe('order list', { timeout: 20_000 }, () => {
  it('asks the server for what the URL says, and shows rows with links, badges and labelled flags', async () => {
    serve();
    renderList(
      '/rent-orders?order_status_r=pending&sort=planned_start&sort_type=asc&page=2&search=Ada&source=kiosk',
    );
    expect(await screen.findByText('26–50 of 60')).toBeTruthy();
    expect(Object.fromEntries(lastCall())).toEqual({
      page: '2',
      page_size: '25',
      sort: 'planned_start',
      sort_type: 'asc',
      order_status_r: 'pending',
      search: 'Ada',
      source: 'kiosk',
    });
    // A set filter behind "More filters" is counted on the button, which opens them.
    const more = screen.getByRole('button', { name: 'More filters (1)' });
    expect(more.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(more);
    expect((screen.getByLabelText('Source') as HTMLSelectElement).value).toBe('kiosk');
    expect(screen.getByRole('button', { name: 'Fewer filters' }).getAttribute('aria-expanded')).toBe('true');
    const table = screen.getByRole('table', { name: 'Rent Orders: 26–50 of 60' });
    expect(within(table).getByRole('link', { name: '#100026' }).getAttribute('href')).toBe('/rent-orders/26');
    expect(within(table).getAllByRole('img', { name: 'Unbalanced invoice' })).toHaveLength(25);
    expect(within(table).getAllByRole('img', { name: 'Staff note' })).toHaveLength(25);
    expect(within(table).getAllByText('Confirmed')).toHaveLength(25);
    expect(within(table).getAllByText('Overdue')).toHaveLength(1);
    expect(within(table).getAllByText('$25.00 of $100.00')).toHaveLength(25);
    const sorted = within(table).getByRole('columnheader', { name: /Planned start/ });
    expect(sorted.getAttribute('aria-sort')).toBe('ascending');
  });

  it('writes filters, sorting and pages into the URL, starting again at page 1 on a new filter', async () => {
    serve();
    const location = renderList('/rent-orders');
    expect(await screen.findByText('1–25 of 60')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(location.history.at(-1)).toBe('/rent-orders?page=2'));
    expect(await screen.findByText('26–50 of 60')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'overdue' } });
    await waitFor(() => expect(location.history.at(-1)).toBe('/rent-orders?order_status_r=overdue'));
  });

  it('writes sorting, custom dates and the page size into the URL and the call', async () => {
    serve();
    const location = renderList('/rent-orders?order_status_r=overdue');
    expect(await screen.findByText('1–25 of 60')).toBeTruthy();

    // A column sorts first in its configured direction, then flips.
    fireEvent.click(screen.getByRole('button', { name: 'Sort by Order No.' }));
    await waitFor(() =>
      expect(location.history.at(-1)).toBe('/rent-orders?sort=number&sort_type=asc&order_status_r=overdue'),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Order No., sorted ascending' }));
    await waitFor(() =>
      expect(location.history.at(-1)).toBe('/rent-orders?sort=number&order_status_r=overdue'),
    );

    fireEvent.change(screen.getByLabelText('Date'), { target: { value: 'custom' } });
    fireEvent.change(await screen.findByLabelText('From'), { target: { value: '2025-01-01' } });
    await waitFor(() => expect(location.history.at(-1)).toContain('date=custom&from_date=2025-01-01'));
    await waitFor(() => expect(lastCall().get('from_date')).toBe('2025-01-01'));

    fireEvent.change(screen.getByLabelText('Rows per page'), { target: { value: '50' } });
    await waitFor(() => expect(location.history.at(-1)).toContain('page_size=50'));
    await waitFor(() => expect(lastCall().get('page_size')).toBe('50'));
  });

  it('says "10,000+" when the count is capped and still pages on', async () => {
    serve(10_000, true);
    renderList('/rent-orders');
    expect(await screen.findByText('1–25 of 10,000+')).toBeTruthy();
    expect(screen.getByText('Page 1')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Next page' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('shows the columns and titles the user saved', async () => {
    localStorage.setItem(
      columnConfigKey('rent', 7),
      JSON.stringify([
        { id: 'status', show: true, sort: false, title: 'State', sort_type: 'asc', placement: 'anywhere' },
        { id: 'customer', show: false, sort: true, title: '', sort_type: 'asc', placement: 'anywhere' },
      ]),
    );
    serve(3);
    renderList('/rent-orders');
    const table = await screen.findByRole('table', { name: /1–3 of 3/ });
    const headers = columnTitles(table);
    expect(headers[0]).toBe('State');
    expect(headers).not.toContain('Customer');
    expect(within(table).queryByRole('button', { name: /^(Sort by State|State,)/ })).toBeNull();
  });
  // Three popovers in a row: slow in happy-dom on a loaded machine.
  it(
    'filters by a column from its header: text, options and a date range, in the URL and the call',
    {
      timeout: 60_000,
    },
    async () => {
      serve();
      const location = renderList('/rent-orders');
      expect(await screen.findByText('1–25 of 60')).toBeTruthy();

      fireEvent.click(screen.getByRole('button', { name: 'Filter Customer' }));
      fireEvent.change(await screen.findByLabelText('Contains'), { target: { value: 'hopp' } });
      fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
      await waitFor(() => expect(location.history.at(-1)).toBe('/rent-orders?f_customer=hopp'));
      await waitFor(() => expect(lastCall().get('f_customer')).toBe('hopp'));
      expect(screen.getByRole('button', { name: 'Filter Customer (filtered)' })).toBeTruthy();

      fireEvent.click(screen.getByRole('button', { name: 'Filter Status' }));
      fireEvent.click(await screen.findByRole('checkbox', { name: 'Pending' }));
      fireEvent.click(screen.getByRole('checkbox', { name: 'Confirmed' }));
      fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
      await waitFor(() => expect(lastCall().get('f_status')).toBe('pending,confirmed'));

      fireEvent.click(screen.getByRole('button', { name: 'Filter Planned start' }));
      fireEvent.change(await screen.findByLabelText('From'), { target: { value: '2025-03-01' } });
      fireEvent.change(screen.getByLabelText('To'), { target: { value: '2025-03-31' } });
      fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
      await waitFor(() => expect(lastCall().get('f_planned_start')).toBe('2025-03-01..2025-03-31'));
      expect(lastCall().get('page')).toBe('1');

      // Clearing one keeps the others.
      fireEvent.click(screen.getByRole('button', { name: 'Filter Customer (filtered)' }));
      // The date filter's popover may still be leaving, with a Clear of its own: clear inside this one.
      const customerFilter = (await screen.findByLabelText('Contains')).closest('[role="dialog"]');
      fireEvent.click(within(customerFilter as HTMLElement).getByRole('button', { name: 'Clear' }));
      await waitFor(() => expect(lastCall().get('f_customer')).toBeNull());
      expect(lastCall().get('f_status')).toBe('pending,confirmed');
    },
  );

  it('shows the column settings saved on the server and saves changes there', async () => {
    savedColumns = [
      { id: 'customer', show: true, sort: true, title: 'Client', sort_type: 'asc', placement: 'anywhere' },
      { id: 'number', show: false, sort: true, title: '', sort_type: 'asc', placement: 'anywhere' },
    ];
    serve(3);
    renderList('/rent-orders');
    const table = await screen.findByRole('table', { name: /1–3 of 3/ });
    await waitFor(() => expect(columnTitles(table)[0]).toBe('Client'));
    expect(within(table).queryByRole('columnheader', { name: /Order No\./ })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Columns' }));
    fireEvent.change(await screen.findByLabelText('Title of Customer'), { target: { value: 'Guest' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(putColumns).toHaveLength(1));
    expect((putColumns[0] as { id: string; title: string }[])[0]).toMatchObject({
      id: 'customer',
      title: 'Guest',
    });
    savedColumns = null;
  });
});

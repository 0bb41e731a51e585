import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { describe, expect, it } from 'vitest';
import type { RecurringOrderRow } from '@nine/shared/schemas/recurring';
import { setUpTranslatedSuite } from '../../../testing/i18n-suite.ts';
import { columnTitles } from '../../../testing/column-titles.ts';
import { json, stubFetch } from '../../../testing/fake-fetch.ts';
import { renderAtPath } from '../../../testing/render-at-path.tsx';
import { AutoBillingButton } from './auto-billing.tsx';
import { RecurringOrdersList } from './recurring-orders-list.tsx';

const row = (n: number, overrides: Partial<RecurringOrderRow> = {}): RecurringOrderRow => ({
  order_id: n,
  order_number: 5000 + n,
  customer: `Customer ${n}`,
  email: `c${n}@example.test`,
  issued_invoice_count: n,
  total_invoiced_minor: n * 12_345,
  plan_start: '2030-01-01T09:00:00Z',
  actual_start: null,
  plan_finish: '2030-12-31T17:00:00Z',
  next_invoice_date: '2030-02-01',
  frequency: 'biweekly',
  active: true,
  ...overrides,
});

let requests: Request[] = [];
function serve(handler: (request: Request, url: URL) => Response | Promise<Response>) {
  requests = stubFetch(handler);
}

const wrap = (ui: ReactElement) => renderAtPath('/active-recurring-orders', ui);

setUpTranslatedSuite();

describe('active recurring orders', { timeout: 20_000 }, () => {
  it('shows the columns of spec section 3 and asks the server to sort and page', async () => {
    serve((_request, url) => {
      const page = Number(url.searchParams.get('page'));
      return json(200, {
        data: {
          rows: page === 1 ? [row(1), row(2)] : [row(3)],
          total: 3,
          total_capped: false,
          page,
          page_size: 2,
        },
      });
    });
    wrap(
      <RecurringOrdersList
        title="Active Recurring Orders"
        locationId={1}
        currencySymbol="$"
        orderHref={(id) => `/rent-orders/${id}`}
        initialPageSize={2}
      />,
    );
    const table = await screen.findByRole('table', { name: 'Active recurring orders' });
    expect(columnTitles(table)).toEqual([
      'Order number',
      'Customer',
      'Email',
      'Issued invoices',
      'Total invoiced',
      'Plan start',
      'Actual start',
      'Plan finish',
      'Next invoice date',
      'Frequency',
    ]);
    const first = within(table).getAllByRole('row')[1]!;
    expect(within(first).getByRole('link', { name: 'Open order 5001' }).getAttribute('href')).toBe(
      '/rent-orders/1',
    );
    expect(first.textContent).toContain('c1@example.test');
    expect(first.textContent).toContain('$123.45');
    expect(first.textContent).toContain('02/01/2030');
    expect(first.textContent).toContain('Every two weeks');
    const firstQuery = new URL(requests[0]!.url).searchParams;
    expect(Object.fromEntries(firstQuery)).toEqual({
      page: '1',
      page_size: '2',
      sort: 'next_invoice_date',
      sort_type: 'asc',
    });

    fireEvent.click(within(table).getByRole('button', { name: 'Total invoiced' }));
    await waitFor(() =>
      expect(new URL(requests.at(-1)!.url).searchParams.get('sort')).toBe('total_invoiced_minor'),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Total invoiced, sorted ascending' }));
    await waitFor(() => expect(new URL(requests.at(-1)!.url).searchParams.get('sort_type')).toBe('desc'));
    expect(await screen.findByRole('button', { name: 'Total invoiced, sorted descending' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(new URL(requests.at(-1)!.url).searchParams.get('page')).toBe('2'));
    expect(await screen.findByRole('link', { name: 'Open order 5003' })).toBeTruthy();
  });

  it('says so when there are no plans', async () => {
    serve(() => json(200, { data: { rows: [], total: 0, total_capped: false, page: 1, page_size: 25 } }));
    wrap(
      <RecurringOrdersList title="Active" locationId={1} currencySymbol="$" orderHref={(id) => `/${id}`} />,
    );
    expect(
      await screen.findByText('No active recurring orders. Start auto billing from a rent order.'),
    ).toBeTruthy();
  });
});

describe('Start / Edit Auto Billing', { timeout: 20_000 }, () => {
  it('starts a plan with the chosen frequency and then offers to edit it', async () => {
    let plan: object | null = null;
    serve(async (request) => {
      if (request.method === 'PUT') {
        const body = (await request.json()) as { frequency: string; next_invoice_date: string };
        plan = { order_id: 9, active: true, issued_invoice_count: 0, ...body };
        return json(200, { data: { order_id: 9, ...body } });
      }
      return json(200, { data: plan });
    });
    const { toasts } = wrap(
      <AutoBillingButton locationId={1} orderId={9} canChange defaultDate="2030-04-01" />,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Start Auto Billing' }));
    const dialog = await screen.findByRole('dialog', { name: 'Start Auto Billing' });
    const date = within(dialog).getByLabelText(/Next invoice date/) as HTMLInputElement;
    expect(date.value).toBe('2030-04-01');
    fireEvent.change(within(dialog).getByLabelText(/Invoice frequency/), { target: { value: 'weekly' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(toasts).toHaveLength(1));
    expect(toasts[0]!.title).toBe('Auto billing saved: Weekly, next invoice on 04/01/2030.');
    const put = requests.find((r) => r.method === 'PUT')!;
    expect(new URL(put.url).pathname).toBe('/api/nine/rent-orders/9/auto-billing');
    expect(await put.json()).toEqual({ frequency: 'weekly', next_invoice_date: '2030-04-01', active: true });
    expect(
      await screen.findByText('Auto billing: Weekly, next invoice on 04/01/2030 (0 issued).'),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Edit Auto Billing' })).toBeTruthy();
  });

  it('says when the rental type does not bill recurring orders, and keeps the dialog open', async () => {
    serve((request) =>
      request.method === 'PUT'
        ? json(403, { resp_code: 1004, resp_message: 'Forbidden', data: { reason: 'recurring_disabled' } })
        : json(200, { data: null }),
    );
    const { toasts } = wrap(
      <AutoBillingButton locationId={1} orderId={9} canChange defaultDate="2030-04-01" />,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Start Auto Billing' }));
    const dialog = await screen.findByRole('dialog', { name: 'Start Auto Billing' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain(
      'Recurring billing is not enabled for this rental type.',
    );
    expect(toasts).toEqual([]);
  });

  it('shows a paused plan without a button to whoever cannot change it', async () => {
    serve(() =>
      json(200, {
        data: {
          order_id: 9,
          frequency: 'monthly',
          next_invoice_date: '2030-05-01',
          active: false,
          issued_invoice_count: 4,
        },
      }),
    );
    wrap(<AutoBillingButton locationId={1} orderId={9} canChange={false} />);
    expect(await screen.findByText('Auto billing is paused (4 issued).')).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });
});

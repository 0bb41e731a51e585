import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { InvoiceDetail } from '@nine/shared/schemas/invoices';
import { setUpTranslatedSuite } from '../../../testing/i18n-suite.ts';
import { jsonResponse } from '../../../testing/fake-api.ts';
import { renderAtPath } from '../../../testing/render-at-path.tsx';
import { invoiceFixture } from '../testing/invoice-fixtures.ts';
import { InvoiceView } from './invoice-view.tsx';

function invoice(overrides: Partial<InvoiceDetail> = {}): InvoiceDetail {
  return invoiceFixture({
    customer_detail: {
      id: 3,
      name: 'Ada Lovelace',
      phone: '+1 555 0100',
      email: 'ada@example.com',
      address: null,
    },
    taxes: [
      { name: 'Sales tax', rate_bp: 825, amount_minor: 198 },
      { name: 'City levy', rate_bp: 200, amount_minor: 48 },
    ],
    payments: [
      {
        id: 9,
        method: 'cash',
        amount_minor: 1623,
        refunded_minor: 300,
        reference: null,
        created_at: '2025-01-10T09:05:00Z',
        created_by: 'Sam Carter',
        refunds: [{ id: 4, amount_minor: 300, reason: 'Scratch', created_at: '2025-01-10T10:00:00Z' }],
      },
    ],
    refunded_minor: 300,
    ...overrides,
  });
}

let requests: { method: string; url: string; body: unknown; key: string | null }[] = [];
function serve(detail: InvoiceDetail, answers: Record<string, () => Response> = {}) {
  requests = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (request: Request) => {
      const url = new URL(request.url);
      const body = request.method === 'GET' ? null : await request.json();
      requests.push({
        method: request.method,
        url: url.pathname,
        body,
        key: request.headers.get('idempotency-key'),
      });
      const answer = answers[`${request.method} ${url.pathname}`];
      if (answer) return answer();
      return jsonResponse(200, { data: detail });
    }),
  );
}

function renderView(props: { canChange?: boolean; canCredit?: boolean } = {}) {
  const opened: number[] = [];
  renderAtPath(
    '/invoices/7',
    <InvoiceView
      id={7}
      locationId={1}
      canChange={props.canChange ?? true}
      canCredit={props.canCredit ?? true}
      listHref={() => '/invoices/sale'}
      invoiceHref={(id) => `/invoices/${id}`}
      orderHref={(inv) => `/sale-orders/${inv.order_id}`}
      printLinks={[{ label: 'Print A4', href: '/invoices/7/print' }]}
      onOpenInvoice={(id) => opened.push(id)}
    />,
    { notify: () => true },
  );
  return { opened };
}

setUpTranslatedSuite();

describe('invoice view', { timeout: 40_000 }, () => {
  it('shows the header, customer, order link, lines, each tax, totals, payments with refunds and the balance', async () => {
    serve(invoice());
    renderView();
    expect(await screen.findByRole('heading', { name: 'Invoice #500007', level: 1 })).toBeTruthy();
    expect(screen.getByText('Posted', { selector: 'span' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Order #100041' }).getAttribute('href')).toBe('/sale-orders/41');
    const customer = screen.getByRole('region', { name: 'Customer' });
    expect(within(customer).getByText('+1 555 0100')).toBeTruthy();
    const lines = screen.getByRole('region', { name: 'Lines' });
    expect(within(lines).getByText('Trail map (MAP-1)')).toBeTruthy();
    const totals = screen.getByRole('region', { name: 'Totals' });
    expect(within(totals).getByText('Sales tax (8.25 %)')).toBeTruthy();
    expect(within(totals).getByText('$1.98')).toBeTruthy();
    expect(within(totals).getByText('City levy (2 %)')).toBeTruthy();
    expect(within(totals).getByText('Tax id 12-345')).toBeTruthy();
    expect(within(totals).getByText('Balance').nextSibling?.textContent).toBe('$13.23');
    expect(within(totals).getByText('Total').nextSibling?.textContent).toBe('$26.46');
    const payments = screen.getByRole('region', { name: 'Payments and refunds' });
    expect(within(payments).getByText('$16.23')).toBeTruthy();
    expect(within(payments).getByText('-$3.00')).toBeTruthy();
    expect(within(payments).getByText(/Scratch/)).toBeTruthy();
    // Posted: no post action, the corrections are offered.
    expect(screen.queryByRole('button', { name: 'Post invoice' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Credit note' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add ad-hoc charge' })).toBeTruthy();
  });

  it('offers no corrections without the permissions', async () => {
    serve(
      invoice({
        status: 'in_progress',
        posted_at: null,
        actions: { post: true, credit_note: false, adhoc_charge: true },
      }),
    );
    renderView({ canChange: false, canCredit: false });
    expect(await screen.findByRole('heading', { name: 'Invoice #500007', level: 1 })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Post invoice' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Credit note' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add ad-hoc charge' })).toBeNull();
  });

  it('creates a credit note with a reason and an idempotency key, then opens it', async () => {
    serve(invoice(), {
      'POST /api/nine/invoices/7/credit-note': () =>
        jsonResponse(201, {
          data: invoice({ id: 8, number: 500_008, type: 'credit_note', credits: { id: 7, number: 500_007 } }),
        }),
    });
    const { opened } = renderView();
    fireEvent.click(await screen.findByRole('button', { name: 'Credit note' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Credit note for invoice #500007' });
    const submit = within(dialog).getByRole('button', { name: 'Create credit note' }) as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    fireEvent.change(within(dialog).getByLabelText(/Reason/), { target: { value: 'Wrong price' } });
    fireEvent.click(submit);
    await waitFor(() => expect(opened).toEqual([8]));
    const sent = requests.find((r) => r.method === 'POST')!;
    expect(sent).toMatchObject({ url: '/api/nine/invoices/7/credit-note', body: { reason: 'Wrong price' } });
    expect(sent.key).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('adds an ad-hoc charge in minor units and shows the server refusal in the dialog', async () => {
    serve(invoice(), {
      'POST /api/nine/invoices/7/adhoc-charges': () =>
        jsonResponse(403, {
          resp_code: 1503,
          resp_message: 'Ad-hoc charges on orders are turned off in the business settings.',
        }),
    });
    renderView();
    fireEvent.click(await screen.findByRole('button', { name: 'Add ad-hoc charge' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add an ad-hoc charge' });
    fireEvent.change(within(dialog).getByLabelText(/Description/), { target: { value: 'Late return' } });
    fireEvent.change(within(dialog).getByLabelText(/Quantity/), { target: { value: '2' } });
    fireEvent.change(within(dialog).getByLabelText(/Unit price/), { target: { value: '12,5' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add charge' }));
    expect(
      await within(dialog).findByText('Ad-hoc charges on orders are turned off in the business settings.'),
    ).toBeTruthy();
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({
      description: 'Late return',
      quantity: 2,
      unit_price_minor: 1250,
      taxable: true,
    });
  });

  it('puts the server’s issue with an ad-hoc charge on its field', async () => {
    serve(invoice(), {
      'POST /api/nine/invoices/7/adhoc-charges': () =>
        jsonResponse(422, {
          resp_code: 1001,
          resp_message: 'Some fields are not valid.',
          data: { issues: [{ path: ['description'], code: 'too_big', message: 'Too big: string' }] },
        }),
    });
    renderView();
    fireEvent.click(await screen.findByRole('button', { name: 'Add ad-hoc charge' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add an ad-hoc charge' });
    const description = within(dialog).getByLabelText(/Description/);
    fireEvent.change(description, { target: { value: 'Late return' } });
    fireEvent.change(within(dialog).getByLabelText(/Unit price/), { target: { value: '5' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add charge' }));
    await waitFor(() => expect(description.getAttribute('aria-invalid')).toBe('true'));
    expect(within(dialog).queryByText('Some fields are not valid.')).toBeNull();
  });

  it('says when the invoice does not exist', async () => {
    serve(invoice(), {
      'GET /api/nine/invoices/7': () => jsonResponse(404, { resp_code: 1004, resp_message: 'Not found' }),
    });
    renderView();
    expect(await screen.findByText('This invoice does not exist in this location.')).toBeTruthy();
  });
});

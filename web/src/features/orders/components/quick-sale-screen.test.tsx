import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { json } from '../../../testing/fake-fetch.ts';
import { renderWithProviders } from '../../../testing/render-with-providers.tsx';
import { setUpTranslatedSuite } from '../../../testing/i18n-suite.ts';
import type { CustomerMatch } from '../api/search-customers.ts';
import { waxLookupAnswer } from '../testing/create-fixtures.ts';
import { scanCode, scanWaxAndCompleteSale } from '../testing/quick-sale-steps.ts';
import { orderFixture } from '../testing/order-fixtures.ts';
import { QuickSaleScreen } from './quick-sale-screen.tsx';
import { invalidRequest } from '../../../testing/invalid-request.ts';

const grace: CustomerMatch = {
  id: 7,
  name: 'Grace Hopper',
  phone: '+1 555 0100',
  email: 'grace@example.com',
  postal_code: null,
  is_anonymous: false,
};

const posted: { body: unknown; key: string | null }[] = [];
const searched: string[] = [];
function serve() {
  posted.length = 0;
  searched.length = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (request: Request) => {
      const url = new URL(request.url);
      if (url.pathname === '/api/nine/catalogue/lookup') return waxLookupAnswer(url);
      if (url.pathname === '/api/nine/customers/lookup') {
        const search = url.searchParams.get('search') ?? '';
        searched.push(search);
        return json(200, { data: { rows: 'grace hopper'.includes(search.toLowerCase()) ? [grace] : [] } });
      }
      if (request.method === 'POST' && url.pathname === '/api/nine/sale-orders') {
        posted.push({ body: await request.json(), key: request.headers.get('idempotency-key') });
        return json(201, {
          data: orderFixture({ id: 77, number: 200077, type: 'sale', status: 'open', version: 1 }),
        });
      }
      return json(404, { resp_code: 1004, resp_message: 'not found' });
    }),
  );
}

setUpTranslatedSuite();

function renderScreen() {
  return renderWithProviders(
    <QuickSaleScreen
      title="Quick Sale"
      locationId={1}
      currencySymbol="$"
      orderHref={(id) => `/sale-orders/${id}`}
    />,
  );
}

describe('quick sale screen (against the proposed lookup endpoint)', { timeout: 20_000 }, () => {
  it('works from the keyboard: scans add lines, + raises the quantity, checkout sends one idempotent sale', async () => {
    serve();
    renderScreen();
    const scan = screen.getByLabelText('Scan or type a code');
    expect(document.activeElement).toBe(scan);
    scanCode('400001');
    const lines = await screen.findByRole('table', { name: 'Sale lines' });
    expect(within(lines).getByText('Surf wax')).toBeTruthy();

    fireEvent.keyDown(scan, { key: '+' });
    await waitFor(() =>
      expect((screen.getByLabelText('Quantity of Surf wax') as HTMLInputElement).value).toBe('2'),
    );
    expect(screen.getAllByText('$9.00').length).toBeGreaterThan(0);

    scanCode('nope');
    expect(await screen.findByText('Nothing matches nope.')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Complete sale' }));
    expect(await screen.findByText('Sale #200077 completed.')).toBeTruthy();
    expect(posted).toHaveLength(1);
    expect(posted[0]!.body).toEqual({ items: [{ product_id: 1, quantity: 2, discount_minor: 0 }] });
    expect(posted[0]!.key).toMatch(/^[0-9a-f-]{36}$/);
    // The receipt prints at 55 mm through the page's receipt controls, never through the A4 order print.
    expect(screen.queryByRole('link', { name: 'Print the receipt' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Open the sale' }).getAttribute('href')).toBe('/sale-orders/77');
  });

  it('picks the customer with the wizard’s customer search, not a bare id box, the walk-in customer by default', async () => {
    serve();
    renderScreen();
    expect(screen.queryByLabelText('Customer ID')).toBeNull();
    const field = screen.getByRole('group', { name: 'Customer: Walk-in customer' });
    const search = within(field).getByRole('searchbox', { name: 'Find a customer' });
    fireEvent.change(search, { target: { value: 'grace' } });
    const results = await within(field).findByRole('list', { name: 'Customers found' });
    fireEvent.click(within(results).getByRole('button', { name: 'Choose Grace Hopper' }));
    expect(screen.getByRole('group', { name: 'Customer: Grace Hopper' })).toBeTruthy();
    expect(searched).toContain('grace');

    await scanWaxAndCompleteSale();
    expect(posted[0]!.body).toEqual({
      customer_id: 7,
      items: [{ product_id: 1, quantity: 1, discount_minor: 0 }],
    });
  });

  it('checks the discounts and the note by the sale’s rules as typed, lands the server’s issue on its line, and sends a new key once edited', async () => {
    serve();
    // The sale's create answers a refused discount first, then the sale.
    const answers = [
      invalidRequest({
        path: ['items', 0, 'discount_minor'],
        code: 'custom',
        message: 'discount_above_line',
      }),
      json(201, { data: orderFixture({ id: 77, number: 200077, type: 'sale', status: 'open', version: 1 }) }),
    ];
    const served = vi.mocked(fetch).getMockImplementation()!;
    vi.mocked(fetch).mockImplementation(async (request) => {
      const url = new URL((request as Request).url);
      if ((request as Request).method !== 'POST' || url.pathname !== '/api/nine/sale-orders')
        return served(request);
      posted.push({
        body: await (request as Request).json(),
        key: (request as Request).headers.get('idempotency-key'),
      });
      return answers.shift()!;
    });
    renderScreen();
    const scan = scanCode('400001');
    const discount = await screen.findByLabelText('Discount on Surf wax');
    const checkout = () => screen.getByRole('button', { name: 'Complete sale' }) as HTMLButtonElement;

    // Above the line's 4.50: refused on the line, and the sale waits.
    fireEvent.change(discount, { target: { value: '5.00' } });
    expect(await screen.findByText("The discount cannot exceed the line's price.")).toBeTruthy();
    expect(checkout().disabled).toBe(true);
    // One more makes the line 9.00: the same discount is right now.
    fireEvent.keyDown(scan, { key: '+' });
    await waitFor(() =>
      expect(screen.queryByText("The discount cannot exceed the line's price.")).toBeNull(),
    );
    expect(within(screen.getByRole('table', { name: 'Sale lines' })).getByText('$4.00')).toBeTruthy();

    const note = screen.getByLabelText('Staff note');
    fireEvent.change(note, { target: { value: 'x'.repeat(256) } });
    expect(await screen.findByText('At most 255 characters.')).toBeTruthy();
    expect(checkout().disabled).toBe(true);
    fireEvent.change(note, { target: { value: ' Gift wrap ' } });
    await waitFor(() => expect(checkout().disabled).toBe(false));
    fireEvent.click(checkout());

    expect(
      await screen.findByText('The sale could not be completed: The request is not valid.'),
    ).toBeTruthy();
    expect(await screen.findByText("The discount cannot exceed the line's price.")).toBeTruthy();
    expect(discount.getAttribute('aria-invalid')).toBe('true');
    expect(posted[0]!.body).toEqual({
      items: [{ product_id: 1, quantity: 2, discount_minor: 500 }],
      staff_note: 'Gift wrap',
    });

    fireEvent.click(screen.getByRole('button', { name: 'Back to the sale' }));
    fireEvent.change(discount, { target: { value: '1' } });
    await waitFor(() => expect(checkout().disabled).toBe(false));
    fireEvent.click(checkout());
    expect(await screen.findByText('Sale #200077 completed.')).toBeTruthy();
    expect(posted[1]!.body).toEqual({
      items: [{ product_id: 1, quantity: 2, discount_minor: 100 }],
      staff_note: 'Gift wrap',
    });
    expect(posted[1]!.key).not.toBe(posted[0]!.key);
  });
});

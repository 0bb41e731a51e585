import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n, initI18n } from '../../../lib/i18n.ts';
import type { CatalogueMatch } from '../api/lookup-catalogue.ts';
import { orderFixture } from '../testing/order-fixtures.ts';
import { CreateOrderScreen } from './create-order-screen.tsx';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const ada = { id: 7, name: 'Ada Lovelace', phone: null, email: null, postal_code: null, is_anonymous: false };
const kayak: CatalogueMatch = {
  kind: 'item',
  product_id: 10,
  product_sku: 'KAYAK',
  product_name: 'Sea kayak',
  product_category: 'Kayaks',
  price_minor: 4000,
  deposit_minor: 10000,
  item_id: 501,
  item_sku: 'KAY-01',
  barcode: '290000000501',
  item_status: 'available',
  stock_quantity: null,
};

/** The network edge; the create answers the scripted replies in turn. */
function serve(createAnswers: Response[]) {
  const created: { body: Record<string, unknown>; key: string | null }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (request: Request) => {
      const url = new URL(request.url);
      if (url.pathname === '/api/nine/customers/lookup') return json(200, { data: { rows: [ada] } });
      if (url.pathname === '/api/nine/catalogue/lookup') return json(200, { data: { matches: [kayak] } });
      if (request.method === 'POST' && url.pathname === '/api/nine/rent-orders') {
        created.push({ body: await request.json(), key: request.headers.get('idempotency-key') });
        return createAnswers.shift()!;
      }
      // No quote: the wizard goes on without one.
      return json(500, { resp_code: 1000, resp_message: 'no quote here' });
    }),
  );
  return created;
}

const step = (name: string) => screen.getByRole('region', { name: new RegExp(`^Step \\d of 4: ${name}$`) });
const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;

beforeAll(async () => {
  await initI18n();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the create wizard’s period and review forms', { timeout: 20_000 }, () => {
  it('checks the period and the notes by the create’s rules, lands the server’s issue on its field, and creates once per body', async () => {
    const created = serve([
      json(400, {
        resp_code: 1001,
        resp_message: 'The request is not valid.',
        data: { issues: [{ path: ['staff_note'], code: 'too_big', message: 'Too big' }] },
      }),
      json(201, { data: orderFixture({ id: 99, number: 100099 }) }),
    ]);
    render(
      <ChakraProvider value={defaultSystem}>
        <I18nextProvider i18n={i18n}>
          <QueryClientProvider client={new QueryClient()}>
            <CreateOrderScreen
              title="Create order"
              locationId={1}
              currencySymbol="$"
              orderHref={(id) => `/o/${id}`}
            />
          </QueryClientProvider>
        </I18nextProvider>
      </ChakraProvider>,
    );
    fireEvent.change(within(step('Customer')).getByRole('searchbox', { name: 'Find a customer' }), {
      target: { value: 'lovelace' },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Choose Ada Lovelace' }));
    fireEvent.click(button('Next'));

    // Period: a finish before the start is refused on the finish, and Next waits for a right one.
    const period = step('Period');
    fireEvent.change(within(period).getByLabelText(/^Planned start/), {
      target: { value: '2030-06-03T09:00' },
    });
    fireEvent.change(within(period).getByLabelText(/^Planned finish/), {
      target: { value: '2030-06-01T09:00' },
    });
    expect(await within(period).findByText('The finish must be after the start.')).toBeTruthy();
    expect(button('Next').disabled).toBe(true);
    // A new start makes the same finish right.
    fireEvent.change(within(period).getByLabelText(/^Planned start/), {
      target: { value: '2030-05-31T09:00' },
    });
    await waitFor(() => expect(within(period).queryByText('The finish must be after the start.')).toBeNull());
    await waitFor(() => expect(button('Next').disabled).toBe(false));
    fireEvent.click(button('Next'));

    // The period is handed over once the form has checked it (asynchronously).
    const items = await screen.findByRole('region', { name: 'Step 3 of 4: Items' });
    const scan = within(items).getByLabelText('Scan or type a code');
    fireEvent.change(scan, { target: { value: 'KAY-01' } });
    fireEvent.submit(scan.closest('form')!);
    expect(await screen.findByRole('table', { name: 'Items on the order' })).toBeTruthy();
    fireEvent.click(button('Next'));

    // Review: the staff note's limit shows as typed and holds the create back.
    const review = step('Review');
    const staffNote = within(review).getByLabelText('Staff note');
    fireEvent.click(within(review).getByRole('checkbox', { name: 'Skip the credit card' }));
    fireEvent.change(staffNote, { target: { value: 'x'.repeat(256) } });
    expect(await within(review).findByText('At most 255 characters.')).toBeTruthy();
    expect(button('Create order').disabled).toBe(true);
    fireEvent.change(staffNote, { target: { value: ' Helmet too ' } });
    await waitFor(() => expect(button('Create order').disabled).toBe(false));
    fireEvent.change(within(review).getByLabelText('Create as'), { target: { value: 'pending' } });
    fireEvent.click(button('Create order'));

    // The server refuses the note: the failure shows, and the issue lands on the note.
    expect(await screen.findByText('The order could not be created: The request is not valid.')).toBeTruthy();
    expect(await within(review).findByText('At most 255 characters.')).toBeTruthy();
    expect(staffNote.getAttribute('aria-invalid')).toBe('true');
    expect(created[0]!.body).toMatchObject({
      customer_id: 7,
      status: 'pending',
      staff_note: 'Helmet too',
      cc_skipped: true,
      items: [{ item_id: 501 }],
    });
    expect(Date.parse(created[0]!.body.planned_finish as string)).toBeGreaterThan(
      Date.parse(created[0]!.body.planned_start as string),
    );

    // Edited, it is another request with another key.
    fireEvent.click(button('Edit the order'));
    fireEvent.change(staffNote, { target: { value: 'Helmet' } });
    await waitFor(() => expect(button('Create order').disabled).toBe(false));
    fireEvent.click(button('Create order'));
    expect(await screen.findByText('Order #100099 created.')).toBeTruthy();
    expect(created[1]!.body).toMatchObject({ staff_note: 'Helmet' });
    expect(created[1]!.key).not.toBe(created[0]!.key);
  });
});

import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubApi } from '../../../testing/fake-api.ts';
import { setUpTranslatedSuite } from '../../../testing/i18n-suite.ts';
import { renderWithProviders } from '../../../testing/render-with-providers.tsx';
import { KioskExitButton } from './kiosk-exit-button.tsx';
import { KioskScreen } from './kiosk-screen.tsx';

setUpTranslatedSuite();

/** The counter's quote: $45 a day for the kayak, a week refused (enforced rental periods). */
const quote = vi.fn(async (body: { planned_start: string; planned_finish: string }) => {
  const days = Math.round((Date.parse(body.planned_finish) - Date.parse(body.planned_start)) / 86_400_000);
  if (days === 7) throw new Error('1670');
  return { total_minor: 4500 * days };
});

const products = {
  products: [
    { product_id: 7, name: 'Sea kayak', option: null, price_minor: 4000, deposit_minor: 15000, sort: 0 },
    { product_id: 9, name: 'Life jacket', option: 'M', price_minor: 500, deposit_minor: 0, sort: 1 },
  ],
};

describe('KioskScreen', () => {
  it('rents a product as a customer would: product, days, name and phone, then the order number', async () => {
    const calls = stubApi({
      'GET nine/kiosk/products': () => jsonResponse(200, { data: products }),
      'POST nine/kiosk/customer': () => jsonResponse(200, { data: { customer_id: 42 } }),
    });
    const createOrder = vi.fn().mockResolvedValue({ id: 5, number: 100005 });
    const onFinished = vi.fn();
    renderWithProviders(
      <KioskScreen currencySymbol="$" createOrder={createOrder} quote={quote} onFinished={onFinished} />,
    );

    fireEvent.click(await screen.findByRole('button', { name: /Sea kayak/ }));
    // Each length is priced by the server; one the location does not rent is shown but not offered.
    await waitFor(() =>
      expect(screen.getByRole('button', { name: /^2 days/ }).textContent).toContain('$90.00'),
    );
    await waitFor(() =>
      expect(screen.getByRole('button', { name: /^7 days/ }).textContent).toContain('Not offered'),
    );
    expect(screen.getByRole('button', { name: /^7 days/ })).toHaveProperty('disabled', true);
    await waitFor(() =>
      expect(screen.getByRole('button', { name: /^2 days/ })).toHaveProperty('disabled', false),
    );
    fireEvent.click(screen.getByRole('button', { name: /^2 days/ }));
    expect(screen.getByText(/Estimated price: \$90\.00/)).toBeTruthy();
    expect(quote).toHaveBeenCalledWith(
      expect.objectContaining({ items: [{ product_id: 7, quantity: 1 }] }),
      expect.anything(),
    );
    fireEvent.change(screen.getByLabelText('First name'), { target: { value: 'Kai' } });
    fireEvent.change(screen.getByLabelText('Phone number'), { target: { value: '555 777 1234' } });
    fireEvent.click(screen.getByRole('button', { name: 'Rent it' }));

    expect(await screen.findByLabelText('Order number')).toHaveProperty('textContent', '100005');
    expect(screen.getByText(/Please pay at the counter/)).toBeTruthy();
    expect(calls.find((c) => c.path === 'nine/kiosk/customer')?.body).toEqual({
      first_name: 'Kai',
      last_name: '',
      phone: '555 777 1234',
    });
    const [body, key] = createOrder.mock.calls[0]!;
    expect(body).toMatchObject({ customer_id: 42, source: 'kiosk', items: [{ product_id: 7, quantity: 1 }] });
    expect(Date.parse(body.planned_finish) - Date.parse(body.planned_start)).toBe(2 * 86_400_000);
    expect(key).toMatch(/^[0-9a-f-]{36}$/);
    fireEvent.click(screen.getByRole('button', { name: 'Done' }));
    expect(onFinished).toHaveBeenCalled();
  });

  it('refuses a phone that is not one before asking the server', async () => {
    const calls = stubApi({ 'GET nine/kiosk/products': () => jsonResponse(200, { data: products }) });
    const createOrder = vi.fn();
    renderWithProviders(
      <KioskScreen currencySymbol="$" createOrder={createOrder} quote={quote} onFinished={() => {}} />,
    );
    fireEvent.click(await screen.findByRole('button', { name: /Life jacket \(M\)/ }));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: /^1 day/ })).toHaveProperty('disabled', false),
    );
    fireEvent.click(screen.getByRole('button', { name: /^1 day/ }));
    fireEvent.change(screen.getByLabelText('First name'), { target: { value: 'Kai' } });
    fireEvent.change(screen.getByLabelText('Phone number'), { target: { value: 'call me' } });
    fireEvent.click(screen.getByRole('button', { name: 'Rent it' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Phone number').getAttribute('aria-invalid')).toBe('true'),
    );
    expect(createOrder).not.toHaveBeenCalled();
    expect(calls.some((c) => c.path === 'nine/kiosk/customer')).toBe(false);
  });

  it('says when the location offers nothing on its kiosk', async () => {
    stubApi({ 'GET nine/kiosk/products': () => jsonResponse(200, { data: { products: [] } }) });
    renderWithProviders(
      <KioskScreen currencySymbol="$" createOrder={vi.fn()} quote={quote} onFinished={() => {}} />,
    );
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Nothing can be rented at this kiosk yet',
    );
  });
});

describe('KioskExitButton', () => {
  it('leaves kiosk mode only once the server accepts the access key', async () => {
    let accept = false;
    const calls = stubApi({
      'POST nine/kiosk/exit': () =>
        accept
          ? jsonResponse(200, { data: { approved_by: 3 } })
          : jsonResponse(403, { resp_code: 1206, resp_message: 'A valid access key is required.' }),
    });
    const onExited = vi.fn();
    renderWithProviders(<KioskExitButton onExited={onExited} />);
    fireEvent.click(screen.getByRole('button', { name: 'Leave kiosk mode' }));
    const dialog = await screen.findByRole('alertdialog');
    const field = () => dialog.querySelector('input')!;
    const submit = () => fireEvent.click(screen.getAllByRole('button', { name: 'Leave kiosk mode' }).at(-1)!);
    fireEvent.change(field(), { target: { value: '0000' } });
    submit();
    expect(await screen.findByText('A valid access key is required.')).toBeTruthy();
    expect(onExited).not.toHaveBeenCalled();
    accept = true;
    fireEvent.change(field(), { target: { value: '4321' } });
    submit();
    await waitFor(() => expect(onExited).toHaveBeenCalledTimes(1));
    expect(calls.map((c) => c.body)).toEqual([{ access_key: '0000' }, { access_key: '4321' }]);
  });
});

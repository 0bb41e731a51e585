import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, stubFetch } from '../../../../testing/fake-fetch.ts';
import { setUpTranslatedSuite } from '../../../../testing/i18n-suite.ts';
import { renderAtPath } from '../../../../testing/render-at-path.tsx';
import { TaxesSection } from './taxes-section.tsx';

setUpTranslatedSuite();

const taxes = {
  rows: [
    { id: 1, name: 'Sales tax', rate_bp: 825, is_active: true, version: 3, in_use: true },
    { id: 2, name: 'Tourism levy', rate_bp: 200, is_active: false, version: 1, in_use: false },
  ],
};
const taxMode = { is_tax_included: false, show_taxes_mode: 'separate', version: 2, mixed: false };

interface Sent {
  method: string;
  path: string;
  body: unknown;
}

function serve(): Sent[] {
  const sent: Sent[] = [];
  stubFetch(async (request, url) => {
    const text = request.method === 'GET' ? '' : await request.text();
    sent.push({ method: request.method, path: url.pathname, body: text ? JSON.parse(text) : null });
    if (url.pathname.endsWith('/tax-mode'))
      return json(200, { data: request.method === 'GET' ? taxMode : { ...taxMode, version: 3 } });
    if (request.method === 'PUT') return json(200, { data: { ...taxes.rows[0], rate_bp: 1250, version: 4 } });
    return json(200, { data: taxes });
  });
  return sent;
}

describe('business settings, taxes', { timeout: 20_000 }, () => {
  it('lists the taxes and saves a new rate typed as a percentage, with the version shown', async () => {
    const sent = serve();
    renderAtPath('/', <TaxesSection canChange />);
    const table = await screen.findByRole('table', { name: 'Taxes of the business' });
    const sales = (await within(table).findByRole('rowheader', { name: 'Sales tax' })).closest('tr')!;
    expect(within(sales as HTMLElement).getByText('8.25 %')).toBeTruthy();
    expect(within(sales as HTMLElement).getByText('Active')).toBeTruthy();
    // A tax in use can only be deactivated; an unused one can be deleted.
    expect(screen.queryByRole('button', { name: 'Delete tax Sales tax' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Delete tax Tourism levy' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Edit tax Sales tax' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit tax Sales tax' });
    const rate = within(dialog).getByLabelText(/Rate/);
    fireEvent.change(rate, { target: { value: '12.5' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent.some((s) => s.method === 'PUT')).toBe(true));
    expect(sent.find((s) => s.method === 'PUT')).toEqual({
      method: 'PUT',
      path: '/api/nine/taxes/1',
      body: { name: 'Sales tax', rate_bp: 1250, is_active: true, version: 3 },
    });
  });

  it('refuses a rate above 100 % in the form, before anything is sent', async () => {
    const sent = serve();
    renderAtPath('/', <TaxesSection canChange />);
    fireEvent.click(await screen.findByRole('button', { name: 'Add tax' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a tax' });
    fireEvent.change(within(dialog).getByLabelText(/Name/), { target: { value: 'Luxury' } });
    fireEvent.change(within(dialog).getByLabelText(/Rate/), { target: { value: '150' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await within(dialog).findByText('Enter a percentage from 0 to 100 with at most two decimals.'),
    ).toBeTruthy();
    expect(sent.some((s) => s.method === 'POST')).toBe(false);
  });

  it('saves whether prices include the taxes for every location at once', async () => {
    const sent = serve();
    renderAtPath('/', <TaxesSection canChange />);
    const form = await screen.findByRole('form', { name: 'Prices and taxes' });
    // Chakra's checkbox does not tick in happy-dom (the end-to-end test ticks it); its state is shown.
    expect(
      (within(form).getByRole('checkbox', { name: /Prices include taxes/ }) as HTMLInputElement).checked,
    ).toBe(false);
    fireEvent.change(within(form).getByRole('combobox', { name: 'Show taxes' }), {
      target: { value: 'combined' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Save for every location' }));
    await waitFor(() => expect(sent.some((s) => s.method === 'PUT')).toBe(true));
    expect(sent.find((s) => s.method === 'PUT')).toMatchObject({
      path: '/api/nine/tax-mode',
      body: { version: 2, is_tax_included: false, show_taxes_mode: 'combined' },
    });
  });

  it('only shows the values to someone who may not change them', async () => {
    serve();
    renderAtPath('/', <TaxesSection canChange={false} />);
    await screen.findByRole('table', { name: 'Taxes of the business' });
    expect(screen.queryByRole('button', { name: /Edit tax/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add tax' })).toBeNull();
    expect(await screen.findByText('Each tax on its own line')).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Prices and taxes' })).toBeNull();
  });
});

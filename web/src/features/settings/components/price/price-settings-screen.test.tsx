import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PricePreview, PriceSettings, RentRate } from '@nine/shared/schemas/price-settings';
import { jsonResponse, stubApi } from '../../../../testing/fake-api.ts';
import { setUpTranslatedSuite } from '../../../../testing/i18n-suite.ts';
import { renderWithProviders } from '../../../../testing/render-with-providers.tsx';
import { PriceSettingsScreen } from './price-settings-screen.tsx';

setUpTranslatedSuite();

const kayaks: RentRate = {
  id: 4,
  location_id: 1,
  product_id: null,
  category_id: 7,
  scope_name: 'Kayaks',
  hourly_minor: null,
  daily_minor: null,
  weekly_minor: 20_000,
  first_hour_minor: 2000,
  extra_hour_minor: 1200,
  minimum_charge_minor: 2500,
  version: 2,
};
const settings: PriceSettings = {
  location_id: 1,
  time_zone: 'America/Los_Angeles',
  currency_symbol: '$',
  periods: [
    { id: 1, location_id: 1, name: 'Half day', unit: 'hour', count: 4, sort: 1, is_active: true, version: 1 },
    { id: 2, location_id: 1, name: '1 week', unit: 'week', count: 1, sort: 2, is_active: false, version: 1 },
  ],
  rates: [kayaks],
  specials: [
    {
      id: 9,
      location_id: 1,
      name: 'Weekend',
      kind: 'weekend',
      category_id: null,
      date_from: null,
      date_to: null,
      adjust_bp: 1500,
      is_active: true,
      version: 3,
    },
  ],
  switches: [
    {
      rental_type_id: 1,
      name: 'Rentals',
      enforce_using_rental_periods: false,
      special_pricing: true,
      version: 5,
    },
  ],
  categories: [{ id: 7, name: 'Kayaks' }],
  products: [{ id: 11, sku: 'KAY-1', name: 'Sea Touring', category_id: 7 }],
};

const reading = () => ({ 'GET nine/price-settings': () => jsonResponse(200, { data: settings }) });
const show = (canEdit = true) =>
  renderWithProviders(<PriceSettingsScreen locationId={1} canEdit={canEdit} />);

describe('price settings screen', () => {
  it('lists the rental periods, the rates as money and the special rules', async () => {
    stubApi(reading());
    show();
    const periods = await screen.findByRole('table', { name: 'Rental periods' });
    expect(within(within(periods).getByRole('row', { name: /Half day/ })).getByText('4 hours')).toBeTruthy();
    expect(within(within(periods).getByRole('row', { name: /1 week/ })).getByText('Inactive')).toBeTruthy();
    const rates = screen.getByRole('table', { name: 'Rates' });
    const row = within(rates).getByRole('row', { name: /Kayaks/ });
    expect(within(row).getByText('$200.00')).toBeTruthy();
    expect(within(row).getByText('$25.00')).toBeTruthy();
    expect(within(row).getByText('Category')).toBeTruthy();
    const specials = screen.getByRole('table', { name: 'Special pricing' });
    expect(within(within(specials).getByRole('row', { name: /Weekend/ })).getByText('+15 %')).toBeTruthy();
    expect(
      (screen.getByRole('checkbox', { name: 'Rentals: apply special pricing' }) as HTMLInputElement).checked,
    ).toBe(true);
  });

  it('edits a rate with the version read; an emptied rate is sent as not offered', async () => {
    const calls = stubApi({
      ...reading(),
      'PUT nine/rent-rates/4': (body) => jsonResponse(200, { data: { ...kayaks, ...(body as object) } }),
    });
    const { toasts } = show();
    fireEvent.click(await screen.findByRole('button', { name: 'Edit rates of Kayaks' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rates of Kayaks' });
    fireEvent.change(within(dialog).getByLabelText(/^Per week/), { target: { value: '180' } });
    fireEvent.change(within(dialog).getByLabelText(/^Each extra hour/), { target: { value: '' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({
      hourly_minor: null,
      daily_minor: null,
      weekly_minor: 18_000,
      first_hour_minor: 2000,
      extra_hour_minor: null,
      minimum_charge_minor: 2500,
      version: 2,
    });
    await waitFor(() => expect(toasts.map((t) => t.title)).toContain('Rates saved.'));
  });

  it('adds a season discount as a negative percentage in basis points', async () => {
    const calls = stubApi({
      ...reading(),
      'POST nine/special-pricing-rules': (body) =>
        jsonResponse(201, { data: { id: 10, location_id: 1, version: 1, ...(body as object) } }),
    });
    show();
    fireEvent.click(await screen.findByRole('button', { name: 'Add rule' }));
    const dialog = await screen.findByRole('dialog', { name: 'New special pricing rule' });
    fireEvent.change(within(dialog).getByLabelText(/^Name/), { target: { value: 'Low season' } });
    fireEvent.change(within(dialog).getByLabelText(/^Kind/), { target: { value: 'season' } });
    fireEvent.change(await within(dialog).findByLabelText(/^From/), { target: { value: '2030-11-01' } });
    fireEvent.change(within(dialog).getByLabelText(/^To/), { target: { value: '2030-10-01' } });
    fireEvent.change(within(dialog).getByLabelText(/^Uplift or discount/), { target: { value: 'discount' } });
    fireEvent.change(within(dialog).getByLabelText(/^Percentage/), { target: { value: '12.5' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(/A season needs a start and an end date/)).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    fireEvent.change(within(dialog).getByLabelText(/^To/), { target: { value: '2031-02-28' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      location_id: 1,
      name: 'Low season',
      kind: 'season',
      category_id: null,
      date_from: '2030-11-01',
      date_to: '2031-02-28',
      adjust_bp: -1250,
      is_active: true,
    });
  });

  it('switches a pricing rule with the version read', async () => {
    const calls = stubApi({
      ...reading(),
      'PUT nine/price-switches': () => jsonResponse(200, { data: { ...settings.switches[0], version: 6 } }),
    });
    show();
    fireEvent.click(
      await screen.findByRole('checkbox', { name: /Rentals: rent only for the rental periods/ }),
    );
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({
      location_id: 1,
      rental_type_id: 1,
      version: 5,
      enforce_using_rental_periods: true,
    });
  });

  it('previews a price with its breakdown before anything is saved', async () => {
    const result: PricePreview = {
      price_minor: 27_600,
      rule: 'rates',
      rate_source: 'category',
      parts: [
        { unit: 'week', count: 1, unit_price_minor: 20_000, amount_minor: 20_000 },
        { unit: 'day', count: 1, unit_price_minor: 4000, amount_minor: 4000 },
      ],
      base_minor: 24_000,
      minimum_applied: false,
      adjustments: [
        { name: 'Weekend', kind: 'weekend', adjust_bp: 1500, share_bp: 10_000, amount_minor: 3600 },
      ],
      special_pricing: true,
      enforce_using_rental_periods: true,
      rental_period: null,
      allowed: false,
    };
    const calls = stubApi({
      ...reading(),
      'POST nine/price-preview': () => jsonResponse(200, { data: result }),
    });
    show(false);
    fireEvent.click(await screen.findByRole('button', { name: 'Preview price' }));
    const shown = await screen.findByRole('region', { name: 'Previewed price' });
    expect(within(shown).getByText('$276.00')).toBeTruthy();
    expect(within(shown).getByText('1 week at $200.00')).toBeTruthy();
    expect(within(shown).getByText('1 day at $40.00')).toBeTruthy();
    expect(within(shown).getByText(/Weekend \+15 % on 100 % of the rental/)).toBeTruthy();
    expect(within(shown).getByText(/an order for it is refused/)).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')!.body).toMatchObject({
      location_id: 1,
      product_id: 11,
      rental_type_id: 1,
      special_pricing: true,
    });
  });

  it('previews rates typed in the preview instead of the saved ones, without saving them', async () => {
    const calls = stubApi({
      ...reading(),
      'POST nine/price-preview': () =>
        jsonResponse(200, {
          data: {
            price_minor: 15_000,
            rule: 'rates',
            rate_source: 'draft',
            parts: [{ unit: 'week', count: 1, unit_price_minor: 15_000, amount_minor: 15_000 }],
            base_minor: 15_000,
            minimum_applied: false,
            adjustments: [],
            special_pricing: false,
            enforce_using_rental_periods: false,
            rental_period: null,
            allowed: true,
          } satisfies PricePreview,
        }),
    });
    show();
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Try other rates (not saved)' }));
    const section = screen.getByRole('region', { name: 'Price preview' });
    fireEvent.change(await within(section).findByLabelText(/^Per week/), { target: { value: '150' } });
    const special = within(section).getByRole('checkbox', {
      name: 'With special pricing',
    }) as HTMLInputElement;
    expect(special.checked).toBe(true);
    fireEvent.click(special);
    await waitFor(() => expect(special.checked).toBe(false));
    fireEvent.click(within(section).getByRole('button', { name: 'Preview price' }));
    const shown = await screen.findByRole('region', { name: 'Previewed price' });
    expect(within(shown).getByText('Priced by the rates typed here, not saved.')).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')!.body).toMatchObject({
      special_pricing: false,
      rates: {
        hourly_minor: null,
        daily_minor: null,
        weekly_minor: 15_000,
        first_hour_minor: null,
        extra_hour_minor: null,
        minimum_charge_minor: 0,
      },
    });
    expect(
      calls.some((c) => c.method === 'PUT' || (c.method === 'POST' && c.path !== 'nine/price-preview')),
    ).toBe(false);
  });

  it('is read-only without the right to change it', async () => {
    stubApi(reading());
    show(false);
    await screen.findByRole('table', { name: 'Rates' });
    expect(screen.queryByRole('button', { name: 'Add rates' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Edit rental period/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Delete rule/ })).toBeNull();
    expect(
      (screen.getByRole('checkbox', { name: 'Rentals: apply special pricing' }) as HTMLInputElement).disabled,
    ).toBe(true);
  });
});

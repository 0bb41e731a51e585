import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { BusinessLine, LocationLine } from '@nine/shared/schemas/product-lines';
import { jsonResponse, stubApi } from '../../../../testing/fake-api.ts';
import { setUpTranslatedSuite } from '../../../../testing/i18n-suite.ts';
import { renderWithProviders } from '../../../../testing/render-with-providers.tsx';
import { BusinessLineScreen } from './business-line-screen.tsx';
import { LocationLineScreen } from './location-line-screen.tsx';

setUpTranslatedSuite();

const saleSettings = [
  'close_sale_order',
  'deliver_unpaid_orders',
  'manual_invoice_time',
  'sale_order_print_header',
] as BusinessLine['settings'];

const business: BusinessLine = {
  line: 'sale',
  available: true,
  settings: saleSettings,
  values: {
    close_sale_order: 'on_full_payment',
    deliver_unpaid_orders: 'warn',
    manual_invoice_time: 'anytime',
    sale_order_print_header: 'Nine Bikes',
  },
  overridden: { close_sale_order: 1 },
  version: 4,
  updated_at: '2026-11-20T10:00:00Z',
};

const location: LocationLine = {
  line: 'sale',
  location_id: 3,
  available: true,
  settings: saleSettings,
  values: { ...business.values, close_sale_order: 'manual' },
  defaults: business.values,
  overrides: ['close_sale_order'],
  version: 123456,
};

describe('business product-line screen', () => {
  it('shows the defaults and how many locations override each, and saves them with the version shown', async () => {
    const calls = stubApi({
      'GET nine/settings/business-lines/sale': () => jsonResponse(200, { data: business }),
      'PUT nine/settings/business-lines/sale': (body) =>
        jsonResponse(200, { data: { ...business, version: 5, values: (body as { values: object }).values } }),
    });
    const { toasts } = renderWithProviders(<BusinessLineScreen line="sale" canChange />);
    const close = (await screen.findByRole('combobox', { name: 'Close sale orders' })) as HTMLSelectElement;
    expect(close.value).toBe('on_full_payment');
    expect(screen.getByText('1 location has its own value.')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Printing' })).toBeTruthy();
    expect(
      (screen.getByRole('textbox', { name: 'Sale order print header' }) as HTMLTextAreaElement).value,
    ).toBe('Nine Bikes');

    fireEvent.change(screen.getByRole('combobox', { name: 'Delivering unpaid orders' }), {
      target: { value: 'deny' },
    });
    fireEvent.change(screen.getByRole('textbox', { name: 'Sale order print header' }), {
      target: { value: '' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(toasts).toHaveLength(1));
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      version: 4,
      values: {
        close_sale_order: 'on_full_payment',
        deliver_unpaid_orders: 'deny',
        manual_invoice_time: 'anytime',
        sale_order_print_header: null,
      },
    });
    expect(toasts[0]).toMatchObject({ type: 'success', title: 'Settings saved' });
  });

  it('is read-only without the right, and says when the business has no tour type', async () => {
    stubApi({
      'GET nine/settings/business-lines/sale': () => jsonResponse(200, { data: business }),
      'GET nine/settings/business-lines/tour': () =>
        jsonResponse(200, {
          data: { ...business, line: 'tour', available: false, settings: [], values: {} },
        }),
    });
    renderWithProviders(<BusinessLineScreen line="sale" canChange={false} />);
    const close = (await screen.findByRole('combobox', { name: 'Close sale orders' })) as HTMLSelectElement;
    expect(close.disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    renderWithProviders(<BusinessLineScreen line="tour" canChange />);
    expect(await screen.findByText(/has no Tours rental type/)).toBeTruthy();
  });
});

describe('location product-line screen', () => {
  it('marks the overridden settings, saves only what changed, and resets one to the business default', async () => {
    const calls = stubApi({
      'GET nine/settings/location-lines/sale': () => jsonResponse(200, { data: location }),
      'PUT nine/settings/location-lines/sale': () => jsonResponse(200, { data: location }),
    });
    const { toasts } = renderWithProviders(<LocationLineScreen line="sale" locationId={3} canEdit />);
    const close = (await screen.findByRole('combobox', { name: 'Close sale orders' })) as HTMLSelectElement;
    expect(close.value).toBe('manual');
    expect(screen.getAllByText('Overridden at this location')).toHaveLength(1);
    expect(screen.getByText('Business default: When fully paid')).toBeTruthy();
    expect(screen.getByText('Business default: Warn')).toBeTruthy();
    expect(calls[0]?.path).toBe('nine/settings/location-lines/sale?location_id=3');

    fireEvent.change(screen.getByRole('combobox', { name: 'Manual invoices allowed' }), {
      target: { value: 'never' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(toasts).toHaveLength(1));
    expect(calls.filter((c) => c.method === 'PUT')[0]?.body).toEqual({
      location_id: 3,
      version: 123456,
      values: { manual_invoice_time: 'never' },
    });

    fireEvent.click(screen.getByRole('button', { name: 'Reset Close sale orders to the business default' }));
    await vi.waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(2));
    expect(calls.filter((c) => c.method === 'PUT')[1]?.body).toEqual({
      location_id: 3,
      version: 123456,
      reset: ['close_sale_order'],
    });
  });

  it('is read-only without the right, and words a stale save in its own terms', async () => {
    stubApi({
      'GET nine/settings/location-lines/sale': () => jsonResponse(200, { data: location }),
      'PUT nine/settings/location-lines/sale': () =>
        jsonResponse(409, { resp_code: 1021, resp_message: 'Changed', data: { version: 9 } }),
    });
    const view = renderWithProviders(<LocationLineScreen line="sale" locationId={3} canEdit={false} />);
    await screen.findByRole('combobox', { name: 'Close sale orders' });
    expect(screen.queryByRole('button', { name: /Reset/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    view.unmount();

    renderWithProviders(<LocationLineScreen line="sale" locationId={3} canEdit />);
    fireEvent.change(await screen.findByRole('combobox', { name: 'Delivering unpaid orders' }), {
      target: { value: 'allow' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Someone else saved these settings first.',
    );
  });
});

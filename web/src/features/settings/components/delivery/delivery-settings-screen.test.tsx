import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { DeliverySettings, DeliveryZone } from '@nine/shared/schemas/delivery-settings';
import { jsonResponse, stubApi } from '../../../../testing/fake-api.ts';
import { setUpTranslatedSuite } from '../../../../testing/i18n-suite.ts';
import { renderWithProviders } from '../../../../testing/render-with-providers.tsx';
import { DeliverySettingsScreen } from './delivery-settings-screen.tsx';

setUpTranslatedSuite();

const waterfront: DeliveryZone = {
  id: 3,
  location_id: 1,
  name: 'Waterfront',
  zip_codes: ['94133', '94111'],
  fee_minor: 1500,
  min_order_minor: 0,
  is_active: true,
  version: 2,
};
const settings: DeliverySettings = {
  location_id: 1,
  time_zone: 'America/Los_Angeles',
  currency_symbol: '$',
  zones: [waterfront],
  windows: [{ id: 5, location_id: 1, weekday: 1, starts: '09:00', ends: '12:00', capacity: 6, version: 1 }],
  availability: [{ rental_type_id: 1, name: 'Rentals', delivers: true, version: 3 }],
};

const reading = () => ({ 'GET nine/delivery-settings': () => jsonResponse(200, { data: settings }) });
const show = (canEdit = true) =>
  renderWithProviders(<DeliverySettingsScreen locationId={1} canEdit={canEdit} />);

describe('delivery settings screen', () => {
  it('lists the zones with their fees, and the windows per weekday', async () => {
    stubApi(reading());
    show();
    const zones = await screen.findByRole('table', { name: 'Delivery zones' });
    const row = within(zones).getByRole('row', { name: /Waterfront/ });
    expect(within(row).getByText('94133, 94111')).toBeTruthy();
    expect(within(row).getByText('$15.00')).toBeTruthy();
    expect(within(row).getByText('Active')).toBeTruthy();
    const windows = screen.getByRole('table', { name: 'Delivery windows' });
    expect(within(windows).getByText('Monday')).toBeTruthy();
    expect(within(windows).getByText('09:00 – 12:00')).toBeTruthy();
    expect(screen.getByText(/America\/Los_Angeles/)).toBeTruthy();
  });

  it('edits a zone through the dialog: zip codes typed as text, the fee as money, the version read', async () => {
    const calls = stubApi({
      ...reading(),
      'PUT nine/delivery-zones/3': (body) =>
        jsonResponse(200, { data: { ...waterfront, ...(body as object) } }),
    });
    const { toasts } = show();
    fireEvent.click(await screen.findByRole('button', { name: 'Edit zone Waterfront' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit delivery zone' });
    const zips = within(dialog).getByLabelText(/Zip codes/) as HTMLTextAreaElement;
    expect(zips.value).toBe('94133, 94111');
    fireEvent.change(zips, { target: { value: '94133, 94111\n94 123' } });
    fireEvent.change(within(dialog).getByLabelText(/^Fee/), { target: { value: '17.50' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')!.body).toMatchObject({
      name: 'Waterfront',
      zip_codes: ['94133', '94111', '94123'],
      fee_minor: 1750,
      is_active: true,
      version: 2,
    });
    await waitFor(() => expect(toasts.map((t) => t.title)).toContain('Delivery zone saved.'));
  });

  it('refuses a bad zip code without calling the server', async () => {
    const calls = stubApi(reading());
    show();
    fireEvent.click(await screen.findByRole('button', { name: 'Add zone' }));
    const dialog = await screen.findByRole('dialog', { name: 'New delivery zone' });
    fireEvent.change(within(dialog).getByLabelText(/^Name/), { target: { value: 'Hills' } });
    fireEvent.change(within(dialog).getByLabelText(/Zip codes/), { target: { value: '94$33' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(/Zip codes use letters, digits and dashes/)).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('switches delivery availability with the version read', async () => {
    const calls = stubApi({
      ...reading(),
      'PUT nine/delivery-availability': () =>
        jsonResponse(200, { data: { rental_type_id: 1, name: 'Rentals', delivers: false, version: 4 } }),
    });
    show();
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Rentals: deliveries' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({
      location_id: 1,
      rental_type_id: 1,
      delivers: false,
      version: 3,
    });
  });

  it('adds a window with its weekday as a number, and asks before deleting one', async () => {
    const calls = stubApi({
      ...reading(),
      'POST nine/delivery-windows': (body) =>
        jsonResponse(201, { data: { id: 6, location_id: 1, version: 1, ...(body as object) } }),
      'DELETE nine/delivery-windows/5': () => jsonResponse(200, { data: { id: 5 } }),
    });
    show();
    fireEvent.click(await screen.findByRole('button', { name: 'Add window' }));
    const dialog = await screen.findByRole('dialog', { name: 'New delivery window' });
    fireEvent.change(within(dialog).getByLabelText('Weekday'), { target: { value: '6' } });
    fireEvent.change(within(dialog).getByLabelText(/^Capacity/), { target: { value: '4' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      location_id: 1,
      weekday: 6,
      starts: '09:00',
      ends: '12:00',
      capacity: 4,
    });

    fireEvent.click(screen.getByRole('button', { name: 'Delete window Monday 09:00 – 12:00' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete delivery window' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE')).toBe(true));
    // With the version shown, so a window changed meanwhile is not removed.
    expect(calls.find((c) => c.method === 'DELETE')!.path).toMatch(
      /^nine\/delivery-windows\/5\?version=\d+$/,
    );
  });

  it('is read-only without the right to change it', async () => {
    stubApi(reading());
    show(false);
    await screen.findByRole('table', { name: 'Delivery zones' });
    expect(screen.queryByRole('button', { name: 'Add zone' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Edit zone/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Delete window/ })).toBeNull();
    expect((screen.getByRole('checkbox', { name: 'Rentals: deliveries' }) as HTMLInputElement).disabled).toBe(
      true,
    );
  });
});

import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ActivitySettings } from '@nine/shared/schemas/settings';
import { jsonResponse, stubApi } from '../../../testing/fake-api.ts';
import { setUpTranslatedSuite } from '../../../testing/i18n-suite.ts';
import { renderWithProviders } from '../../../testing/render-with-providers.tsx';
import { ActivitySettingsScreen } from './activity-settings-screen.tsx';

setUpTranslatedSuite();

const settings: ActivitySettings = {
  location_id: 1,
  rental_type_id: 1,
  enforce_using_rental_periods: false,
  deliver_unpaid_orders: 'warn',
  warn_early_deliver_minutes: 30,
  warn_early_return_minutes: 15,
  allow_exchange_package_items: false,
  close_sale_order: 'on_full_payment',
  close_with_deposit_held: 'deny',
  close_with_balance_due: 'warn',
  special_pricing: false,
  allow_change_plan_start_after_deliver: false,
  allow_undo_deliver: true,
  adjust_plan_to_business_hours: false,
  simultaneous_replace_and_deliver: false,
  manual_invoice_time: 'after_deliver',
  assign_and_deliver: false,
  show_category_image_in_admin_pannel: true,
  is_recurring_enabled: false,
  is_migration_in_progress: false,
  version: 3,
  updated_at: '2026-11-20T10:00:00Z',
};

const reading = (types = [{ id: 1, name: 'Rentals' }]) => ({
  'GET nine/rental-types': () => jsonResponse(200, { data: types }),
  'GET nine/activity-settings': () => jsonResponse(200, { data: settings }),
  'GET nine/location-activity-settings': () =>
    jsonResponse(200, { data: { location_id: 1, rental_type_id: 1, delivery_availability: true } }),
});

const screenAt = (canChange: boolean) =>
  renderWithProviders(<ActivitySettingsScreen locationId={1} locationName="Harbor" canChange={canChange} />);

describe('activity settings screen', () => {
  it('shows the saved values grouped with their help, and saves the changes with the version shown', async () => {
    const calls = stubApi({
      ...reading(),
      'PUT nine/activity-settings': (body) =>
        jsonResponse(200, { data: { ...settings, ...(body as object), version: 4 } }),
    });
    const { toasts } = screenAt(true);
    const unpaid = (await screen.findByRole('combobox', {
      name: 'Delivering unpaid orders',
    })) as HTMLSelectElement;
    expect(unpaid.value).toBe('warn');
    expect(
      (screen.getByRole('textbox', { name: 'Warn when returned early by' }) as HTMLInputElement).value,
    ).toBe('15');
    expect(
      (screen.getByRole('combobox', { name: 'Manual invoices allowed' }) as HTMLSelectElement).value,
    ).toBe('after_deliver');
    expect(screen.getByRole('heading', { name: 'Closing orders' })).toBeTruthy();
    expect(screen.getByText(/Lets staff undo a delivery made by mistake/)).toBeTruthy();
    expect(screen.getByText('How rentals work at Harbor, for rental type Rentals.')).toBeTruthy();
    // One rental type: no picker. Switches that change nothing yet are not offered.
    expect(screen.queryByRole('combobox', { name: 'Rental type' })).toBeNull();
    expect(screen.queryByText('Special pricing')).toBeNull();

    fireEvent.change(unpaid, { target: { value: 'deny' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Warn when delivering early by' }), {
      target: { value: '45' },
    });
    // Chakra's checkbox does not tick in happy-dom (e2e ticks them); its state is shown.
    expect(
      (screen.getByRole('checkbox', { name: 'Allow undoing a delivery' }) as HTMLInputElement).checked,
    ).toBe(true);
    expect(
      (screen.getByRole('checkbox', { name: 'Replace and deliver at once' }) as HTMLInputElement).checked,
    ).toBe(false);
    expect(
      screen.getByText(/Lets “Replace item” swap the item of a line that has already left/),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(toasts).toHaveLength(1));
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      location_id: 1,
      rental_type_id: 1,
      version: 3,
      deliver_unpaid_orders: 'deny',
      warn_early_deliver_minutes: 45,
      warn_early_return_minutes: 15,
      allow_undo_deliver: true,
      adjust_plan_to_business_hours: false,
      allow_change_plan_start_after_deliver: false,
      simultaneous_replace_and_deliver: false,
      close_with_balance_due: 'warn',
      close_with_deposit_held: 'deny',
      close_sale_order: 'on_full_payment',
      manual_invoice_time: 'after_deliver',
      is_recurring_enabled: false,
      show_category_image_in_admin_pannel: true,
      is_migration_in_progress: false,
    });
    expect(toasts[0]).toMatchObject({ type: 'success', title: 'Activity settings saved' });
  });

  it('refuses minutes out of bounds before sending, and words a stale save in its own terms', async () => {
    const calls = stubApi({
      ...reading(),
      'PUT nine/activity-settings': () =>
        jsonResponse(409, { resp_code: 1021, resp_message: 'Changed by someone else', data: { version: 4 } }),
    });
    screenAt(true);
    const minutes = await screen.findByRole('textbox', { name: 'Warn when delivering early by' });
    fireEvent.change(minutes, { target: { value: '99999' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Enter a whole number of minutes from 0 to 10080 (a week).')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);

    fireEvent.change(minutes, { target: { value: '60' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Someone else saved these settings first.',
    );
    // The form reads the settings again to show what the other person saved.
    await waitFor(() =>
      expect(
        calls.filter((c) => c.method === 'GET' && c.path.startsWith('nine/activity-settings')),
      ).toHaveLength(2),
    );
  });

  it('is read-only without the change permission', async () => {
    stubApi(reading());
    screenAt(false);
    expect(await screen.findByText('After delivery')).toBeTruthy();
    expect(screen.getByText('When fully paid')).toBeTruthy();
    expect(screen.getByText('15 min')).toBeTruthy();
    expect(screen.getByText('Delivery available')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.queryByRole('combobox')).toBeNull();
  });

  it('offers a rental type picker when the business has several; other types leave out the location-wide switches', async () => {
    const calls = stubApi({
      ...reading([
        { id: 1, name: 'Rentals' },
        { id: 2, name: 'Tours' },
      ]),
      // The call being answered is the last one recorded: answer for the rental type it asks.
      'GET nine/activity-settings': () =>
        jsonResponse(200, {
          data: { ...settings, rental_type_id: calls.at(-1)!.path.endsWith('rental_type_id=2') ? 2 : 1 },
        }),
    });
    screenAt(true);
    const picker = await screen.findByRole('combobox', { name: 'Rental type' });
    expect(await screen.findByRole('combobox', { name: 'Close sale orders' })).toBeTruthy();
    fireEvent.change(picker, { target: { value: '2' } });
    await waitFor(() =>
      expect(calls.some((c) => c.path === 'nine/activity-settings?location_id=1&rental_type_id=2')).toBe(
        true,
      ),
    );
    await waitFor(() => expect(screen.queryByRole('combobox', { name: 'Close sale orders' })).toBeNull());
    expect(screen.getByText('How rentals work at Harbor, for rental type Tours.')).toBeTruthy();
  });
});

import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { setUpTranslatedSuite } from '../../../testing/i18n-suite.ts';
import { jsonResponse, stubApi } from '../../../testing/fake-api.ts';
import { renderWithProviders } from '../../../testing/render-with-providers.tsx';
import { CouponFormDialog } from './coupon-form-dialog.tsx';
import { PartnerFormDialog } from './partner-form-dialog.tsx';

setUpTranslatedSuite();

describe('partner form', () => {
  it('sends the default commission and the rates that are filled in, as basis points', async () => {
    const sent = stubApi({ 'POST nine/partners': () => jsonResponse(201, { data: { id: 9 } }) });
    const onOpenChange = vi.fn();
    renderWithProviders(<PartnerFormDialog open onOpenChange={onOpenChange} />);
    fireEvent.change(screen.getByRole('textbox', { name: /^Name/ }), { target: { value: 'Harbour Hotel' } });
    fireEvent.change(screen.getByRole('textbox', { name: /^Commission/ }), { target: { value: '7.5' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Rent orders (%)' }), { target: { value: '101' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText('Enter a percentage from 0 to 100, with at most two decimals.'),
    ).toBeTruthy();
    expect(sent).toEqual([]);
    fireEvent.change(screen.getByRole('textbox', { name: 'Rent orders (%)' }), { target: { value: '12,5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(sent).toEqual([
      {
        method: 'POST',
        path: 'nine/partners',
        body: {
          name: 'Harbour Hotel',
          email: '',
          phone: '',
          commission_rate_bp: 750,
          rates: [{ applies_to: 'rent', rate_bp: 1250 }],
        },
      },
    ]);
  });
});

describe('coupon form', () => {
  it('checks code, discount and dates, then sends an amount coupon in minor units', async () => {
    const sent = stubApi({ 'POST nine/partners/4/coupons': () => jsonResponse(201, { data: { id: 3 } }) });
    const onOpenChange = vi.fn();
    renderWithProviders(<CouponFormDialog open onOpenChange={onOpenChange} partnerId={4} />);
    fireEvent.change(screen.getByRole('textbox', { name: /^Code/ }), { target: { value: 'x' } });
    fireEvent.change(screen.getByRole('textbox', { name: /^Title/ }), { target: { value: 'Welcome' } });
    fireEvent.change(screen.getByRole('textbox', { name: /^Discount \(%\)/ }), { target: { value: '150' } });
    fireEvent.change(screen.getByLabelText(/^Valid from/), { target: { value: '2030-06-01' } });
    fireEvent.change(screen.getByLabelText(/^Valid until/), { target: { value: '2030-05-01' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('3 to 32 letters, digits, dashes or underscores.')).toBeTruthy();
    expect(screen.getByText('Enter a percentage from 0 to 100, with at most two decimals.')).toBeTruthy();
    expect(screen.getByText('The end comes before the start.')).toBeTruthy();
    expect(sent).toEqual([]);

    fireEvent.change(screen.getByRole('textbox', { name: /^Code/ }), { target: { value: 'welcome-5' } });
    fireEvent.change(screen.getByRole('combobox', { name: 'Discount type' }), {
      target: { value: 'amount' },
    });
    fireEvent.change(screen.getByRole('textbox', { name: /^Discount amount/ }), {
      target: { value: '5.50' },
    });
    fireEvent.change(screen.getByLabelText(/^Valid until/), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(sent).toHaveLength(1);
    expect(sent[0]!.path).toBe('nine/partners/4/coupons');
    expect(sent[0]!.body).toEqual({
      code: 'WELCOME-5',
      title: 'Welcome',
      discount_kind: 'amount',
      discount_value: 550,
      commission_bp: null,
      applies_to: 'all',
      auto_apply: false,
      valid_from: '2030-06-01',
      valid_to: null,
      is_active: true,
    });
  });
});

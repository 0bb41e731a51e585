import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { CouponSettings } from '@nine/shared/schemas/coupon-settings';
import { jsonResponse as json, stubFetch } from '../../../../testing/fake-api.ts';
import { setUpTranslatedSuite } from '../../../../testing/i18n-suite.ts';
import { renderWithProviders } from '../../../../testing/render-with-providers.tsx';
import { CouponSettingsForm } from './coupon-settings-form.tsx';

setUpTranslatedSuite();

const saved: CouponSettings = {
  code_prefix: 'NINE',
  code_min_length: 6,
  code_max_length: 12,
  code_charset: 'alphanumeric',
  default_validity_days: 90,
  stack_coupons: false,
  stack_with_discounts: true,
  max_coupons_per_order: 1,
  version: 3,
  updated_at: '2026-11-20T10:00:00Z',
};

/** GET answers `current`; PUT records its body and answers what it saved, or `putReply` when given. */
function serve(putReply?: () => Response) {
  let current = saved;
  const sent: Record<string, unknown>[] = [];
  stubFetch({
    'GET /api/nine/coupon-settings': () => json(200, { data: current }),
    'PUT /api/nine/coupon-settings': async (request) => {
      const body = (await request.json()) as Record<string, unknown>;
      sent.push(body);
      if (putReply) return putReply();
      current = { ...current, ...(body as Partial<CouponSettings>), version: current.version + 1 };
      return json(200, { data: current });
    },
  });
  return sent;
}

describe('coupon settings form', { timeout: 20_000 }, () => {
  it('saves the changed settings with the version shown, and shows the code example', async () => {
    const sent = serve();
    renderWithProviders(<CouponSettingsForm canChange />);
    const days = (await screen.findByRole('textbox', {
      name: 'Default validity (days)',
    })) as HTMLInputElement;
    expect(days.value).toBe('90');
    expect(screen.getByText(/Example of a valid code: NINE/)).toBeTruthy();
    fireEvent.change(days, { target: { value: '30' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Coupons stack with each other' }));
    // Stacking on: the maximum per order appears.
    const max = await screen.findByRole('textbox', { name: 'Most coupons on one order' });
    fireEvent.change(max, { target: { value: '3' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save coupon settings' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({
      version: 3,
      default_validity_days: 30,
      stack_coupons: true,
      max_coupons_per_order: 3,
      code_prefix: 'NINE',
    });
  });

  it('refuses a longest code shorter than the shortest before sending', async () => {
    const sent = serve();
    renderWithProviders(<CouponSettingsForm canChange />);
    const longest = await screen.findByRole('textbox', { name: 'Longest code (characters)' });
    fireEvent.change(longest, { target: { value: '4' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save coupon settings' }));
    expect(await screen.findByText('The longest code cannot be shorter than the shortest one.')).toBeTruthy();
    expect(sent).toHaveLength(0);
  });

  it('says so when someone saved first (409)', async () => {
    serve(() => json(409, { resp_code: 1021, resp_message: 'stale', data: { version: 4 } }));
    renderWithProviders(<CouponSettingsForm canChange />);
    fireEvent.click(await screen.findByRole('button', { name: 'Save coupon settings' }));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Someone else saved the coupon settings first',
    );
  });

  it('is read-only without coupon change', async () => {
    serve();
    renderWithProviders(<CouponSettingsForm canChange={false} />);
    expect(await screen.findByText('90 days')).toBeTruthy();
    expect(screen.getByText('Letters and digits')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save coupon settings' })).toBeNull();
    expect(screen.queryByRole('textbox')).toBeNull();
  });
});

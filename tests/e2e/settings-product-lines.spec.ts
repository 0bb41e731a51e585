import { expect, test } from '@playwright/test';
import { signIn } from './support/sign-in.ts';
import { createSpecUser } from './support/staff-user.ts';

// Product-line settings as an administrator of a location of the spec's own ("Lines Room"), so no other
// spec's sales change: the business's sale defaults are shown (not changed: every location follows them),
// a value set at the location is marked as its own, and Reset to default follows the business again.
const EMAIL = 'product-lines-e2e@nine.test';

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  await createSpecUser({
    email: EMAIL,
    name: 'Product Lines Tester',
    location: { name: 'Lines Room', code: 'LINESROOM', timeZone: 'UTC' },
  });
});

test('a location overrides a sale default, then follows it again', async ({ page }) => {
  await signIn(page, EMAIL);
  // The demo's default: sales close once paid in full (Lakeside closes them by hand).
  await page.goto('/nine/settings/business-sale');
  await expect(page.getByRole('heading', { level: 1, name: 'Business Sale Settings' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Close sale orders' })).toHaveValue('on_full_payment');

  await page.goto('/nine/settings/location-sale');
  await expect(page.getByRole('heading', { level: 1, name: 'Location Sale Settings' })).toBeVisible();
  const invoices = page.getByRole('combobox', { name: 'Manual invoices allowed' });
  await expect(invoices).toHaveValue('anytime');
  await expect(page.getByText('Overridden at this location')).toHaveCount(0);
  await invoices.selectOption({ label: 'After delivery' });
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Overridden at this location')).toHaveCount(1);
  await expect(invoices).toHaveValue('after_deliver');

  await page.getByRole('button', { name: 'Reset Manual invoices allowed to the business default' }).click();
  await expect(page.getByText('Overridden at this location')).toHaveCount(0);
  await expect(invoices).toHaveValue('anytime');
});

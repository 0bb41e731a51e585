import { expect, test, type Page } from '@playwright/test';
import { sql } from './support/database.ts';
import { signIn } from './support/sign-in.ts';

// Coupon settings are business-wide; the spec puts the demo's values back at the end whatever happens.

/** Coupon settings need coupon change at every location: other specs add locations for their own users. */
async function adminEverywhere() {
  await sql(
    `INSERT INTO user_roles (user_id, role_id, location_id)
     SELECT r.user_id, r.role_id, l.id
     FROM (SELECT DISTINCT ur.user_id, ur.role_id FROM user_roles ur JOIN users u ON u.id = ur.user_id
           WHERE u.email = 'admin@nine.test') r
     CROSS JOIN locations l
     ON CONFLICT DO NOTHING`,
  );
}

async function signInAtHarbor(page: Page) {
  await signIn(page, 'admin@nine.test');
  await page
    .getByRole('alertdialog', { name: 'Choose a location' })
    .getByRole('button', { name: 'Harbor Front' })
    .click();
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
}

const amountOf = (text: string) => Math.round(Number(text.replace(/[^\d.]/g, '')) * 100);

test('a coupon setting changed on its page is saved', async ({ page }) => {
  await adminEverywhere();
  const [before] = await sql<{ default_validity_days: number | null }>(
    'SELECT default_validity_days FROM coupon_settings WHERE id = 1',
  );
  try {
    await signInAtHarbor(page);
    await page.goto('/nine/settings/coupon');
    await expect(page).toHaveTitle('Coupon settings');
    await expect(page.getByRole('heading', { name: 'Coupon settings', level: 1 })).toBeVisible();
    const days = page.getByRole('textbox', { name: 'Default validity (days)' });
    // The demo's value.
    await expect(days).toHaveValue('90');
    await days.fill('45');
    await page.getByRole('button', { name: 'Save coupon settings' }).click();
    await expect(page.getByText('The coupon settings are saved.')).toBeVisible();

    await page.reload();
    await expect(page.getByRole('textbox', { name: 'Default validity (days)' })).toHaveValue('45');
    const [after] = await sql<{ default_validity_days: number }>(
      'SELECT default_validity_days FROM coupon_settings WHERE id = 1',
    );
    expect(after!.default_validity_days).toBe(45);
  } finally {
    await sql('UPDATE coupon_settings SET default_validity_days = $1, version = version + 1 WHERE id = 1', [
      before!.default_validity_days,
    ]);
  }
});

test('a coupon applied on the order view lowers the order total', async ({ page }) => {
  // An open rent order at Harbor Front with a price, nothing invoiced and no coupon yet.
  const [order] = await sql<{ id: string }>(
    `SELECT o.id FROM orders o JOIN locations l ON l.id = o.location_id
     WHERE l.name = 'Harbor Front' AND o.type = 'rent' AND o.status IN ('pending', 'confirmed')
       AND o.total_minor > 2000
       AND NOT EXISTS (SELECT 1 FROM order_items oi JOIN invoice_lines il ON il.order_item_id = oi.id
                       WHERE oi.order_id = o.id)
       AND NOT EXISTS (SELECT 1 FROM order_coupons oc WHERE oc.order_id = o.id)
     ORDER BY o.id DESC LIMIT 1`,
  );
  expect(order, 'an open, uninvoiced rent order at Harbor Front').toBeTruthy();
  await adminEverywhere();
  await signInAtHarbor(page);
  await page.goto(`/nine/rent-orders/${order!.id}`);
  const money = page.getByRole('region', { name: 'Payment', exact: true });
  const total = money.getByRole('definition').first();
  await expect(total).toHaveText(/\d/);
  const before = amountOf((await total.textContent())!);

  const coupons = page.getByRole('region', { name: 'Coupons' });
  await expect(coupons.getByText('No coupon on this order.')).toBeVisible();
  await coupons.getByRole('textbox', { name: 'Coupon code' }).fill('bayview10');
  await coupons.getByRole('button', { name: 'Apply' }).click();
  await expect(coupons.getByRole('status')).toHaveText('Coupon BAYVIEW10 applied.');
  await expect(coupons.getByRole('list', { name: 'Coupons applied' })).toContainText('BAYVIEW10');
  await expect(coupons.getByText('Coupon discount')).toBeVisible();
  await expect.poll(async () => amountOf((await total.textContent())!)).toBeLessThan(before);
  const discounted = amountOf((await total.textContent())!);

  // Removing it puts the discount back (the settings spec may move the tax rate meanwhile: not to the cent).
  await coupons.getByRole('button', { name: 'Remove coupon BAYVIEW10' }).click();
  await expect(coupons.getByText('No coupon on this order.')).toBeVisible();
  await expect.poll(async () => amountOf((await total.textContent())!)).toBeGreaterThan(discounted);
});

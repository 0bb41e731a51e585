import { expect, test } from '@playwright/test';
import { sql } from './support/database.ts';
import { signIn } from './support/sign-in.ts';

// Taxes are business-wide: while this runs, new sales everywhere get the changed rate. The rate goes back
// at the end whatever happens (see the finally below).

test('a tax rate changed on the Business settings page prices the next quick sale', async ({ page }) => {
  const [tax] = await sql<{ id: number; rate_bp: number }>(
    `SELECT id, rate_bp FROM taxes WHERE name = 'Sales tax' AND is_active`,
  );
  expect(tax, 'the demo’s active sales tax').toBeTruthy();
  const [product] = await sql<{ sku: string; name: string; price_minor: string }>(
    `SELECT p.sku, p.name, p.price_minor FROM products p
       JOIN stock_levels s ON s.product_id = p.id
       JOIN locations l ON l.id = s.location_id
     WHERE l.name = 'Harbor Front' AND p.kind = 'sale' AND p.active AND NOT p.is_serialized AND s.quantity >= 5
     ORDER BY p.id LIMIT 1`,
  );
  expect(product, 'a sale product in stock at Harbor Front').toBeTruthy();
  // Only this tax applies (the demo's other one is inactive).
  const [{ others }] = (await sql<{ others: number }>(
    `SELECT count(*)::int AS others FROM taxes WHERE is_active AND id <> $1`,
    [tax!.id],
  )) as [{ others: number }];
  expect(others).toBe(0);
  // Business settings need the right at every location: other specs add locations for their own users,
  // and the business's administrator gets a role there, as a shop's administrator would.
  await sql(
    `INSERT INTO user_roles (user_id, role_id, location_id)
     SELECT r.user_id, r.role_id, l.id
     FROM (SELECT DISTINCT ur.user_id, ur.role_id FROM user_roles ur JOIN users u ON u.id = ur.user_id
           WHERE u.email = 'admin@nine.test') r
     CROSS JOIN locations l
     ON CONFLICT DO NOTHING`,
  );

  try {
    await signIn(page, 'admin@nine.test');
    await page
      .getByRole('alertdialog', { name: 'Choose a location' })
      .getByRole('button', { name: 'Harbor Front' })
      .click();
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    await page.goto('/nine/settings/business');
    await expect(page).toHaveURL(/\/nine\/settings\/business$/);
    await expect(page).toHaveTitle('Business Settings');
    await expect(page.getByRole('heading', { name: 'Business Settings', level: 1 })).toBeVisible();
    // The demo's real values.
    await expect(page.getByRole('textbox', { name: 'Site title' })).toHaveValue('Nine Bikes & Kayaks');

    // The demo's accounts: water sports revenue posts to an account of its own.
    await expect(
      page
        .getByRole('table', { name: 'Category accounts' })
        .getByRole('row')
        .filter({ hasText: 'Water / Kayaks' }),
    ).toContainText('4030 · Water sports rental revenue');

    const taxes = page.getByRole('table', { name: 'Taxes of the business' });
    await expect(taxes.getByRole('rowheader', { name: 'Sales tax' })).toBeVisible();
    await page.getByRole('button', { name: 'Edit tax Sales tax' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit tax Sales tax' });
    await dialog.getByRole('textbox', { name: /Rate/ }).fill('10');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    await expect(taxes.getByRole('row').filter({ hasText: 'Sales tax' })).toContainText('10 %');

    await page.goto('/nine/sale-orders/new');
    await expect(page.getByRole('heading', { name: 'Quick Sale', level: 1 })).toBeVisible();
    await page.getByRole('textbox', { name: 'Scan or type a code' }).fill(product!.sku);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('table', { name: 'Sale lines' }).locator('tbody tr')).toHaveCount(1);
    await page.getByRole('button', { name: 'Complete sale' }).click();
    await expect(page.getByRole('status').filter({ hasText: /^Sale #\d+ completed\.$/ })).toBeVisible();

    // 10 % on top of the price, rounded half up (shared/tax.ts).
    const price = Number(product!.price_minor); // bigint: pg answers a string
    const expected = price + Math.round((price * 1000) / 10_000);
    const payment = page.getByRole('region', { name: 'Payment', exact: true });
    const due = (await payment.getByText(/^Amount due: /).textContent())!;
    expect(Math.round(Number(due.replace(/[^\d.]/g, '')) * 100)).toBe(expected);
  } finally {
    await sql(`UPDATE taxes SET rate_bp = $2, version = version + 1 WHERE id = $1`, [tax!.id, tax!.rate_bp]);
  }
});

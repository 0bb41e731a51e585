import { expect, test, type Page } from '@playwright/test';
import { sql } from './support/database.ts';
import { localInput } from './support/location-time.ts';
import { signIn } from './support/sign-in.ts';
import { createSpecUser } from './support/staff-user.ts';

// Price settings and what they change, as "price-e2e@nine.test": an administrator of a location of its own
// ("Price Room", UTC), renting a canoe of its own, so no other spec sees its rates.
const EMAIL = 'price-e2e@nine.test';
const SKU = 'PRICE-E2E-CANOE';
const BARCODE = '7700990011';
const PRODUCT = 'Price Test Canoe';

test.describe.configure({ mode: 'serial' });
test.use({ timezoneId: 'UTC' });

test.beforeAll(async () => {
  const { locationId } = await createSpecUser({
    email: EMAIL,
    name: 'Price Tester',
    location: { name: 'Price Room', code: 'PRICEROOM', timeZone: 'UTC' },
  });
  // 50.00 a day: a week costs 350.00 until a weekly rate says otherwise.
  const [product] = await sql<{ id: number }>(
    `INSERT INTO products (kind, sku, name, is_serialized, price_minor, deposit_minor)
     VALUES ('rent', $1, $2, true, 5000, 0) RETURNING id`,
    [SKU, PRODUCT],
  );
  await sql(
    `INSERT INTO items (product_id, sku, barcode, home_location_id, current_location_id) VALUES ($1, $2, $3, $4, $4)`,
    [product!.id, `${SKU}-1`, BARCODE, locationId],
  );
});

/** A week some days ahead, on the hour (UTC, the location's clock). */
function aWeek(daysAhead: number): { start: Date; finish: Date } {
  const start = new Date();
  start.setUTCMinutes(0, 0, 0);
  start.setUTCDate(start.getUTCDate() + daysAhead);
  return { start, finish: new Date(start.getTime() + 7 * 86_400_000) };
}

async function preview(page: Page, when: { start: Date; finish: Date }) {
  const section = page.getByRole('region', { name: 'Price preview' });
  await section.getByLabel('Product').selectOption({ label: `${PRODUCT} (${SKU})` });
  await section.getByLabel('Start').fill(localInput(when.start, 'UTC'));
  await section.getByLabel('Finish').fill(localInput(when.finish, 'UTC'));
  await section.getByRole('button', { name: 'Preview price' }).click();
  return section.getByRole('region', { name: 'Previewed price' });
}

test('a weekly rate shows in the preview, then on a new rent order quote', async ({ page }) => {
  test.setTimeout(90_000);
  const when = aWeek(30);
  await signIn(page, EMAIL);
  await page.goto('/nine/settings/price');
  await expect(page.getByRole('heading', { name: 'Price settings', level: 1 })).toBeVisible();

  // Before: no rates, the day price per day.
  let shown = await preview(page, when);
  await expect(shown.getByTestId('preview-price')).toHaveText('$350.00');
  await expect(shown.getByText('No rates: priced per day.')).toBeVisible();

  // A weekly rate of 200.00 for the canoe.
  const rates = page.getByRole('region', { name: 'Rates' });
  await rates.getByRole('button', { name: 'Add rates' }).click();
  const dialog = page.getByRole('dialog', { name: 'New rates' });
  await dialog.getByLabel('Product').selectOption({ label: `${PRODUCT} (${SKU})` });
  await dialog.getByLabel('Per week').fill('200');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(
    rates.getByRole('table', { name: 'Rates' }).getByRole('row', { name: new RegExp(PRODUCT) }),
  ).toContainText('$200.00');

  // The preview now prices the week at the weekly rate.
  shown = await preview(page, when);
  await expect(shown.getByTestId('preview-price')).toHaveText('$200.00');
  await expect(shown.getByText('1 week at $200.00')).toBeVisible();
  await expect(shown.getByText("Priced by the product's rates.")).toBeVisible();

  // A new rent order for that week: the quote prices the canoe at the week.
  const customer = (
    await sql<{ last_name: string; name: string }>(
      `SELECT last_name, trim(first_name || ' ' || last_name) AS name FROM customers
       WHERE NOT is_anonymous AND length(last_name) >= 3 ORDER BY id LIMIT 1`,
    )
  )[0]!;
  await page.goto('/nine/create-order');
  const step = (name: string) => page.getByRole('region', { name: new RegExp(`^Step \\d of 4: ${name}$`) });
  await step('Customer').getByRole('searchbox', { name: 'Find a customer' }).fill(customer.last_name);
  await step('Customer')
    .getByRole('list', { name: 'Customers found' })
    .getByRole('listitem')
    .filter({ hasText: customer.name })
    .first()
    .getByRole('button', { name: 'Choose' })
    .click();
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await step('Period').getByLabel('Planned start').fill(localInput(when.start, 'UTC'));
  await step('Period').getByLabel('Planned finish').fill(localInput(when.finish, 'UTC'));
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  const scan = step('Items').getByRole('textbox', { name: 'Scan or type a code' });
  await expect(scan).toBeFocused();
  await scan.fill(BARCODE);
  await scan.press('Enter');
  const row = step('Items').getByRole('table', { name: 'Items on the order' }).getByRole('row').first();
  await expect(row.getByText('Available', { exact: true })).toBeVisible();
  await expect(row).toContainText('$200.00');
});

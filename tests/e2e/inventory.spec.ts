import { expect, test, type Page } from '@playwright/test';
import { sql } from './support/database.ts';
import { signIn } from './support/sign-in.ts';
import { createSpecUser } from './support/staff-user.ts';

// Its own administrator at Old Town only (no location choice), created here: no other spec signs in as it.
const KEEPER = 'invt-e2e@nine.test';
const run = Date.now().toString(36).toUpperCase();

test.beforeAll(async () => {
  await createSpecUser({ email: KEEPER, name: 'Ivy Inventory', location: 'OLDTOWN' });
});

// Signing in, a dialog and a few lists: more than the default 30 s on a loaded machine.
test.describe.configure({ timeout: 90_000 });

async function search(page: Page, text: string) {
  await page.getByRole('searchbox', { name: 'Search' }).fill(text);
  await page.getByRole('button', { name: 'Apply' }).click();
}

test('creates a product with an item and finds it in the rent inventory', async ({ page }) => {
  const sku = `E2E-SUP-${run}`;
  await signIn(page, KEEPER);
  await page.goto('/nine/inventory/rent');
  await expect(page.getByRole('heading', { name: 'Rent Inventory' })).toBeVisible();

  await page.getByRole('button', { name: 'New product' }).click();
  const form = page.getByRole('dialog', { name: 'New product' });
  await form.getByRole('textbox', { name: 'SKU', exact: true }).fill(sku);
  await form.getByRole('textbox', { name: 'Name', exact: true }).fill('Paddle board');
  await form.getByRole('textbox', { name: 'Option', exact: true }).fill('Blue');
  await form.getByRole('textbox', { name: 'Price', exact: true }).fill('35.50');
  await form.getByRole('button', { name: 'Save' }).click();

  await expect(page).toHaveURL(/\/nine\/inventory\/detail\/rent\/\d+$/);
  await expect(page.getByRole('heading', { name: 'Paddle board' })).toBeVisible();
  await page.getByLabel('Item SKU').fill(`${sku}-1`);
  await page.getByLabel('Item barcode').fill(`77${run}`);
  await page.getByRole('button', { name: 'Add item' }).click();
  const items = page.getByRole('region', { name: 'Items' });
  await expect(items.getByRole('cell', { name: `${sku}-1` })).toBeVisible();
  await expect(items.getByLabel(`Status of ${sku}-1`)).toHaveValue('available');
  await expect(items.getByRole('row').filter({ hasText: `${sku}-1` })).toContainText('Old Town');

  await page.getByRole('link', { name: 'Back to the list' }).click();
  await search(page, `${sku}-1`);
  const table = page.getByRole('table', { name: /^Rent Inventory: 1–1 of 1$/ });
  const row = table.getByRole('row').filter({ hasText: `${sku}-1` });
  await expect(row).toContainText('Paddle board');
  await expect(row).toContainText('Blue');
  await expect(row).toContainText('Old Town');
  await expect(row).toContainText('Available');
});

test('a CSV with one bad row imports nothing and says why; the fixed file imports', async ({ page }) => {
  const header = 'kind,sku,name,serialized,price,item_sku,item_barcode,location,quantity';
  const good = [
    `rent,E2E-CAN-${run},Canoe,yes,45.00,E2E-CAN-${run}-A,88${run}1,OLDTOWN,`,
    `rent,E2E-PFD-${run},Life vest,no,5,,,Old Town,20`,
  ];
  const bad = `rent,E2E-BAD-${run},Broken row,yes,lots,,,,`;
  const file = (rows: string[]) => ({
    name: 'inventory.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from([header, ...rows].join('\n')),
  });

  await signIn(page, KEEPER);
  await page.goto('/nine/inventory/rent');
  await page.getByRole('button', { name: 'Import CSV' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import products and items' });
  await dialog.getByLabel('CSV file').setInputFiles(file([...good, bad]));
  await dialog.getByRole('button', { name: 'Import' }).click();

  const report = dialog.getByRole('table', { name: 'Refused rows' });
  const refused = report.getByRole('row').filter({ hasText: `E2E-BAD-${run}` });
  await expect(refused).toContainText('4');
  await expect(refused).toContainText('price is not an amount');
  await expect(
    dialog.getByText('1 of 3 rows were refused, so nothing was imported.', { exact: false }),
  ).toBeVisible();
  const none = await sql(`SELECT sku FROM products WHERE sku = ANY($1::text[])`, [
    [`E2E-CAN-${run}`, `E2E-PFD-${run}`, `E2E-BAD-${run}`],
  ]);
  expect(none).toHaveLength(0);

  await dialog.getByLabel('CSV file').setInputFiles(file(good));
  await dialog.getByRole('button', { name: 'Import' }).click();
  await expect(
    dialog.getByText('Imported 2 rows: 2 new products, 1 items, 1 stock quantities.'),
  ).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).first().click();

  await search(page, `E2E-`);
  const table = page.getByRole('table', { name: /^Rent Inventory:/ });
  await expect(table.getByRole('row').filter({ hasText: `E2E-CAN-${run}-A` })).toContainText('Canoe');
  await expect(table.getByRole('row').filter({ hasText: `E2E-PFD-${run}` })).toContainText('20');
});

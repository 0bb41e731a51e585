import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { sql } from './support/database.ts';
import { signIn } from './support/sign-in.ts';
import { createSpecUser } from './support/staff-user.ts';

// Our own user (the demo admin's role, at Lakeside only): exports belong to whoever started them.
const USER = 'exports-e2e@nine.test';
// A customer and a rent order of our own, unique per run; the staff note looks like a formula.
const run = Date.now().toString(36);
const LAST = `Exportova${run}`;

test.beforeAll(async () => {
  await createSpecUser({ email: USER, name: 'Xena Export', location: 'LAKE' });
  await sql(
    `WITH customer AS (
       INSERT INTO customers (first_name, last_name, email, phone) VALUES ('Xavi', $1, $2, '+1 415 555 0142') RETURNING id
     )
     INSERT INTO orders (type, source, status, location_id, customer_id, total_minor, staff_note)
     SELECT 'rent', 'walk_in', 'open', l.id, customer.id, 12345, '=HYPERLINK("http://evil.test")'
     FROM customer, locations l WHERE l.name = 'Lakeside'`,
    [LAST, `${LAST.toLowerCase()}@example.test`],
  );
});

/** Starts an export from the list on screen and follows the link to the Download Center. */
async function exportList(page: Page, description: string) {
  await page.getByRole('button', { name: 'Export', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Export this list' });
  // The list's title is offered as the description; without one nothing starts.
  await dialog.getByLabel('Description').fill('');
  await dialog.getByRole('button', { name: 'Start export' }).click();
  await expect(dialog.getByText('Enter a description to find the export later.')).toBeVisible();
  await dialog.getByLabel('Description').fill(description);
  await dialog.getByRole('button', { name: 'Start export' }).click();
  await expect(
    page.getByText('Export started — find it in the Download Center when ready').first(),
  ).toBeVisible();
  await dialog.getByRole('link', { name: 'Open the Download Center' }).click();
  await expect(page).toHaveURL(/\/nine\/exports$/);
  await expect(page.getByRole('heading', { name: 'Download Center', level: 1 })).toBeVisible();
}

/** Waits for the export to be ready (the list polls), downloads it and answers its text. */
async function download(page: Page, description: string): Promise<{ name: string; text: string }> {
  const row = page.getByRole('row').filter({ hasText: description });
  await expect(row).toContainText('Ready', { timeout: 30_000 });
  const started = page.waitForEvent('download');
  await row.getByRole('button', { name: `Download ${description}` }).click();
  const file = await started;
  return { name: file.suggestedFilename(), text: await readFile((await file.path())!, 'utf8') };
}

test('exports the filtered rent order list and the customer list, and downloads them from the Download Center', async ({
  page,
}) => {
  // Several screens, two browsers and background jobs on a machine shared by many runs.
  test.setTimeout(120_000);
  await signIn(page, USER);

  // Rent orders, searched down to our customer's order.
  await page.goto('/nine/rent-orders');
  await page.getByRole('searchbox', { name: 'Search' }).fill(LAST);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL(/search=/);
  await exportList(page, `Rentals ${run}`);
  const orders = await download(page, `Rentals ${run}`);
  expect(orders.name).toMatch(/^rent-orders-\d{4}-\d{2}-\d{2}-\d+\.csv$/);
  const lines = orders.text.trim().split(/\r\n/);
  expect(lines[0]).toContain('Number,Type,Source,Status,Customer');
  // Only the filtered order, with money as a decimal amount and the formula neutralised.
  expect(lines).toHaveLength(2);
  expect(lines[1]).toContain(`Xavi ${LAST}`);
  expect(lines[1]).toContain('123.45');
  expect(lines[1]).toContain(`"'=HYPERLINK(""http://evil.test"")"`);

  // The customer list, searched the same way.
  await page.goto('/nine/customers');
  await page.getByLabel('Search customers').fill(LAST);
  await expect(page.getByRole('row').filter({ hasText: LAST })).toHaveCount(1);
  await exportList(page, `Customers ${run}`);
  const customers = await download(page, `Customers ${run}`);
  expect(customers.name).toMatch(/^customers-.*\.csv$/);
  const rows = customers.text.trim().split(/\r\n/);
  expect(rows[0]).toContain('ID,First name,Last name,E-mail');
  expect(rows).toHaveLength(2);
  expect(rows[1]).toContain(`Xavi,${LAST},${LAST.toLowerCase()}@example.test`);

  // Both stay listed, newest first.
  const listed = page.getByRole('table', { name: 'Your exports' }).locator('tbody tr');
  await expect(listed.nth(0)).toContainText(`Customers ${run}`);
  await expect(listed.nth(1)).toContainText(`Rentals ${run}`);
});

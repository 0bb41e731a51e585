import { expect, test, type APIRequestContext } from '@playwright/test';
import { sql } from './support/database.ts';
import { signIn } from './support/sign-in.ts';
import { createSpecUser, DEMO_PASSWORD } from './support/staff-user.ts';

// The Repair Logs and Maintenance reports, as "reports-e2e@nine.test": an administrator of a location of
// its own ("Repair Bay") so no other spec's repairs or items show up in its reports.
const EMAIL = 'reports-e2e@nine.test';

test.describe.configure({ mode: 'serial' });
test.use({ timezoneId: 'UTC' });

let locationId = 0;
let productId = 0;
const item = (n: number) => `RPT-E2E-${n}`;

test.beforeAll(async () => {
  locationId = (
    await createSpecUser({
      email: EMAIL,
      name: 'Report Tester',
      location: { name: 'Repair Bay', code: 'REPAIRBAY', timeZone: 'UTC' },
    })
  ).locationId!;
  productId = (
    await sql<{ id: number }>(
      `INSERT INTO products (kind, sku, name, is_serialized, price_minor) VALUES ('rent', 'RPT-E2E-SUP', 'E2E Paddle board', true, 3000) RETURNING id`,
    )
  )[0]!.id;
  for (const n of [1, 2, 3]) {
    await sql(
      `INSERT INTO items (product_id, sku, barcode, home_location_id, current_location_id) VALUES ($1, $2, $2, $3, $3)`,
      [productId, item(n), locationId],
    );
  }
});

async function apiHeaders(request: APIRequestContext): Promise<Record<string, string>> {
  const login = await request.post('/api/nine/user/login', {
    data: { email: EMAIL, password: DEMO_PASSWORD },
  });
  expect(login.ok()).toBe(true);
  const { data } = (await login.json()) as { data: { token: string } };
  return { authorization: `Bearer ${data.token}`, 'location-id': String(locationId) };
}

const itemId = async (n: number) =>
  (await sql<{ id: number }>(`SELECT id FROM items WHERE sku = $1`, [item(n)]))[0]!.id;

test('a closed repair with its work cost shows in the Repair Logs report, its totals and print view', async ({
  page,
  request,
}) => {
  const headers = await apiHeaders(request);
  // Opened and closed through the repair endpoints the maintenance screen uses: 25.00 + 12.50 of work.
  const opened = await request.post('/api/nine/stock/repair-logs', {
    headers,
    data: { item_id: await itemId(1), problem: 'Cracked fin box' },
  });
  expect(opened.status()).toBe(201);
  const logId = ((await opened.json()) as { data: { id: number } }).data.id;
  const work = await request.post(`/api/nine/stock/repair-logs/${logId}/work`, {
    headers,
    data: { work: 'Resin fin box', cost_minor: 2500 },
  });
  expect(work.ok()).toBe(true);
  const closed = await request.post(`/api/nine/stock/repair-logs/${logId}/close`, {
    headers,
    data: { work: 'New fin screw', cost_minor: 1250 },
  });
  expect(closed.ok()).toBe(true);
  // A second repair still open, without work.
  await request.post('/api/nine/stock/repair-logs', {
    headers,
    data: { item_id: await itemId(3), problem: 'Leaking valve' },
  });

  await signIn(page, EMAIL);
  await page.goto('/nine/reports/repair-logs');
  await expect(page.getByRole('heading', { level: 1, name: 'Repair Logs' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Repair logs' });
  const row = table.getByRole('row').filter({ hasText: item(1) });
  await expect(row).toContainText('Cracked fin box');
  await expect(row).toContainText('$37.50');
  await expect(row).toContainText('Closed');
  const totals = page.getByRole('region', { name: 'Totals of the filtered logs' });
  await expect(totals).toContainText('Logs2');
  await expect(totals).toContainText('Open1');
  await expect(totals).toContainText('Total cost$37.50');

  await page.getByLabel('Status', { exact: true }).selectOption('closed');
  await expect(page).toHaveURL(/status=closed/);
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(totals).toContainText('Logs1');

  await page.getByRole('link', { name: 'Print view' }).click();
  await expect(page).toHaveURL(/\/nine\/reports\/repair-logs\/print\?.*status=closed/);
  await expect(page.getByTestId('repair-log-print-totals')).toContainText('Total cost: $37.50');
  await expect(page.getByRole('table', { name: 'Repair logs' })).toContainText(item(1));

  await page.getByRole('link', { name: 'Back to the report' }).click();
  await table.getByRole('link', { name: `Open repair log of ${item(1)}` }).click();
  await expect(page).toHaveURL(new RegExp(`/nine/inventory/detail/rent/${productId}$`));
});

test('an overdue item shows as due in the Maintenance report', async ({ page, request }) => {
  const headers = await apiHeaders(request);
  const rule = await request.post('/api/nine/stock/maintenance-rules', {
    headers,
    data: { product_id: productId, every_rent_hours: 10 },
  });
  expect(rule.status()).toBe(201);
  await sql(`UPDATE items SET rent_minutes = 12 * 60 WHERE sku = $1`, [item(2)]);

  await signIn(page, EMAIL);
  await page.goto('/nine/reports/maintenance');
  const table = page.getByRole('table', { name: 'Items under a maintenance rule' });
  const first = table.getByRole('row').nth(1);
  await expect(first).toContainText(item(2));
  await expect(first).toContainText('Every 10 rent hours');
  await expect(first).toContainText('2 rent h overdue');
  await expect(first).toContainText('Due');
  await expect(table.getByRole('row').filter({ hasText: item(3) })).toContainText('In repair');
  const period = page.getByTestId('maintenance-period');
  await expect(period).toContainText('Repairs closed1');
  await expect(period).toContainText('Total cost$37.50');

  await page.getByRole('button', { name: 'Due: 1' }).click();
  await expect(page).toHaveURL(/status=due/);
  await expect(table.getByRole('row')).toHaveCount(2);
});

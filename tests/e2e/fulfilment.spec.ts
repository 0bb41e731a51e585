import { readFile, readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { enterAgentAddress } from './support/counter-agent.ts';
import { withPairingCode } from './support/agent-pairing.ts';
import { sql } from './support/database.ts';
import { signIn } from './support/sign-in.ts';
import { createSpecUser } from './support/staff-user.ts';

// Fulfilment: auto billing and the active recurring orders, the delivery report and its print view, and a
// quick sale by the agent's scanner whose receipt the agent prints silently.
const AGENT_PORT = Number(process.env.E2E_AGENT_PORT ?? 3927);
const AGENT_URL = `ws://127.0.0.1:${AGENT_PORT}/ws`;
const CONTROL = `http://127.0.0.1:${AGENT_PORT + 1}`;
const SPOOL = join(process.env.E2E_AGENT_DATA_DIR ?? '', 'spool');
// A clerk of this spec's own (no other spec signs in as them): Old Town only, a counter clerk's grants
// plus changing the delivery report's statuses.
const FRAN = 'ful-e2e@nine.test';

// The agent test shares the simulated agent's single pairing code: run these one after another.
test.describe.configure({ mode: 'serial', timeout: 60_000 });

test.beforeAll(async () => {
  const [existing] = await sql<{ id: number }>(`SELECT id FROM users WHERE email = $1`, [FRAN]);
  if (existing) return;
  const [role] = await sql<{ id: number }>(
    `INSERT INTO roles (title) VALUES ('Fulfilment e2e') RETURNING id`,
  );
  await sql(
    `INSERT INTO role_permissions (role_id, resource, action)
     SELECT $1, rp.resource, rp.action FROM role_permissions rp JOIN roles r ON r.id = rp.role_id
     WHERE r.title = 'Counter clerk' AND rp.resource <> 'delivery_report'`,
    [role!.id],
  );
  await sql(
    `INSERT INTO role_permissions (role_id, resource, action) VALUES ($1, 'delivery_report', 'manage')`,
    [role!.id],
  );
  await createSpecUser({
    email: FRAN,
    name: 'Fran Fulfil',
    copyFrom: 'lea@nine.test',
    role: role!.id,
    location: 'OLDTOWN',
  });
  // Old Town bills recurring orders (activity setting is_recurring_enabled).
  await sql(
    `UPDATE activity_settings SET is_recurring_enabled = true
     WHERE location_id = (SELECT id FROM locations WHERE code = 'OLDTOWN')`,
  );
});

test('starts auto billing on a rent order and finds it among the active recurring orders', async ({
  page,
}) => {
  const [order] = await sql<{ id: number; number: number }>(
    `SELECT o.id, o.number FROM orders o JOIN locations l ON l.id = o.location_id
     WHERE l.code = 'OLDTOWN' AND o.type = 'rent' AND o.status IN ('pending', 'confirmed', 'delivered')
       AND coalesce(o.rental_type_id, 1) = 1 AND o.customer_id IS NOT NULL
       AND NOT EXISTS (SELECT 1 FROM recurring_plans p WHERE p.order_id = o.id)
     ORDER BY o.id DESC LIMIT 1`,
  );
  expect(order, 'an open rent order at Old Town').toBeDefined();
  await signIn(page, FRAN);
  await page.goto(`/nine/rent-orders/${order!.id}`);

  await page.getByRole('button', { name: 'Start Auto Billing' }).click();
  const dialog = page.getByRole('dialog', { name: 'Start Auto Billing' });
  await dialog.getByLabel('Invoice frequency').selectOption({ label: 'Every two weeks' });
  // Far ahead, so the scheduler bills nothing while the test runs.
  await dialog.getByLabel('Next invoice date').fill('2099-03-01');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(
    page.getByText('Auto billing: Every two weeks, next invoice on 03/01/2099 (0 issued).'),
  ).toBeVisible();
  const [plan] = await sql<{ frequency: string; next: string; active: boolean }>(
    `SELECT frequency::text, next_invoice_date::text AS next, active FROM recurring_plans WHERE order_id = $1`,
    [order!.id],
  );
  expect(plan).toEqual({ frequency: 'biweekly', next: '2099-03-01', active: true });

  // The menu opens the list; the latest next invoice date comes first once sorted descending.
  await page.goto('/nine/active-recurring-orders');
  await expect(page.getByRole('heading', { name: 'Active Recurring Orders', level: 1 })).toBeVisible();
  const table = page.getByRole('table', { name: 'Active recurring orders' });
  await table.getByRole('button', { name: /^Next invoice date/ }).click();
  await expect(table.getByRole('button', { name: 'Next invoice date, sorted descending' })).toBeVisible();
  const row = table.locator('tbody tr').first();
  await expect(row.getByRole('link', { name: `Open order ${order!.number}` })).toBeVisible();
  await expect(row).toContainText('Every two weeks');
  await expect(row).toContainText('03/01/2099');

  // Editing: the same modal, now 'Edit Auto Billing', keeps the plan and changes its frequency.
  await expect(row.getByRole('link', { name: `Open order ${order!.number}` })).toHaveAttribute(
    'href',
    `/nine/rent-orders/${order!.id}`,
  );
  await page.goto(`/nine/rent-orders/${order!.id}`);
  await page.getByRole('button', { name: 'Edit Auto Billing' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Auto Billing' });
  await expect(edit).toBeVisible();
  await expect(edit.getByLabel('Invoice frequency')).toHaveValue('biweekly');
  await edit.getByLabel('Invoice frequency').selectOption({ label: 'Monthly' });
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Auto billing: Monthly, next invoice on 03/01/2099 (0 issued).')).toBeVisible();
});

test('changes a delivery’s status in the report and prints the day', async ({ page }) => {
  const address = `${Date.now() % 100000} Fulfilment Lane`;
  const [delivery] = await sql<{ id: number; number: number }>(
    `WITH o AS (
       SELECT o.id, o.number, o.location_id FROM orders o JOIN locations l ON l.id = o.location_id
       WHERE l.code = 'OLDTOWN' AND o.type = 'rent' AND EXISTS (SELECT 1 FROM order_items oi WHERE oi.order_id = o.id)
       ORDER BY o.id LIMIT 1),
     d AS (
       INSERT INTO deliveries (order_id, location_id, type, scheduled_at, address, zip_code, sort)
       SELECT o.id, o.location_id, 'delivery', '2031-03-04T12:00:00Z', $1, '75011', 1 FROM o RETURNING id, order_id),
     i AS (
       INSERT INTO delivery_items (delivery_id, order_item_id)
       SELECT d.id, oi.id FROM d JOIN order_items oi ON oi.order_id = d.order_id)
     SELECT d.id, o.number FROM d JOIN o ON o.id = d.order_id`,
    [address],
  );
  expect(delivery).toBeDefined();
  await signIn(page, FRAN);
  await page.goto('/nine/reports/delivery-report');
  await expect(page.getByRole('heading', { name: 'Delivery Report', level: 1 })).toBeVisible();
  await page.getByLabel('Day').fill('2031-03-04');
  await expect(page).toHaveURL(/date=2031-03-04/);

  const table = page.getByRole('table', { name: 'Deliveries and pick-ups' });
  const row = table.locator('tbody tr').filter({ hasText: address });
  await expect(row).toContainText('75011');
  await expect(row).toContainText(String(delivery!.number));
  await expect(row).toContainText('Delivery');
  const status = row.getByRole('combobox', { name: /^Status of run \d+$/ });
  await expect(status).toHaveValue('scheduled');
  await status.selectOption({ label: 'Out' });
  await expect(page.getByText(/^Run \d+ is now Out\.$/)).toBeVisible();
  await expect
    .poll(async () => (await sql(`SELECT status FROM deliveries WHERE id = $1`, [delivery!.id]))[0]?.status)
    .toBe('out');

  // The print view: the same day on A4, the new status, and the browser's print dialog (counted, not opened).
  type Counted = { printed: number; print: () => void };
  await page.getByRole('link', { name: 'Print', exact: true }).click();
  await expect(page).toHaveURL(/\/nine\/reports\/delivery-report\/print\?date=2031-03-04/);
  await expect(page.getByRole('heading', { name: 'Deliveries and pick-ups on 03/04/2031' })).toBeVisible();
  const sheet = page.getByRole('table', { name: 'Deliveries and pick-ups' });
  await expect(sheet.locator('tr').filter({ hasText: address })).toContainText('Out');
  await page.evaluate(() => {
    const w = globalThis as unknown as Counted;
    w.printed = 0;
    w.print = () => {
      w.printed += 1;
    };
  });
  await page.getByRole('button', { name: 'Print', exact: true }).click();
  expect(await page.evaluate(() => (globalThis as unknown as Counted).printed)).toBe(1);
  await page.getByRole('link', { name: 'Back to the report' }).click();
  await expect(page).toHaveURL(/\/nine\/reports\/delivery-report\?date=2031-03-04/);
});

/** Spool previews written since `since`. */
async function spooledSince(since: number): Promise<string[]> {
  const names = (await readdir(SPOOL)).filter((name) => name.endsWith('.txt'));
  const texts: string[] = [];
  for (const name of names) {
    if ((await stat(join(SPOOL, name))).mtimeMs >= since)
      texts.push(await readFile(join(SPOOL, name), 'utf8'));
  }
  return texts;
}

async function simulateScan(code: string) {
  const response = await fetch(`${CONTROL}/simulate/scan`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ code }),
  });
  expect(response.ok).toBe(true);
}

test('a quick sale by the agent’s scanner prints its receipt silently once paid', async ({ page }) => {
  const products = await sql<{ sku: string; name: string }>(
    `SELECT p.sku, p.name FROM products p
       JOIN stock_levels s ON s.product_id = p.id JOIN locations l ON l.id = s.location_id
     WHERE l.code = 'OLDTOWN' AND p.kind = 'sale' AND p.active AND NOT p.is_serialized AND s.quantity >= 10
     ORDER BY p.id DESC LIMIT 2`,
  );
  expect(products).toHaveLength(2);
  const [first, second] = products;
  await signIn(page, FRAN);

  // Pair this browser with the simulated agent.
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Local' }).click();
  await enterAgentAddress(page, AGENT_URL);
  await page.getByRole('button', { name: 'Connect', exact: true }).click();
  const badge = page.getByRole('status', { name: 'Counter agent' }).getByRole('button');
  await withPairingCode(async (code) => {
    await page.getByLabel('Pairing code').fill(code);
    await page.getByRole('button', { name: 'Pair', exact: true }).click();
    await expect(badge).toHaveText('Printer ready');
  });

  await page.goto('/nine/sale-orders/new');
  await expect(page.getByRole('heading', { name: 'Quick Sale', level: 1 })).toBeVisible();
  await expect(badge).toHaveText('Printer ready');
  const lines = page.getByRole('table', { name: 'Sale lines' });
  await simulateScan(first!.sku);
  await expect(lines.locator('tbody tr')).toHaveCount(1);
  await simulateScan(first!.sku);
  await expect(page.getByLabel(`Quantity of ${first!.name}`)).toHaveValue('2');
  await simulateScan(second!.sku);
  await expect(lines.locator('tbody tr')).toHaveCount(2);

  await page.getByRole('button', { name: 'Complete sale' }).click();
  const done = page.getByRole('status').filter({ hasText: /^Sale #\d+ completed\.$/ });
  await expect(done).toBeVisible();
  const number = (await done.textContent())!.match(/#(\d+)/)![1]!;

  const printedFrom = Date.now() - 1000;
  const payment = page.getByRole('region', { name: 'Payment', exact: true });
  await payment.getByRole('button', { name: 'Take cash payment' }).click();
  await expect(payment.getByRole('status').filter({ hasText: /^Paid .+ in cash\.$/ })).toBeVisible();
  // Nobody pressed print: the receipt went to the counter printer by itself.
  const receipt = page.getByRole('group', { name: 'Receipt' });
  await expect(receipt.getByRole('status')).toHaveText(/^Printed on /);

  let preview: string | undefined;
  await expect
    .poll(async () => {
      preview = (await spooledSince(printedFrom)).find((text) => text.includes(`#${number}`));
      return preview !== undefined;
    })
    .toBe(true);
  expect(preview).toContain('Thank you!');
  expect(preview).toMatch(/Cash/);
  await expect(receipt.getByRole('button', { name: 'Print the receipt again' })).toBeVisible();

  // The sale's 55 mm receipt page, with the agent paired, prints on the counter printer too (no dialog).
  await page.getByRole('link', { name: 'Open the sale' }).click();
  await page.getByRole('link', { name: 'Print receipt (55 mm)' }).click();
  await expect(page).toHaveURL(/\/nine\/sale-orders\/\d+\/print-55mm$/);
  const reprintFrom = Date.now() - 1000;
  await page.getByRole('button', { name: 'Print', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: /^Printed on / })).toBeVisible();
  await expect
    .poll(async () => (await spooledSince(reprintFrom)).filter((text) => text.includes(`#${number}`)).length)
    .toBeGreaterThan(0);
  await expect(page.getByRole('button', { name: 'Print in the browser' })).toBeVisible();
});

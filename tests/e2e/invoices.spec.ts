import { readFile, readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { enterAgentAddress } from './support/counter-agent.ts';
import { withPairingCode } from './support/agent-pairing.ts';
import { sql } from './support/database.ts';
import { signIn } from './support/sign-in.ts';
import { createSpecUser } from './support/staff-user.ts';

// The simulated agent of the end-to-end world (tests/e2e-server.mjs) and its spool of printed jobs.
const AGENT_PORT = Number(process.env.E2E_AGENT_PORT ?? 3927);
const AGENT_URL = `ws://127.0.0.1:${AGENT_PORT}/ws`;
const SPOOL = join(process.env.E2E_AGENT_DATA_DIR ?? '', 'spool');

// Our own counter clerk at Harbor Front (a copy of Sam Carter's role), so no other spec shares the account.
const CLERK = 'inv-e2e@nine.test';
// A customer and a partly paid sale invoice of our own: 2 × $20.00 + 8.25 % tax = $43.30, $15.00 paid.
const CUSTOMER = 'Invoicia Testwell';
let invoiceNumber = 0;

test.beforeAll(async () => {
  await createSpecUser({ email: CLERK, name: 'Ines Voice', copyFrom: 'sam@nine.test' });
  const [row] = await sql<{ number: string }>(
    `WITH loc AS (SELECT id FROM locations WHERE name = 'Harbor Front'),
     customer AS (
       INSERT INTO customers (first_name, last_name, phone) VALUES ('Invoicia', 'Testwell', '+1 415 555 0199') RETURNING id
     ),
     ord AS (
       INSERT INTO orders (type, source, status, location_id, customer_id, total_minor)
       SELECT 'sale', 'walk_in', 'open', loc.id, customer.id, 4330 FROM loc, customer RETURNING id, location_id, customer_id
     ),
     inv AS (
       INSERT INTO invoices (type, order_id, customer_id, location_id, subtotal_minor, discount_minor, tax_minor, total_minor)
       SELECT 'sale', ord.id, ord.customer_id, ord.location_id, 4000, 0, 330, 4330 FROM ord RETURNING id, number, order_id, location_id, customer_id
     ),
     line AS (
       INSERT INTO invoice_lines (invoice_id, description, quantity, unit_price_minor, tax_minor, total_minor)
       SELECT inv.id, 'Harbor day pass', 2, 2000, 330, 4330 FROM inv
     ),
     pay AS (
       INSERT INTO payments (order_id, invoice_id, customer_id, location_id, method, amount_minor)
       SELECT inv.order_id, inv.id, inv.customer_id, inv.location_id, 'cash', 1500 FROM inv
     )
     SELECT number::text FROM inv`,
  );
  invoiceNumber = Number(row!.number);
});

const badge = (page: Page) => page.getByRole('status', { name: 'Counter agent' }).getByRole('button');

/** Points this browser at the test agent and pairs with a fresh code from its control port. */
async function pairAgent(page: Page) {
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Local' }).click();
  await enterAgentAddress(page, AGENT_URL);
  await page.getByRole('button', { name: 'Connect', exact: true }).click();
  await expect(badge(page)).toHaveText('Pair the agent');
  await withPairingCode(async (code) => {
    await page.getByLabel('Pairing code').fill(code);
    await page.getByRole('button', { name: 'Pair', exact: true }).click();
    await expect(badge(page)).toHaveText('Printer ready');
  });
}

async function spooledSince(since: number): Promise<string[]> {
  const texts: string[] = [];
  for (const name of (await readdir(SPOOL)).filter((n) => n.endsWith('.txt'))) {
    if ((await stat(join(SPOOL, name))).mtimeMs >= since)
      texts.push(await readFile(join(SPOOL, name), 'utf8'));
  }
  return texts;
}

test('filters the sale invoices by balance status, opens one with its totals and prints it through the agent', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signIn(page, CLERK);
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  await pairAgent(page);

  await page
    .getByRole('navigation', { name: 'Main menu' })
    .getByRole('link', { name: 'Sale Invoices' })
    .click();
  await expect(page).toHaveURL(/\/nine\/invoices\/sale$/);
  await expect(page.getByRole('heading', { name: 'Sale Invoices', level: 1 })).toBeVisible();

  await page.getByLabel('Balance status').selectOption('partially_paid');
  await expect(page).toHaveURL(/balance_status=partially_paid/);
  await page.getByRole('searchbox', { name: 'Search' }).fill('Invoicia');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL(/search=Invoicia/);
  const table = page.getByRole('table', { name: /^Sale Invoices:/ });
  const rows = table.locator('tbody tr');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(CUSTOMER);
  await expect(rows.first()).toContainText('$28.30');

  // A paid filter leaves it out: its balance is still owed.
  await page.getByLabel('Balance status').selectOption('paid');
  await expect(page).toHaveURL(/balance_status=paid/);
  await expect(page.getByText('No invoices match these filters.', { exact: true })).toBeVisible();
  await page.goBack();
  await expect(rows).toHaveCount(1);

  await rows
    .first()
    .getByRole('link', { name: `Open invoice #${invoiceNumber}` })
    .click();
  await expect(page).toHaveURL(/\/nine\/invoices\/\d+$/);
  await expect(page.getByRole('heading', { name: `Invoice #${invoiceNumber}`, level: 1 })).toBeVisible();
  const totals = page.getByRole('region', { name: 'Totals' });
  await expect(totals).toContainText('Subtotal$40.00');
  await expect(totals).toContainText('Total$43.30');
  await expect(totals).toContainText('Total paid$15.00');
  await expect(totals).toContainText('Balance$28.30');
  await expect(page.getByRole('region', { name: 'Lines' })).toContainText('Harbor day pass');

  const printedFrom = Date.now() - 1000;
  await page.getByRole('button', { name: 'Print receipt' }).click();
  await expect(page.getByRole('status').filter({ hasText: /^Printed on / })).toBeVisible();
  let receipt: string | undefined;
  await expect
    .poll(async () => {
      receipt = (await spooledSince(printedFrom)).find((text) => text.includes(`#${invoiceNumber}`));
      return receipt !== undefined;
    })
    .toBe(true);
  expect(receipt).toContain(CUSTOMER);
  expect(receipt).toContain('Harbor day pass');
  expect(receipt).toMatch(/Total\s+\$43\.30/);
  expect(receipt).toMatch(/Balance\s+\$28\.30/);
});

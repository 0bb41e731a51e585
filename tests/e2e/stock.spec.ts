import { readFile, readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { enterAgentAddress } from './support/counter-agent.ts';
import { withPairingCode } from './support/agent-pairing.ts';
import { sql } from './support/database.ts';
import { signIn } from './support/sign-in.ts';
import { createSpecUser, DEMO_PASSWORD } from './support/staff-user.ts';

// Barcodes, stocktake, maintenance and the availability calendar, as "stock-e2e@nine.test": an
// administrator of a location of its own ("Stock Room") so no other spec's data moves under it.
const EMAIL = 'stock-e2e@nine.test';
const ACCESS_KEY = '1234'; // admin@nine.test's key, copied with the password hash
const AGENT_PORT = Number(process.env.E2E_AGENT_PORT ?? 3927);
const AGENT_URL = `ws://127.0.0.1:${AGENT_PORT}/ws`;
const CONTROL = `http://127.0.0.1:${AGENT_PORT + 1}`;
const SPOOL = join(process.env.E2E_AGENT_DATA_DIR ?? '', 'spool');

test.describe.configure({ mode: 'serial' });
test.use({ timezoneId: 'UTC' });

let locationId = 0;
let productId = 0;
let customerId = 0;
const item = (n: number) => `STK-E2E-${n}`;

test.beforeAll(async () => {
  locationId = (
    await createSpecUser({
      email: EMAIL,
      name: 'Stock Tester',
      withAccessKey: true,
      location: { name: 'Stock Room', code: 'STOCKROOM', timeZone: 'UTC' },
    })
  ).locationId!;
  productId = (
    await sql<{ id: number }>(
      `INSERT INTO products (kind, sku, name, is_serialized, price_minor) VALUES ('rent', 'STK-E2E-KAYAK', 'E2E Kayak', true, 4000) RETURNING id`,
    )
  )[0]!.id;
  // Three items here; a fourth booked to Harbor Front, found in the Stock Room by the stocktake.
  for (const n of [1, 2, 3]) {
    await sql(
      `INSERT INTO items (product_id, sku, barcode, home_location_id, current_location_id) VALUES ($1, $2, $2, $3, $3)`,
      [productId, item(n), locationId],
    );
  }
  await sql(
    `INSERT INTO items (product_id, sku, barcode, home_location_id, current_location_id)
     SELECT $1, $2, $2, id, id FROM locations WHERE name = 'Harbor Front'`,
    [productId, item(9)],
  );
  customerId = (
    await sql<{ id: number }>(`SELECT id FROM customers WHERE NOT is_anonymous ORDER BY id LIMIT 1`)
  )[0]!.id;
});

/** Points this browser at the test agent and pairs with a fresh code. */
async function pairAgent(page: Page) {
  await page.goto('/nine/local-settings');
  await enterAgentAddress(page, AGENT_URL);
  await page.getByRole('button', { name: 'Connect', exact: true }).click();
  await withPairingCode(async (code) => {
    await page.getByLabel('Pairing code').fill(code);
    await page.getByRole('button', { name: 'Pair', exact: true }).click();
    await expect(page.getByRole('status', { name: 'Counter agent' }).getByRole('button')).toHaveText(
      'Printer ready',
    );
  });
}

async function simulateScan(code: string) {
  const response = await fetch(`${CONTROL}/simulate/scan`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ code }),
  });
  expect(response.ok).toBe(true);
}

/** A bearer token of the test user in the Stock Room, for calls the screens under test do not make. */
async function apiHeaders(request: APIRequestContext): Promise<Record<string, string>> {
  const login = await request.post('/api/nine/user/login', {
    data: { email: EMAIL, password: DEMO_PASSWORD },
  });
  const { data } = (await login.json()) as { data: { token: string } };
  return { authorization: `Bearer ${data.token}`, 'location-id': String(locationId) };
}

function rentOrder(itemSku: string, start: string, finish: string) {
  return sql<{ id: number }>(`SELECT id FROM items WHERE sku = $1`, [itemSku]).then(([row]) => ({
    customer_id: customerId,
    planned_start: start,
    planned_finish: finish,
    items: [{ item_id: row!.id }],
  }));
}

const itemState = async (sku: string) =>
  (
    await sql<{ status: string; location: string }>(
      `SELECT i.status, l.name AS location FROM items i JOIN locations l ON l.id = i.current_location_id WHERE i.sku = $1`,
      [sku],
    )
  )[0];

test('a stocktake by scans finds one item missing and one unexpected, and closing adjusts them', async ({
  page,
}) => {
  await signIn(page, EMAIL);
  await pairAgent(page);
  await page.goto('/nine/reports/stocktake-report');
  await expect(page.getByRole('heading', { name: 'No Stocktake Found' })).toBeVisible();
  await expect(
    page.getByText('Click Start and enter an access key to begin counting this location.'),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Start', exact: true }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Start a stocktake' });
  await dialog.getByLabel('Access key').fill(ACCESS_KEY);
  await dialog.getByRole('button', { name: 'Start', exact: true }).click();
  await expect(page.getByText(/^Stocktake #\d+ started /)).toBeVisible();

  const lastScan = page.getByRole('status', { name: 'Last scan' });
  for (const n of [1, 2]) {
    await simulateScan(item(n));
    await expect(lastScan).toHaveText(`Counted ${item(n)} (E2E Kayak).`);
  }
  await simulateScan(item(9));
  await expect(lastScan).toHaveText(`${item(9)} (E2E Kayak) was not expected here (booked to Harbor Front).`);

  const missing = page.getByRole('table', { name: 'Missing items' });
  await expect(missing.getByRole('row')).toHaveCount(2);
  await expect(missing.getByRole('cell', { name: item(3), exact: true })).toBeVisible();
  const unexpected = page.getByRole('table', { name: 'Unexpected items' });
  await expect(unexpected.getByRole('row')).toHaveCount(2);
  await expect(unexpected.getByRole('cell', { name: item(9), exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Close stocktake' }).click();
  await page
    .getByRole('alertdialog', { name: 'Close this stocktake?' })
    .getByRole('button', { name: 'Close and adjust' })
    .click();
  await expect(
    page.getByText(/^Stocktake #\d+ closed: 1 item\(s\) marked lost, 1 unexpected item\(s\) adjusted\.$/),
  ).toBeVisible();
  await expect(page.getByRole('heading', { name: 'No Stocktake Found' })).toBeVisible();
  expect(await itemState(item(3))).toEqual({ status: 'lost', location: 'Stock Room' });
  expect(await itemState(item(9))).toEqual({ status: 'available', location: 'Stock Room' });
  const logged = await sql<{ action: string }>(
    `SELECT a.action FROM audit_log a JOIN items i ON a.entity_type = 'item' AND a.entity_id = i.id::text
     WHERE i.sku = ANY($1) ORDER BY a.id`,
    [[item(3), item(9)]],
  );
  expect(logged.map((r) => r.action)).toEqual(['stocktake_missing', 'stocktake_found']);
});

test('a maintenance rule makes an item due and unbookable until its repair is closed', async ({
  page,
  request,
}) => {
  await sql(`UPDATE items SET rent_minutes = 6 * 60 WHERE sku = $1`, [item(2)]);
  await signIn(page, EMAIL);
  await page.goto('/nine/inventory/scheduled-maintenance');
  // Rules are not per location and stock-reports.spec.ts adds one too: wait for the list, none of ours yet.
  const rules = page.getByRole('table', { name: 'Maintenance rules' });
  await expect(rules.or(page.getByText('No rules yet: add one to schedule services.')).first()).toBeVisible();
  await expect(page.getByRole('row', { name: /E2E Kayak/ })).toHaveCount(0);
  await page.getByLabel('Applies to').selectOption('product');
  await page.getByLabel('Find product').fill('E2E Kayak');
  await page.getByLabel('Product', { exact: true }).selectOption({ label: 'E2E Kayak (STK-E2E-KAYAK)' });
  await page.getByLabel('Every N rent hours').fill('5');
  await page.getByRole('button', { name: 'Add rule' }).click();
  await expect(rules.getByRole('row', { name: /Product E2E Kayak \(STK-E2E-KAYAK\)\s+5/ })).toBeVisible();

  const items = page.getByRole('table', { name: 'Items under a rule' });
  const due = items.getByRole('row').filter({ hasText: item(2) });
  await expect(due).toContainText('6');
  await expect(due).toContainText('Due now');
  await expect(items.getByRole('row').filter({ hasText: item(1) })).toContainText('5 rent h');

  // The server refuses to book it.
  const headers = await apiHeaders(request);
  const booking = await rentOrder(item(2), '2031-07-01T09:00:00Z', '2031-07-01T17:00:00Z');
  const refused = await request.post('/api/nine/rent-orders', { headers, data: booking });
  expect(refused.status()).toBe(422);
  expect(((await refused.json()) as { resp_code: number }).resp_code).toBe(1207);

  await due.getByRole('button', { name: `Start service of ${item(2)}` }).click();
  await expect(due).toContainText(/In repair \(log #\d+\)/);
  const repairs = page.getByRole('table', { name: 'Repair logs' });
  const log = repairs.getByRole('row').filter({ hasText: item(2) });
  await log.getByRole('button', { name: `Close repair of ${item(2)}` }).click();
  await log.getByLabel('Work done').fill('Replaced seals');
  await log.getByLabel(/^Cost/).fill('12.50');
  await log.getByRole('button', { name: 'Close and make available' }).click();
  await expect(page.getByText('No repair logs.')).toBeVisible();
  await expect(due).toContainText('5 rent h');
  expect((await itemState(item(2)))?.status).toBe('available');

  const booked = await request.post('/api/nine/rent-orders', { headers, data: booking });
  expect(booked.status()).toBe(201);
});

test('the availability calendar shows a new order and drills into it', async ({ page, request }) => {
  await signIn(page, EMAIL);
  await page.goto('/nine/availability-calendar');
  await page.getByLabel('Month', { exact: true }).first().fill('2031-09');
  const cell = (booked: number, available: number) =>
    page
      .getByRole('rowheader', { name: /E2E Kayak/ })
      .locator('xpath=..')
      .getByTitle(`E2E Kayak, 09/15/2031: ${available} available, ${booked} booked`);
  await expect(cell(0, 3)).toBeVisible();

  const headers = await apiHeaders(request);
  const created = await request.post('/api/nine/rent-orders', {
    headers,
    data: await rentOrder(item(1), '2031-09-15T09:00:00Z', '2031-09-15T17:00:00Z'),
  });
  expect(created.status()).toBe(201);
  const { data: order } = (await created.json()) as { data: { number: number } };

  await page.reload();
  await page.getByLabel('Month', { exact: true }).first().fill('2031-09');
  await expect(cell(1, 2)).toBeVisible();
  await cell(1, 2).click();
  await expect(page).toHaveURL(/\/nine\/availability-calendar\/details\?product_id=/);
  await expect(
    page.getByRole('table', { name: 'Orders' }).getByRole('link', { name: `#${order.number}` }),
  ).toBeVisible();
});

test('a scan lands on the item, and its label prints on the receipt printer', async ({ page }) => {
  await signIn(page, EMAIL);
  await pairAgent(page);
  await page.goto('/nine/inventory/barcode');
  // The page's own connection to the agent must be up before the scanner fires.
  await expect(page.getByRole('status', { name: 'Counter agent' }).getByRole('button')).toHaveText(
    'Printer ready',
  );
  await simulateScan(item(1));
  const result = page.getByRole('region', { name: 'Scanned item' });
  await expect(result.getByRole('heading', { name: 'E2E Kayak' })).toBeVisible();
  await expect(result.getByText('Available', { exact: true })).toBeVisible();
  await expect(result.getByRole('button', { name: 'Send to maintenance' })).toBeVisible();

  await page.getByRole('link', { name: 'Print labels' }).click();
  await page.getByLabel('Find items').fill('STK-E2E-1');
  // Chakra's checkbox: the visible control sits in the label that wraps the (hidden) input.
  await page
    .getByRole('checkbox', { name: `Choose ${item(1)}` })
    .locator('xpath=..')
    .click();
  await expect(page.getByText('1 label chosen')).toBeVisible();
  const since = Date.now() - 1000;
  await page.getByRole('button', { name: 'Print on the receipt printer' }).click();
  await expect(page.getByText(/^1 label sent to /)).toBeVisible();

  let found: string | undefined;
  await expect
    .poll(async () => {
      for (const name of (await readdir(SPOOL)).filter((n) => n.endsWith('.txt'))) {
        const path = join(SPOOL, name);
        if ((await stat(path)).mtimeMs >= since && (await readFile(path, 'utf8')).includes('E2E Kayak'))
          found = name.slice(0, -'.txt'.length);
      }
      return found !== undefined;
    })
    .toBe(true);
  const bytes = await readFile(join(SPOOL, `${found}.bin`));
  expect([...bytes.subarray(0, 2)]).toEqual([0x1b, 0x40]);
  // GS k 73: the printer draws the CODE128 barcode itself, from the item's code (code set B).
  const code = Buffer.from(`{B${item(1)}`);
  expect(bytes.includes(Buffer.concat([Buffer.from([0x1d, 0x6b, 73, code.length]), code]))).toBe(true);
});

import { expect, test } from '@playwright/test';
import { sql } from './support/database.ts';
import { signIn } from './support/sign-in.ts';

// Léa Martin (counter clerk) works only at Old Town, so no location choice interrupts; no other spec writes as her.
const LEA = 'lea@nine.test';

/** Two sale products with stock at Old Town (enough for a few sales). */
async function saleProducts(): Promise<{ sku: string; name: string }[]> {
  const rows = await sql<{ sku: string; name: string }>(
    `SELECT p.sku, p.name FROM products p
       JOIN stock_levels s ON s.product_id = p.id
       JOIN locations l ON l.id = s.location_id
     WHERE l.code = 'OLDTOWN' AND p.kind = 'sale' AND p.active AND NOT p.is_serialized AND s.quantity >= 10
     ORDER BY p.id LIMIT 2`,
  );
  expect(rows, 'two sale products in stock at Old Town').toHaveLength(2);
  return rows;
}

test('quick sale from the keyboard: scan codes, step the quantity, complete, take cash and give change', async ({
  page,
}) => {
  const [first, second] = await saleProducts();
  await signIn(page, LEA);
  await page.goto('/nine/sale-orders/new');
  await expect(page.getByRole('heading', { name: 'Quick Sale', level: 1 })).toBeVisible();

  // The scan field has the focus: type codes as a scanner wedge would, each ending with Enter.
  const scan = page.getByRole('textbox', { name: 'Scan or type a code' });
  await expect(scan).toBeFocused();
  const lines = page.getByRole('table', { name: 'Sale lines' });
  await page.keyboard.type(first!.sku);
  await page.keyboard.press('Enter');
  await expect(lines.locator('tbody tr')).toHaveCount(1);
  // The same code again adds one more of it.
  await page.keyboard.type(first!.sku);
  await page.keyboard.press('Enter');
  await expect(page.getByLabel(`Quantity of ${first!.name}`)).toHaveValue('2');
  await page.keyboard.type(second!.sku.toLowerCase());
  await page.keyboard.press('Enter');
  await expect(lines.locator('tbody tr')).toHaveCount(2);
  // + in the empty field: one more of the last line.
  await expect(scan).toBeFocused();
  await page.keyboard.press('+');
  await expect(page.getByLabel(`Quantity of ${second!.name}`)).toHaveValue('2');
  // A code that matches nothing says so and adds nothing.
  await page.keyboard.type('NO-SUCH-CODE-42');
  await page.keyboard.press('Enter');
  await expect(page.getByText('Nothing matches NO-SUCH-CODE-42.')).toBeVisible();
  await expect(lines.locator('tbody tr')).toHaveCount(2);

  await page.getByRole('button', { name: 'Complete sale' }).click();
  await expect(page.getByRole('status').filter({ hasText: /^Sale #\d+ completed\.$/ })).toBeVisible();

  // Cash: the amount due is offered, the clerk types what was handed over, the change shows.
  const payment = page.getByRole('region', { name: 'Payment', exact: true });
  const due = (await payment.getByText(/^Amount due: /).textContent())!;
  const tendered = payment.getByRole('textbox', { name: 'Cash received' });
  await expect(tendered).toBeFocused();
  const dueMinor = Math.round(Number(due.replace(/[^\d.,]/g, '').replace(',', '.')) * 100);
  expect(dueMinor).toBeGreaterThan(0);
  const handed = Math.ceil((dueMinor + 1) / 1000) * 10; // the next round ten above the amount
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type(String(handed));
  await page.keyboard.press('Enter');

  await expect(payment.getByRole('status').filter({ hasText: /^Paid .+ in cash\.$/ })).toBeVisible();
  const change = handed * 100 - dueMinor;
  await expect(payment.getByText(/^Change: /)).toHaveText(
    new RegExp(`^Change: \\D*${Math.floor(change / 100)}[.,]${String(change % 100).padStart(2, '0')}\\D*$`),
  );
  await expect(payment.getByText(/^Balance: /)).toHaveText(/^Balance: \D*0[.,]00\D*$/);
  // The demo closes a sale paid in full by itself (close_sale_order = on_full_payment): nothing left to close.
  await expect(page.getByRole('group', { name: 'Sale status' })).toContainText('Closed');
  await expect(page.getByRole('button', { name: 'Close sale' })).toHaveCount(0);

  // The order view agrees: paid in full, nothing left, its lines sold by product SKU, no rental panels.
  await page.getByRole('link', { name: 'Open the sale' }).click();
  await expect(page).toHaveURL(/\/nine\/sale-orders\/\d+$/);
  const money = page.getByRole('region', { name: 'Payment', exact: true });
  await expect(money).toContainText(/Balance\D*0[.,]00/);
  const items = page.getByRole('region', { name: 'Items' });
  await expect(items.getByText('Sold', { exact: true })).toHaveCount(2);
  await expect(items.getByText(first!.sku, { exact: true })).toBeVisible();
  await expect(items.getByText('No SKU')).toHaveCount(0);
  for (const panel of ['Participants', 'Signature', 'Security deposit'])
    await expect(page.getByRole('heading', { name: panel, exact: true })).toHaveCount(0);
});

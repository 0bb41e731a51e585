import { expect, test } from '@playwright/test';
import { pairAgent, spooledSince } from './support/counter-agent.ts';
import { sql } from './support/database.ts';
import { signIn } from './support/sign-in.ts';
import { createSpecUser } from './support/staff-user.ts';
import { localInput } from './support/location-time.ts';

// A whole counter day at Harbor Front, as a new clerk lives it: a register opened, a rent order from the
// list's button with items found by lower-case and accented words, cash and a deposit, the 55 mm receipt,
// deliver, return, the deposit back, close; a quick sale; a refund a manager approves; the register counted.
// The clerk is our own copy of Sam (a counter clerk: no refund right), and the cash goes to Harbor Front's
// second register, "Dock kiosk", which no other spec uses, so the drawer's figures are ours alone.
const EMAIL = 'counter-day@nine.test';
const REGISTER = 'Dock kiosk';
const FLOAT_MINOR = 10_000;

const usd = (minor: number) =>
  `${minor < 0 ? '-' : ''}$${(Math.abs(minor) / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
const amountOf = (text: string) => Math.round(Number(text.replace(/[^\d.-]/g, '')) * 100);

/** A free serialized item at Harbor Front over the period, of a category whose path contains `category`. */
async function freeItem(
  category: string,
  start: Date,
  finish: Date,
): Promise<{ sku: string; product: string }> {
  const rows = await sql<{ sku: string; product: string }>(
    `SELECT i.sku, p.name AS product FROM items i
       JOIN locations l ON l.id = i.current_location_id
       JOIN products p ON p.id = i.product_id
       JOIN categories c ON c.id = p.category_id LEFT JOIN categories parent ON parent.id = c.parent_id
     WHERE l.code = 'HARBOR' AND i.status = 'available' AND p.active AND p.kind = 'rent'
       AND (c.name ILIKE $3 OR parent.name ILIKE $3)
       AND NOT item_maintenance_due(i.id)
       AND NOT EXISTS (SELECT 1 FROM order_items oi WHERE oi.item_id = i.id AND oi.status <> 'cancelled'
                       AND oi.booked_period && tstzrange($1, $2, '[)'))
     ORDER BY i.id DESC LIMIT 1`,
    [start.toISOString(), finish.toISOString(), `%${category}%`],
  );
  expect(rows, `a free ${category} item at Harbor Front`).toHaveLength(1);
  return rows[0]!;
}

/** The receipt's figures add up: the lines to the subtotal, and subtotal − discount + tax to the total. */
function expectReceiptAddsUp(receipt: string, totalMinor: number) {
  const lines = [...receipt.matchAll(/^\s+\d+ x \$[\d,.]+\s+\$([\d,.]+)$/gm)].map((m) => amountOf(m[1]!));
  expect(lines.length, receipt).toBeGreaterThan(0);
  const subtotal = amountOf(receipt.match(/^Subtotal\s+(\$[\d,.]+)$/m)![1]!);
  expect(lines.reduce((a, b) => a + b, 0)).toBe(subtotal);
  const discount = receipt.match(/^Discount\s+-?(\$[\d,.]+)$/m);
  const tax = receipt.match(/^Sales tax 8\.25%\s+(\$[\d,.]+)$/m);
  expect(tax, `a tax line with its rate in:\n${receipt}`).not.toBeNull();
  expect(receipt).toMatch(new RegExp(`^Total\\s+\\${usd(totalMinor)}$`, 'm'));
  expect(subtotal - (discount ? amountOf(discount[1]!) : 0) + amountOf(tax![1]!)).toBe(totalMinor);
  for (const line of receipt.split('\n').filter((l) => !l.startsWith('[')))
    expect(line.length).toBeLessThanOrEqual(32);
}

test.beforeAll(async () => {
  await createSpecUser({ email: EMAIL, name: 'Dana Day', copyFrom: 'sam@nine.test' });
  // A customer of our own, whose last name no one else has.
  await sql(
    `INSERT INTO customers (first_name, last_name) SELECT 'Robin', 'Dayfield'
     WHERE NOT EXISTS (SELECT 1 FROM customers WHERE last_name = 'Dayfield')`,
  );
  // The Dock kiosk starts the day closed, whatever an earlier run left.
  await sql(
    `UPDATE register_sessions SET closed_at = now(), closed_by = opened_by, expected_minor = 0, counted_minor = 0, difference_minor = 0
     WHERE closed_at IS NULL AND cash_register_id = (SELECT r.id FROM cash_registers r JOIN locations l ON l.id = r.location_id
       WHERE l.code = 'HARBOR' AND r.name = $1)`,
    [REGISTER],
  );
});

test('a day at the counter adds up: register, rent order, receipts with tax, deposit, quick sale, refund, count', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signIn(page, EMAIL);
  await pairAgent(page);

  // Morning: this counter takes its cash into the Dock kiosk, opened with a float.
  await page.goto('/nine/cash-registers');
  await page.getByLabel('Register at this counter').selectOption({ label: REGISTER });
  const register = page.getByRole('region', { name: REGISTER });
  await expect(register.getByText('Closed', { exact: true })).toBeVisible();
  await register.getByRole('textbox', { name: 'Opening float' }).fill('100');
  await register.getByRole('button', { name: 'Open register' }).click();
  await expect(register.getByText('Expected in drawer')).toBeVisible();

  // A rent order, started from the list's button.
  const start = new Date(Date.now() + 10 * 60_000);
  start.setSeconds(0, 0);
  const finish = new Date(start.getTime() + 3 * 3_600_000);
  const kayak = await freeItem('Kayak', start, finish);
  const bike = await freeItem('Bike', start, finish);
  await page
    .getByRole('navigation', { name: 'Main menu' })
    .getByRole('link', { name: 'Rent Orders' })
    .click();
  await page.getByTestId('new-rent-order').click();
  await expect(page).toHaveURL(/\/nine\/create-order$/);

  const step = (name: string) => page.getByRole('region', { name: new RegExp(`^Step \\d of 4: ${name}$`) });
  const customer = { last_name: 'Dayfield', name: 'Robin Dayfield' };
  await step('Customer').getByRole('searchbox', { name: 'Find a customer' }).fill(customer.last_name);
  await step('Customer')
    .getByRole('list', { name: 'Customers found' })
    .getByRole('listitem')
    .filter({ hasText: customer.name })
    .first()
    .getByRole('button', { name: 'Choose' })
    .click();
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await step('Period').getByLabel('Planned start').fill(localInput(start));
  await step('Period').getByLabel('Planned finish').fill(localInput(finish));
  await page.getByRole('button', { name: 'Next', exact: true }).click();

  // Items by words, not codes: an accented category word and a lower-case SKU, then a lower-case category.
  const items = step('Items');
  const search = items.getByRole('searchbox', { name: 'Search products' });
  await search.fill('nothing-like-this-zz');
  await expect(items.getByTestId('catalogue-search-empty')).toContainText('Nothing matches');
  await search.fill(`kayák ${kayak.sku.toLowerCase()}`);
  await items.getByRole('button', { name: `Add ${kayak.product} (${kayak.sku})` }).click();
  await search.fill(`bike ${bike.sku.toLowerCase()}`);
  await items.getByRole('button', { name: `Add ${bike.product} (${bike.sku})` }).click();
  const lines = items.getByRole('table', { name: 'Items on the order' });
  await expect(lines.getByRole('row')).toHaveCount(2);
  await expect(lines.getByText('Available', { exact: true })).toHaveCount(2);
  await page.getByRole('button', { name: 'Next', exact: true }).click();

  // The review adds up with the tax named, never "Plus tax" on a total that holds it.
  const review = step('Review');
  await expect(review.getByText(/Sales tax 8\.25%/)).toBeVisible();
  await expect(review.getByText('Plus tax')).toHaveCount(0);
  await page.getByRole('button', { name: 'Create order' }).click();
  await expect(page.getByRole('status').filter({ hasText: /^Order #\d+ created\.$/ })).toBeVisible();
  await page.getByRole('link', { name: 'Open the order' }).click();
  await expect(page).toHaveURL(/\/nine\/rent-orders\/\d+$/);
  const orderId = Number(page.url().split('/').pop());
  const [order] = await sql<{ total: number; deposit: number; number: number }>(
    `SELECT total_minor::int AS total, deposit_minor::int AS deposit, number::int AS number FROM orders WHERE id = $1`,
    [orderId],
  );
  expect(order!.deposit).toBeGreaterThan(0);

  // Cash for the rent, with change, into the open drawer.
  const payments = page.getByRole('region', { name: 'Payments' });
  await payments.getByRole('button', { name: 'Take payment' }).click();
  const pay = page.getByRole('dialog', { name: 'Take payment' });
  await expect(pay.getByText(`Amount due: ${usd(order!.total)}`)).toBeVisible();
  await expect(pay.getByTestId('payment-register')).toContainText(`${REGISTER} (open)`);
  const tendered = Math.ceil(order!.total / 1000) * 1000;
  await pay.getByRole('textbox', { name: 'Cash received' }).fill(String(tendered / 100));
  await pay.getByRole('button', { name: `Take ${usd(order!.total)}` }).click();
  await expect(pay.getByText(`Paid ${usd(order!.total)}.`)).toBeVisible();
  const changeReturned = pay.getByRole('button', { name: /^Change of .* returned$/ });
  if (await changeReturned.isVisible()) await changeReturned.click();
  await pay.getByRole('button', { name: 'Done' }).click();
  await expect(payments.getByText('Balance: $0.00')).toBeVisible();

  // The deposit, in cash too.
  const depositForm = page.getByRole('form', { name: 'Move the deposit' });
  await depositForm.getByLabel('Deposit action').selectOption({ label: 'Collect' });
  await depositForm.getByRole('textbox', { name: 'Amount' }).fill(String(order!.deposit / 100));
  await depositForm.getByLabel('Method').selectOption({ label: 'Cash' });
  await depositForm.getByRole('button', { name: 'Collect deposit' }).click();
  await expect(page.getByText(`Collected ${usd(order!.deposit)} into custody.`)).toBeVisible();

  // The 55 mm receipt, through the agent: a tax line with its rate, lines that add up.
  const printedAt = Date.now() - 1000;
  await page.getByRole('link', { name: 'Print receipt (55 mm)' }).click();
  await expect(page).toHaveURL(new RegExp(`/rent-orders/${orderId}/print-55mm$`));
  await page.getByRole('button', { name: 'Print', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: /^Printed on / })).toBeVisible();
  let receipt = '';
  await expect
    .poll(async () => {
      receipt = (await spooledSince(printedAt)).find((j) => j.text.includes(`#${order!.number}`))?.text ?? '';
      return receipt !== '';
    })
    .toBe(true);
  expectReceiptAddsUp(receipt, order!.total);
  await page.goto(`/nine/rent-orders/${orderId}`);

  // Out and back: deliver (paid, on time: no question), return early (asked), then the deposit back.
  await page.getByRole('button', { name: /^Deliver all \(2\)$/ }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Please confirm' });
  await expect(confirm.or(page.getByText('Delivered.'))).toBeVisible();
  if (await confirm.isVisible()) await confirm.getByRole('button', { name: 'Continue anyway' }).click();
  await expect(page.getByText('Delivered.')).toBeVisible();
  await page.getByRole('button', { name: /^Return all \(2\)$/ }).click();
  await expect(confirm.or(page.getByText('Returned.'))).toBeVisible();
  if (await confirm.isVisible()) await confirm.getByRole('button', { name: 'Continue anyway' }).click();
  await expect(page.getByText('Returned.')).toBeVisible();

  // Closing while the deposit is still held is refused, and says why.
  await page.getByRole('button', { name: 'Close order' }).click();
  const refused = page.getByRole('alertdialog', { name: 'The order cannot be closed yet' });
  await expect(refused).toBeVisible();
  await expect(refused).toContainText(usd(order!.deposit));
  await refused.getByRole('button', { name: 'Back to the order' }).click();
  await depositForm.getByLabel('Deposit action').selectOption({ label: 'Return' });
  await depositForm.getByRole('textbox', { name: 'Amount' }).fill(String(order!.deposit / 100));
  await depositForm.getByLabel('Method').selectOption({ label: 'Cash' });
  await depositForm.getByRole('button', { name: 'Return deposit' }).click();
  await expect(page.getByText(`Returned ${usd(order!.deposit)} to the customer.`)).toBeVisible();
  await page.getByRole('button', { name: 'Close order' }).click();
  await expect(page.getByText('The order is closed.')).toBeVisible();
  await expect(page.getByText('Closed', { exact: true }).first()).toBeVisible();
  await expect(page.getByTestId('order-balance')).toHaveText(/\$0\.00/);
  const [invoice] = await sql<{ open: number }>(
    `SELECT count(*) FILTER (WHERE status = 'in_progress')::int AS open FROM invoices WHERE order_id = $1`,
    [orderId],
  );
  expect(invoice!.open).toBe(0);

  // The customer comes back: 10.00 back for a flat tyre. The clerk has no refund right: a manager's key.
  await payments.getByRole('button', { name: `Refund Cash ${usd(order!.total)}` }).click();
  const refund = page.getByRole('dialog', { name: `Refund Cash payment of ${usd(order!.total)}` });
  await expect(refund.getByText(/A manager's access key approves this refund/)).toBeVisible();
  await refund.getByRole('textbox', { name: /Refund amount/ }).fill('10.00');
  await refund.getByRole('textbox', { name: /Reason/ }).fill('Flat tyre on the way back');
  await refund.getByLabel(/Approver's access key/).fill('1234');
  await refund.getByRole('button', { name: 'Refund', exact: true }).click();
  await expect(refund.getByText('Refunded $10.00 as Cash.')).toBeVisible();
  await refund.getByRole('button', { name: 'Done' }).click();
  // The ledger, the order and the buttons agree: nothing is owed, and 10.00 less is left to refund.
  await expect(page.getByTestId('order-balance')).toHaveText(/\$0\.00/);
  await expect(
    payments.getByRole('button', { name: `Refund Cash ${usd(order!.total - 1000)}` }),
  ).toBeVisible();

  // A quick sale: scanned, paid in cash, closed, its 55 mm receipt printed.
  const [product] = await sql<{ sku: string }>(
    `SELECT p.sku FROM products p JOIN stock_levels s ON s.product_id = p.id JOIN locations l ON l.id = s.location_id
     WHERE l.code = 'HARBOR' AND p.kind = 'sale' AND p.active AND NOT p.is_serialized AND s.quantity >= 5 AND p.price_minor > 0
     ORDER BY p.id LIMIT 1`,
  );
  await page.goto('/nine/sale-orders/new');
  await expect(page.getByRole('heading', { name: 'Quick Sale', level: 1 })).toBeVisible();
  const scan = page.getByRole('textbox', { name: 'Scan or type a code' });
  await scan.fill(product!.sku);
  await scan.press('Enter');
  await expect(page.getByRole('table', { name: 'Sale lines' }).locator('tbody tr')).toHaveCount(1);
  await page.getByRole('button', { name: 'Complete sale' }).click();
  const done = page.getByRole('status').filter({ hasText: /^Sale #\d+ completed\.$/ });
  await expect(done).toBeVisible();
  const saleNumber = Number((await done.textContent())!.match(/#(\d+)/)![1]);
  const [sale] = await sql<{ id: number; total: number }>(
    `SELECT id, total_minor::int AS total FROM orders WHERE number = $1 AND type = 'sale'`,
    [saleNumber],
  );
  const salePrintedAt = Date.now() - 1000;
  const salePayment = page.getByRole('region', { name: 'Payment', exact: true });
  await salePayment.getByRole('textbox', { name: 'Cash received' }).fill((sale!.total / 100).toFixed(2));
  await salePayment.getByRole('button', { name: 'Take cash payment' }).click();
  await expect(salePayment.getByText(`Paid ${usd(sale!.total)} in cash.`)).toBeVisible();
  await expect(page.getByTestId('quick-sale-status')).toContainText('Closed');
  await expect(page.getByRole('group', { name: 'Receipt' }).getByRole('status')).toHaveText(/^Printed on /);
  let saleReceipt = '';
  await expect
    .poll(async () => {
      saleReceipt =
        (await spooledSince(salePrintedAt)).find((j) => j.text.includes(`#${saleNumber}`))?.text ?? '';
      return saleReceipt !== '';
    })
    .toBe(true);
  expectReceiptAddsUp(saleReceipt, sale!.total);
  await page.getByRole('link', { name: 'Open the sale' }).click();
  await expect(page.getByRole('region', { name: 'Items' }).getByText('Sold', { exact: true })).toBeVisible();

  // Evening: the drawer expects the float and every cash movement of the day; the count matches.
  const expected = FLOAT_MINOR + order!.total + order!.deposit - order!.deposit - 1000 + sale!.total;
  await page.goto('/nine/cash-registers');
  await expect(register.getByText(usd(expected)).first()).toBeVisible();
  await register.getByRole('combobox', { name: 'Action' }).selectOption('close');
  await register.getByRole('textbox', { name: 'Counted cash' }).fill((expected / 100).toFixed(2));
  await expect(register.getByText('Difference: $0.00')).toBeVisible();
  await register.getByRole('button', { name: 'Close register' }).click();
  await expect(
    register.getByText(`Closed: expected ${usd(expected)}, counted ${usd(expected)}, difference $0.00.`),
  ).toBeVisible();
});

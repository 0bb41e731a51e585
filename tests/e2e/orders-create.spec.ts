import { expect, test, type Page } from '@playwright/test';
import { sql } from './support/database.ts';
import { signIn } from './support/sign-in.ts';
import { localInput } from './support/location-time.ts';

// Léa Martin (counter clerk) works only at Old Town, so no location choice interrupts; no other spec writes as her.
const LEA = 'lea@nine.test';

/** A period some days ahead, on the hour, `days` long. */
function period(daysAhead: number, days: number): { start: Date; finish: Date } {
  const start = new Date();
  start.setMinutes(0, 0, 0);
  start.setDate(start.getDate() + daysAhead);
  const finish = new Date(start);
  finish.setDate(finish.getDate() + days);
  return { start, finish };
}

/** An available serialized rent item at Old Town with no live booking over the period, skipping some. */
async function freeItem(start: Date, finish: Date, skip: string[] = []): Promise<string> {
  const rows = await sql<{ barcode: string }>(
    `SELECT i.barcode FROM items i
       JOIN locations l ON l.id = i.current_location_id
       JOIN products p ON p.id = i.product_id
     WHERE l.code = 'OLDTOWN' AND i.status = 'available' AND p.active AND p.kind = 'rent' AND i.barcode IS NOT NULL
       AND NOT (i.barcode = ANY($3::text[]))
       AND NOT EXISTS (SELECT 1 FROM order_items oi WHERE oi.item_id = i.id AND oi.status <> 'cancelled'
                       AND oi.booked_period && tstzrange($1, $2, '[)'))
     ORDER BY i.id DESC LIMIT 1`,
    [start.toISOString(), finish.toISOString(), skip],
  );
  expect(rows, 'a free serialized item at Old Town').toHaveLength(1);
  return rows[0]!.barcode;
}

async function aCustomer(): Promise<{ last_name: string; name: string }> {
  const rows = await sql<{ last_name: string; name: string }>(
    `SELECT last_name, trim(first_name || ' ' || last_name) AS name FROM customers
     WHERE NOT is_anonymous AND length(last_name) >= 3 ORDER BY id LIMIT 1`,
  );
  return rows[0]!;
}

const step = (page: Page, name: string) =>
  page.getByRole('region', { name: new RegExp(`^Step \\d of 4: ${name}$`) });

/** Walks the create screen up to the review step: customer by search, period, one item by its barcode. */
async function draftOrder(page: Page, barcode: string, when: { start: Date; finish: Date }) {
  const customer = await aCustomer();
  await page.goto('/nine/create-order');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  // Customer: search by last name and choose the match.
  const customerStep = step(page, 'Customer');
  await customerStep.getByRole('searchbox', { name: 'Find a customer' }).fill(customer.last_name);
  const found = customerStep.getByRole('list', { name: 'Customers found' }).getByRole('listitem');
  await found.filter({ hasText: customer.name }).first().getByRole('button', { name: 'Choose' }).click();
  await expect(customerStep.getByText(`Customer: ${customer.name}`)).toBeVisible();
  await page.getByRole('button', { name: 'Next', exact: true }).click();

  // Period: in the future.
  const periodStep = step(page, 'Period');
  await periodStep.getByLabel('Planned start').fill(localInput(when.start));
  await periodStep.getByLabel('Planned finish').fill(localInput(when.finish));
  await page.getByRole('button', { name: 'Next', exact: true }).click();

  // Items: type the barcode as a scanner would, then Enter.
  const itemsStep = step(page, 'Items');
  const scan = itemsStep.getByRole('textbox', { name: 'Scan or type a code' });
  await expect(scan).toBeFocused();
  await scan.fill(barcode);
  await scan.press('Enter');
  const lines = itemsStep.getByRole('table', { name: 'Items on the order' });
  await expect(lines.getByRole('row')).toHaveCount(1);
  return { itemsStep, lines, customer };
}

test.describe('creating a rent order', () => {
  test('customer, period, an item by barcode with live price and availability; then deliver, return and close', async ({
    page,
  }) => {
    test.setTimeout(60_000);
    const when = period(40, 3);
    const barcode = await freeItem(when.start, when.finish);
    await signIn(page, LEA);
    const { lines } = await draftOrder(page, barcode, when);

    // The quote answers: the item is free over the period, and priced.
    const row = lines.getByRole('row').first();
    await expect(row.getByText('Available', { exact: true })).toBeVisible();
    await expect(row.getByRole('cell').nth(3)).toHaveText(/\d/);
    await page.getByRole('button', { name: 'Next', exact: true }).click();

    // Review: the estimated total with the tax named and its rate, then create.
    const review = step(page, 'Review');
    await expect(review.getByLabel('Estimated total')).toBeVisible();
    await expect(review.getByLabel('Estimated total').getByText(/^Sales tax 8\.25%$/)).toBeVisible();
    await page.getByRole('button', { name: 'Create order' }).click();
    await expect(page.getByRole('status').filter({ hasText: /^Order #\d+ created\.$/ })).toBeVisible();
    await page.getByRole('link', { name: 'Open the order' }).click();
    await expect(page).toHaveURL(/\/nine\/rent-orders\/\d+$/);
    await expect(page.getByRole('heading', { name: /^Order #\d+$/, level: 1 })).toBeVisible();
    const items = page.getByRole('region', { name: 'Items' });
    await expect(items.getByText(barcode)).toBeVisible();
    await expect(page.getByText('Confirmed', { exact: true }).first()).toBeVisible();

    // Deliver: the order is unpaid and early, so the screen asks; carry on.
    await page.getByRole('button', { name: /^Deliver all \(1\)$/ }).click();
    const warning = page.getByRole('alertdialog', { name: 'Please confirm' });
    await expect(warning).toBeVisible();
    await expect(warning.getByText('This order is not fully paid.')).toBeVisible();
    await warning.getByRole('button', { name: 'Continue anyway' }).click();
    await expect(page.getByText('Delivered.')).toBeVisible();
    await expect(page.getByText('Delivered', { exact: true }).first()).toBeVisible();

    // Return: early too.
    await page.getByRole('button', { name: /^Return all \(1\)$/ }).click();
    const returnWarning = page.getByRole('alertdialog', { name: 'Please confirm' });
    await expect(returnWarning.or(page.getByText('Returned.'))).toBeVisible();
    if (await returnWarning.isVisible())
      await returnWarning.getByRole('button', { name: 'Continue anyway' }).click();
    await expect(page.getByText('Returned.')).toBeVisible();
    await expect(page.getByText('Returned', { exact: true }).first()).toBeVisible();

    // Close.
    await page.getByRole('button', { name: 'Close order' }).click();
    const closeWarning = page.getByRole('alertdialog', { name: 'Please confirm' });
    await expect(closeWarning.or(page.getByText('The order is closed.'))).toBeVisible();
    if (await closeWarning.isVisible())
      await closeWarning.getByRole('button', { name: 'Continue anyway' }).click();
    await expect(page.getByText('The order is closed.')).toBeVisible();
    await expect(page.getByText('Closed', { exact: true }).first()).toBeVisible();
  });

  test('booking a taken item over an overlapping period shows it unavailable, and the create answers with the unavailable-items modal', async ({
    page,
  }) => {
    test.setTimeout(60_000);
    const when = period(60, 4);
    const barcode = await freeItem(when.start, when.finish);
    await signIn(page, LEA);

    // First booking: goes through.
    await draftOrder(page, barcode, when);
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await page.getByRole('button', { name: 'Create order' }).click();
    await expect(page.getByRole('status').filter({ hasText: /^Order #\d+ created\.$/ })).toBeVisible();

    // Second booking of the same item, overlapping by two days.
    const overlap = {
      start: new Date(when.start.getTime() + 2 * 86_400_000),
      finish: new Date(when.finish.getTime() + 2 * 86_400_000),
    };
    const { lines, itemsStep } = await draftOrder(page, barcode, overlap);
    await expect(lines.getByText('Not available for this period')).toBeVisible();
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await page.getByRole('button', { name: 'Create order' }).click();

    // The server refuses (1207): the unavailable-items modal names the item, and the items step marks it.
    const modal = page
      .getByRole('alertdialog', { name: 'Unavailable Item(s)' })
      .or(page.getByRole('dialog', { name: 'Unavailable Item(s)' }));
    await expect(modal).toBeVisible();
    await expect(modal.getByText('These items are not available for this action:')).toBeVisible();
    await expect(modal.getByRole('listitem')).toHaveCount(1);
    await modal.getByRole('button', { name: 'Close' }).first().click();
    await expect(modal).toBeHidden();
    await expect(itemsStep.getByRole('alert')).toHaveText(/Some items are not available for this period: /);
    await expect(lines.getByText('Not available for this period')).toBeVisible();
  });
});

import { expect, test, type Page } from '@playwright/test';
import { sql } from './support/database.ts';
import { signIn } from './support/sign-in.ts';
import { createSpecUser } from './support/staff-user.ts';

// Our own user (the demo admin's role, at Lakeside only, so no location choice interrupts).
const USER = 'ord-e2e@nine.test';
// A customer and a rent order of our own, unique per run.
const run = Date.now().toString(36);
const LAST = `Viewova${run}`;
let productName = '';

// The smallest valid PNG (1×1): the server checks the file's bytes.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

test.beforeAll(async () => {
  await createSpecUser({ email: USER, name: 'Orla View', location: 'LAKE' });
  const [product] = await sql<{ id: number; name: string }>(
    `SELECT id, name FROM products WHERE kind = 'rent' AND NOT is_serialized ORDER BY id LIMIT 1`,
  );
  productName = product!.name;
  await sql(
    `WITH customer AS (
       INSERT INTO customers (first_name, last_name, email) VALUES ('Vera', $1, $2) RETURNING id
     ), o AS (
       INSERT INTO orders (type, source, status, location_id, customer_id, total_minor, planned_start, planned_finish)
       SELECT 'rent', 'walk_in', 'confirmed', l.id, customer.id, 5000, now() + interval '300 days', now() + interval '301 days'
       FROM customer, locations l WHERE l.name = 'Lakeside' RETURNING id
     )
     INSERT INTO order_items (order_id, product_id, quantity, unit_price_minor, status)
     SELECT o.id, $3, 1, 5000, 'confirmed' FROM o`,
    [LAST, `${LAST.toLowerCase()}@example.test`, product!.id],
  );
});

const summary = (page: Page) =>
  page.getByRole('status').filter({ hasText: /^(\d[\d,]*–[\d,]+ of [\d,]+\+?|No orders)$/ });

test('filters a list by a column, changes a cost with an access key, adds a participant, a signature and a photo', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signIn(page, USER);
  await page.goto('/nine/rent-orders');
  const table = page.getByRole('table', { name: /^Rent Orders:/ });
  await expect(summary(page)).toHaveText(/^1–\d+ of /);

  // A column filter from the Customer header: our one order is left.
  await page.getByRole('button', { name: 'Filter Customer', exact: true }).click();
  await page.getByLabel('Contains').fill(LAST);
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL(new RegExp(`f_customer=${LAST}`));
  await expect(summary(page)).toHaveText('1–1 of 1');
  const row = table.locator('tbody tr');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(LAST);
  await expect(row.getByRole('img', { name: 'Photo attached' })).toHaveCount(0);
  await row.getByRole('link').first().click();
  await expect(page).toHaveURL(/\/nine\/rent-orders\/\d+$/);

  // Change cost, approved with the admin's access key: the timeline shows it with its reason.
  await page.getByRole('button', { name: `Change cost: ${productName}` }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(/New unit price/).fill('42.50');
  await dialog.getByLabel(/Reason/).fill('Loyal customer');
  await dialog.getByLabel("Approver's access key").fill('1234');
  await dialog.getByRole('button', { name: 'Change cost' }).click();
  await expect(dialog).toBeHidden();
  const timeline = page.getByRole('region', { name: 'Timeline' });
  // A sentence with both prices (the symbol once the view hands the timeline its currency), the reason
  // and the approver.
  await expect(timeline.getByText(/^Price changed from \$?[\d.,]+ to \$?42\.50$/)).toBeVisible();
  await expect(timeline.getByText('Reason: Loyal customer')).toBeVisible();
  await expect(timeline.getByText(/^Approved by \S/)).toBeVisible();
  await expect(page.getByRole('region', { name: 'Items' }).getByText('$42.50')).toBeVisible();

  // A participant.
  const participants = page.getByRole('region', { name: 'Participants' });
  await participants.getByLabel(/Name/).fill('Ada Rider');
  await participants.getByLabel('Age').fill('31');
  await participants.getByRole('button', { name: 'Add participant' }).click();
  await expect(participants.getByText('Participant added.')).toBeVisible();
  await expect(participants.getByText('Ada Rider')).toBeVisible();

  // A drawn signature on the pad.
  const signature = page.getByRole('region', { name: 'Signature' });
  await signature.getByLabel(/Signer's name/).fill(`Vera ${LAST}`);
  const pad = signature.getByRole('img', { name: /Signature pad/ });
  const box = (await pad.boundingBox())!;
  await page.mouse.move(box.x + 20, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + 80, box.y + 20, { steps: 5 });
  await page.mouse.move(box.x + 160, box.y + box.height - 20, { steps: 5 });
  await page.mouse.up();
  await signature.getByRole('button', { name: 'Save signature' }).click();
  await expect(signature.getByRole('img', { name: `Signature of Vera ${LAST}` })).toBeVisible();
  await expect(timeline.getByText(`Signed by Vera ${LAST}`, { exact: true })).toBeVisible();

  // A photo: uploaded, listed, shown.
  const photos = page.getByRole('region', { name: 'Photos' });
  await photos
    .getByLabel('Photo file')
    .setInputFiles({ name: 'boat.png', mimeType: 'image/png', buffer: PNG });
  await photos.getByRole('button', { name: 'Upload photo' }).click();
  await expect(photos.getByText('Photo uploaded.')).toBeVisible();
  await photos.getByRole('button', { name: 'View boat.png' }).click();
  await expect(photos.getByRole('img', { name: 'Photo boat.png of the order' })).toBeVisible();

  // Back in the list, the order carries the photo flag.
  await page.goto(`/nine/rent-orders?f_customer=${LAST}`);
  await expect(summary(page)).toHaveText('1–1 of 1');
  await expect(table.locator('tbody tr').getByRole('img', { name: 'Photo attached' })).toBeVisible();
});

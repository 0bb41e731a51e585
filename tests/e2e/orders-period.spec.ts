import { expect, test } from '@playwright/test';
import { sql } from './support/database.ts';
import { signIn } from './support/sign-in.ts';
import { createSpecUser } from './support/staff-user.ts';

// Our own user (the demo admin's role, at Lakeside only) and a confirmed rent order of bulk gear far ahead.
const USER = 'period-e2e@nine.test';
let orderId = 0;

test.beforeAll(async () => {
  await createSpecUser({ email: USER, name: 'Pia Period', location: 'LAKE' });
  const [product] = await sql<{ id: number }>(
    `SELECT id FROM products WHERE kind = 'rent' AND NOT is_serialized ORDER BY id LIMIT 1`,
  );
  const [order] = await sql<{ id: number }>(
    `WITH o AS (
       INSERT INTO orders (type, source, status, location_id, customer_id, total_minor, planned_start, planned_finish)
       SELECT 'rent', 'walk_in', 'confirmed', l.id, (SELECT min(id) FROM customers), 5000,
              date_trunc('hour', now()) + interval '500 days', date_trunc('hour', now()) + interval '501 days'
       FROM locations l WHERE l.name = 'Lakeside' RETURNING id, planned_start, planned_finish
     ), line AS (
       INSERT INTO order_items (order_id, product_id, quantity, unit_price_minor, status, planned_start, planned_finish)
       SELECT o.id, $1, 1, 5000, 'confirmed', o.planned_start, o.planned_finish FROM o
     )
     SELECT id FROM o`,
    [product!.id],
  );
  orderId = order!.id;
});

test('extends a rent order by a day from the order view; the timeline tells the new period', async ({
  page,
}) => {
  await signIn(page, USER);
  await page.goto(`/nine/rent-orders/${orderId}`);
  await page
    .getByRole('region', { name: 'Order actions' })
    .getByRole('button', { name: 'Change period' })
    .click();
  const dialog = page.getByRole('dialog', { name: /^Change the period of order/ });
  const finish = dialog.getByLabel(/Planned finish/);
  // One more day on the wall clock the field shows.
  const shown = await finish.inputValue();
  const later = new Date(Date.parse(`${shown}:00Z`) + 86_400_000).toISOString().slice(0, 16);
  await finish.fill(later);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('region', { name: 'Timeline' }).getByText(/^Period changed to /)).toBeVisible();
  const [line] = await sql<{ days: number }>(
    `SELECT extract(epoch FROM planned_finish - planned_start) / 86400 AS days FROM order_items WHERE order_id = $1`,
    [orderId],
  );
  expect(Number(line!.days)).toBeCloseTo(2, 0);
});

import { expect, test, type Page } from '@playwright/test';
import { sql } from './support/database.ts';
import { signIn } from './support/sign-in.ts';

// Jon Park (counter clerk) works only at Lakeside, so no location choice interrupts; no other spec signs in as him.
const JON = 'jon@nine.test';

const summary = (page: Page) =>
  page.getByRole('status').filter({ hasText: /^(\d[\d,]*–[\d,]+ of [\d,]+\+?|No orders)$/ });

test.describe('rent order list and order view', () => {
  test('filters by status, searches, pages, keeps it all in the URL, and opens an order with its items and timeline', async ({
    page,
  }) => {
    await signIn(page, JON);
    await page
      .getByRole('navigation', { name: 'Main menu' })
      .getByRole('link', { name: 'Rent Orders' })
      .click();
    await expect(page).toHaveURL(/\/nine\/rent-orders$/);
    await expect(page.getByRole('heading', { name: 'Rent Orders', level: 1 })).toBeVisible();
    await expect(summary(page)).toHaveText(/^1–25 of [\d,]+\+?$/);
    const table = page.getByRole('table', { name: /^Rent Orders:/ });

    // Filter by a status: the URL carries it, and every row has it.
    await page.getByLabel('Status', { exact: true }).selectOption('delivered');
    await expect(page).toHaveURL(/order_status_r=delivered/);
    await expect(summary(page)).toHaveText(/^1–\d+ of [\d,]+$/);
    const rows = table.locator('tbody tr');
    const allRows = (check: (text: string) => boolean) =>
      expect.poll(async () => {
        const texts = await rows.allTextContents();
        return texts.length > 0 && texts.every(check);
      });
    // Every row's status badge reads Delivered (not Partially delivered, not anything else).
    await allRows((text) => text.includes('Delivered') && !text.includes('Partially delivered')).toBe(true);

    // Search by the first row's customer: every row left is theirs.
    const customer = (await rows.first().locator('td').nth(1).locator('p').first().textContent())!.trim();
    await page.getByRole('searchbox', { name: 'Search' }).fill(customer);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page).toHaveURL(/search=/);
    await allRows((text) => text.includes(customer)).toBe(true);

    // Clear the filters and page through all orders; back returns to page 1.
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect(page).toHaveURL(/\/nine\/rent-orders$/);
    await expect(summary(page)).toHaveText(/^1–25 of /);
    const firstOfPage1 = await rows.first().getByRole('link').first().textContent();
    await page.getByRole('button', { name: 'Next page' }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(summary(page)).toHaveText(/^26–50 of /);
    await expect(rows.first().getByRole('link').first()).not.toHaveText(firstOfPage1!);
    await page.goBack();
    await expect(summary(page)).toHaveText(/^1–25 of /);
    // A reload keeps what the URL says.
    await page.getByRole('button', { name: 'Next page' }).click();
    await page.reload();
    await expect(summary(page)).toHaveText(/^26–50 of /);

    // Open an order: its items and its timeline.
    const link = rows.first().getByRole('link').first();
    const number = (await link.textContent())!.replace('#', '');
    await link.click();
    await expect(page).toHaveURL(/\/nine\/rent-orders\/\d+$/);
    await expect(page.getByRole('heading', { name: `Order #${number}`, level: 1 })).toBeVisible();
    const items = page.getByRole('region', { name: 'Items' });
    await expect(items.getByRole('columnheader', { name: 'Product' })).toBeVisible();
    await expect(items.locator('tbody tr').first()).toBeVisible();
    await expect(page.getByRole('region', { name: 'Timeline' }).getByText('Order created')).toBeVisible();
    await expect(page).toHaveTitle(/Rent Order/);

    // Search by that number finds that order.
    await page.getByRole('link', { name: 'Back to the list' }).click();
    await page.getByRole('searchbox', { name: 'Search' }).fill(number);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`search=${number}`));
    await expect(table.getByRole('link', { name: `#${number}`, exact: true })).toBeVisible();
  });

  test('a column hidden in the column settings stays hidden after a reload', async ({ page }) => {
    await signIn(page, JON);
    await page.goto('/nine/rent-orders');
    const table = page.getByRole('table', { name: /^Rent Orders:/ });
    await expect(table.getByRole('columnheader', { name: /Planned finish/ })).toBeVisible();
    await page.getByRole('button', { name: 'Columns' }).click();
    const dialog = page.getByRole('dialog', { name: 'Column settings' });
    await dialog.locator('label').filter({ hasText: 'Show Planned finish' }).click();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(table.getByRole('columnheader', { name: /Planned finish/ })).toHaveCount(0);
    await page.reload();
    await expect(table.getByRole('columnheader', { name: /Planned start/ })).toBeVisible();
    await expect(table.getByRole('columnheader', { name: /Planned finish/ })).toHaveCount(0);
  });

  test('a non-numeric order id is not found', async ({ page }) => {
    await signIn(page, JON);
    await page.goto('/nine/rent-orders/latest');
    await expect(page.getByRole('heading', { name: 'Page not found', level: 1 })).toBeVisible();
  });

  test('delivers, returns and closes an order, confirming the warnings the server asks about', async ({
    page,
  }) => {
    // A confirmed Lakeside order of serialized items, its period moved ahead so both steps come early.
    const [order] = await sql<{ id: number; number: number }>(
      `UPDATE orders SET planned_start = now() + interval '2 days', planned_finish = now() + interval '3 days'
       WHERE id = (SELECT o.id FROM orders o JOIN locations l ON l.id = o.location_id
                   WHERE l.code = 'LAKE' AND o.type = 'rent' AND o.status = 'confirmed'
                     AND NOT EXISTS (SELECT 1 FROM order_items oi WHERE oi.order_id = o.id AND oi.item_id IS NULL)
                   ORDER BY o.id LIMIT 1)
       RETURNING id, number`,
    );
    expect(order).toBeDefined();
    await signIn(page, JON);
    await page.goto(`/nine/rent-orders/${order!.id}`);
    await expect(page.getByRole('heading', { name: `Order #${order!.number}` })).toBeVisible();
    const actions = page.getByRole('region', { name: 'Order actions' });

    await actions.getByRole('button', { name: /^Deliver all/ }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Please confirm' });
    await expect(confirm.getByText('It is earlier than the planned start.')).toBeVisible();
    await confirm.getByRole('button', { name: 'Continue anyway' }).click();
    await expect(page.getByText('Delivered.', { exact: true })).toBeVisible();
    const timeline = page.getByRole('region', { name: 'Timeline' });
    await expect(timeline.getByText('Delivered', { exact: true }).first()).toBeVisible();

    await actions.getByRole('button', { name: /^Return all/ }).click();
    await expect(confirm.getByText('It is earlier than the planned finish.')).toBeVisible();
    await confirm.getByRole('button', { name: 'Continue anyway' }).click();
    await expect(page.getByText('Returned.', { exact: true })).toBeVisible();

    // Nothing was paid: closing asks about the balance still due (close_with_balance_due = warn).
    await actions.getByRole('button', { name: 'Close order' }).click();
    await expect(confirm.getByText(/^A balance of \$[\d,.]+ is still due on this order\.$/)).toBeVisible();
    await confirm.getByRole('button', { name: 'Continue anyway' }).click();
    await expect(page.getByText('The order is closed.')).toBeVisible();
    await expect(actions.getByRole('button', { name: /Deliver|Return|Close/ })).toHaveCount(0);
    const [stored] = await sql<{ status: string }>('SELECT status FROM orders WHERE id = $1', [order!.id]);
    expect(stored!.status).toBe('closed');
  });
});

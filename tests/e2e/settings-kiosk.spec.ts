import { expect, test } from '@playwright/test';
import { sql } from './support/database.ts';
import { signIn } from './support/sign-in.ts';
import { createSpecUser } from './support/staff-user.ts';

// The kiosk interface (issue #18), as "kiosk-e2e@nine.test": an administrator at Lakeside holding the demo
// admin's access key (1234). Lakeside's kiosk list is the demo's (six bulk rent products).
const EMAIL = 'kiosk-e2e@nine.test';

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  await createSpecUser({ email: EMAIL, name: 'Kiosk Tester', withAccessKey: true, location: 'LAKE' });
});

test('kiosk mode: a customer rents from the kiosk list, and a manager’s access key leaves kiosk mode', async ({
  page,
}) => {
  await signIn(page, EMAIL);
  await page.goto('/nine/local-settings');
  // The location's kiosk list, editable here.
  const list = page.getByRole('region', { name: 'Kiosk products' });
  await expect(list.getByRole('listitem')).toHaveCount(6);

  await page.getByText('Kiosk mode', { exact: true }).click();
  await expect(page.getByRole('checkbox', { name: 'Kiosk mode' })).toBeChecked();
  await page.getByRole('button', { name: 'Save', exact: true }).click();

  // Only the kiosk from now on: no menu, and another address comes back to it.
  await expect(page).toHaveURL(/\/nine\/kiosk$/);
  await expect(page.getByRole('navigation', { name: 'Main menu' })).toHaveCount(0);
  await page.goto('/nine/rent-orders');
  await expect(page).toHaveURL(/\/nine\/kiosk$/);

  // The customer: a product, one day, a name and a phone.
  await expect(page.getByRole('heading', { name: 'Choose what you would like to rent' })).toBeVisible();
  await page
    .getByRole('button', { name: /per day/ })
    .first()
    .click();
  await page.getByRole('button', { name: /^1 day/ }).click();
  await page.getByLabel('First name').fill('Kiosk');
  await page.getByLabel('Last name').fill('Customer');
  await page.getByLabel('Phone number').fill('+1 530 555 0199');
  await page.getByRole('button', { name: 'Rent it' }).click();

  await expect(page.getByText('Please pay at the counter.')).toBeVisible();
  const number = Number(await page.getByLabel('Order number').textContent());
  const [order] = await sql<{ source: string; type: string; phone: string }>(
    `SELECT o.source, o.type, c.phone FROM orders o JOIN customers c ON c.id = o.customer_id WHERE o.number = $1`,
    [number],
  );
  expect(order).toEqual({ source: 'kiosk', type: 'rent', phone: '+1 530 555 0199' });
  await page.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByRole('heading', { name: 'Choose what you would like to rent' })).toBeVisible();

  // Leaving: a wrong key is refused, the manager's key lets the device go back to the back office.
  await page.getByRole('button', { name: 'Leave kiosk mode' }).click();
  const dialog = page.getByRole('alertdialog');
  await dialog.getByLabel('Access key').fill('0000');
  await dialog.getByRole('button', { name: 'Leave kiosk mode' }).click();
  await expect(dialog.getByRole('alert')).toBeVisible();
  await dialog.getByLabel('Access key').fill('1234');
  await dialog.getByRole('button', { name: 'Leave kiosk mode' }).click();
  await expect(page).toHaveURL(/\/nine\/dashboard$/);
  await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible();
});

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

test('kiosk mode: a customer rents from the kiosk list, finds the order and signs it, and a manager’s access key leaves kiosk mode', async ({
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

  // The customer: rent, a product, one day, a name and a phone.
  await expect(page.getByRole('heading', { name: 'What would you like to do?' })).toBeVisible();
  await page.getByRole('button', { name: /^Rent equipment/ }).click();
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

  // The same customer comes back: finds the order by its number and phone, and signs it on the pad.
  await expect(page.getByRole('heading', { name: 'What would you like to do?' })).toBeVisible();
  await page.getByRole('button', { name: /^Find my order/ }).click();
  await page.getByLabel('Order number').fill(String(number));
  await page.getByLabel('Phone number or e-mail').fill('530 555 0100');
  await page.getByRole('button', { name: 'Find my order' }).click();
  await expect(page.getByRole('alert')).toContainText('No order matches');
  await page.getByLabel('Phone number or e-mail').fill('530-555-0199');
  await page.getByRole('button', { name: 'Find my order' }).click();
  await expect(page.getByRole('heading', { name: `Order ${number}` })).toBeVisible();
  await expect(page.getByRole('list', { name: 'What the order holds' })).toContainText('1 ×');
  await page.getByLabel("Signer's name").fill('Kiosk Customer');
  const pad = await page.getByRole('img', { name: /Signature pad/ }).boundingBox();
  await page.mouse.move(pad!.x + 40, pad!.y + 60);
  await page.mouse.down();
  await page.mouse.move(pad!.x + 160, pad!.y + 90, { steps: 8 });
  await page.mouse.move(pad!.x + 260, pad!.y + 50, { steps: 8 });
  await page.mouse.up();
  await page.getByRole('button', { name: 'Sign', exact: true }).click();
  await expect(page.getByText(`Order ${number} is signed.`)).toBeVisible();
  const [signature] = await sql<{ method: string; signer_name: string }>(
    `SELECT s.method, s.signer_name FROM order_signatures s JOIN orders o ON o.id = s.order_id WHERE o.number = $1`,
    [number],
  );
  expect(signature).toEqual({ method: 'drawn', signer_name: 'Kiosk Customer' });
  await page.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByRole('heading', { name: 'What would you like to do?' })).toBeVisible();

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

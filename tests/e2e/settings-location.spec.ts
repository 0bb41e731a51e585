import { expect, test } from '@playwright/test';
import { signIn } from './support/sign-in.ts';
import { createSpecUser } from './support/staff-user.ts';

// Location settings as an administrator (the demo admin's roles) of a location of the spec's own
// ("Register Room", no register yet), so no other spec's drawers or settings change: a cash register added
// there is offered on the Cash registers page and opens; while it is open it cannot be deactivated.
const EMAIL = 'location-settings-e2e@nine.test';
const REGISTER = 'Front till';

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  await createSpecUser({
    email: EMAIL,
    name: 'Location Settings Tester',
    location: { name: 'Register Room', code: 'REGROOM', timeZone: 'UTC' },
  });
});

test('a cash register added in Location settings opens on the Cash registers page', async ({ page }) => {
  await signIn(page, EMAIL);
  await page.goto('/nine/settings/location');
  await expect(page.getByRole('heading', { level: 1, name: 'Location settings' })).toBeVisible();
  const general = page.getByRole('region', { name: 'General information' });
  await expect(general.getByRole('textbox', { name: /^Name/ })).toHaveValue('Register Room');

  const section = page.getByRole('region', { name: 'Cash registers' });
  await expect(section.getByText('This location has no cash register yet.')).toBeVisible();
  await section.getByRole('button', { name: 'Add cash register' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a cash register' });
  await dialog.getByRole('textbox', { name: /^Name/ }).fill(REGISTER);
  await dialog.getByRole('textbox', { name: /^Header title/ }).fill('Register Room Rentals');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  const row = section.getByRole('row', { name: new RegExp(REGISTER) });
  await expect(row).toContainText('Active');
  await expect(row).toContainText('Closed');

  await page.goto('/nine/cash-registers');
  const register = page.getByRole('region', { name: REGISTER });
  await expect(register.getByText('Closed', { exact: true })).toBeVisible();
  await register.getByRole('textbox', { name: 'Opening float' }).fill('25');
  await register.getByRole('button', { name: 'Open register' }).click();
  await expect(register.getByText('Expected in drawer')).toBeVisible();

  // An open register cannot be deactivated: the server says why.
  await page.goto('/nine/settings/location');
  const openRow = page
    .getByRole('region', { name: 'Cash registers' })
    .getByRole('row', { name: new RegExp(REGISTER) });
  await expect(openRow).toContainText('Open');
  await openRow.getByRole('button', { name: `Deactivate cash register ${REGISTER}` }).click();
  const confirm = page.getByRole('alertdialog', { name: `Deactivate cash register ${REGISTER}?` });
  await confirm.getByRole('button', { name: 'Deactivate' }).click();
  await expect(confirm).toContainText('close it on the Cash registers page');
});

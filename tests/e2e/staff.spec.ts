import { expect, test } from '@playwright/test';
import { sql } from './support/database.ts';
import { signIn } from './support/sign-in.ts';
import { createSpecUser } from './support/staff-user.ts';

// Our own administrator, at Lakeside only (so no location choice), a copy of the demo admin's role.
const ADMIN = 'staff-e2e@nine.test';
// What the admin creates here: unique per run, so a rerun on the same database starts clean.
const run = Date.now().toString(36);
const ROLE = `Dock hand ${run}`;
const DOCK = { name: `Dee Dock ${run}`, email: `dock-${run}-e2e@nine.test`, password: 'Dock-hand-42!' };

test.beforeAll(async () => {
  await createSpecUser({ email: ADMIN, name: 'Stella Staff', location: 'LAKE' });
});

test('an admin creates a role and a user with it; that user sees only what the role allows', async ({
  page,
  browser,
}) => {
  // Several screens, two browsers and background jobs on a machine shared by many runs.
  test.setTimeout(120_000);
  await signIn(page, ADMIN);
  const menu = page.getByRole('navigation', { name: 'Main menu' });

  // A role with two permissions.
  await menu.getByRole('link', { name: 'Roles' }).click();
  await expect(page).toHaveURL(/\/nine\/roles$/);
  await expect(page.getByRole('heading', { name: 'Users and roles', level: 1 })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Roles' })).toHaveAttribute('aria-selected', 'true');
  await page.getByRole('button', { name: 'Add role' }).click();
  const roleDialog = page.getByRole('dialog', { name: 'New role' });
  await roleDialog.getByLabel('Title').fill(ROLE);
  await roleDialog.getByRole('checkbox', { name: 'View on Rent orders' }).check();
  await roleDialog.getByRole('checkbox', { name: 'View on Customers' }).check();
  await roleDialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Changes Saved Successfully')).toBeVisible();
  await expect(roleDialog).toBeHidden();
  const roleRow = page.getByRole('row').filter({ hasText: ROLE });
  await expect(roleRow).toContainText('Customers, Rent orders');

  // A user holding it at Lakeside.
  await page.getByRole('tab', { name: 'Users' }).click();
  await expect(page).toHaveURL(/\/nine\/users$/);
  await page.getByRole('button', { name: 'Add user' }).click();
  const userDialog = page.getByRole('dialog', { name: 'New user' });
  await userDialog.getByLabel('Name').fill(DOCK.name);
  await userDialog.getByLabel('E-mail').fill(DOCK.email);
  await userDialog.getByLabel('Initial password').fill(DOCK.password);
  // Roles are ticked per location.
  await userDialog.getByRole('group', { name: 'Lakeside' }).getByText(ROLE, { exact: true }).click();
  await expect(
    userDialog.getByRole('group', { name: 'Lakeside' }).getByRole('checkbox', { name: ROLE }),
  ).toBeChecked();
  await userDialog.getByRole('button', { name: 'Save' }).click();
  await expect(userDialog).toBeHidden();
  await page.getByLabel('Search by name or e-mail').fill(DOCK.email);
  const userRow = page.getByRole('row').filter({ hasText: DOCK.email });
  await expect(userRow).toContainText(`${ROLE} · Lakeside`);
  await expect(userRow).toContainText('Active');

  // The admin's initial password is expired by design; here the admin lifts that for the test user.
  await userRow.getByRole('button', { name: `Edit ${DOCK.name}` }).click();
  const editDialog = page.getByRole('dialog', { name: `Edit ${DOCK.name}` });
  await editDialog.getByText('Must choose a new password at next sign-in').click();
  await editDialog.getByRole('button', { name: 'Save' }).click();
  await expect(editDialog).toBeHidden();

  // The new user, in a browser of their own, sees what the role allows and nothing else.
  const context = await browser.newContext();
  const dock = await context.newPage();
  await signIn(dock, DOCK.email, DOCK.password);
  const dockMenu = dock.getByRole('navigation', { name: 'Main menu' });
  await expect(dockMenu.getByRole('link', { name: 'Rent Orders' })).toBeVisible();
  await expect(dockMenu.getByRole('link', { name: 'Sale Orders' })).toHaveCount(0);
  await expect(dockMenu.getByRole('link', { name: 'Users' })).toHaveCount(0);
  await expect(dockMenu.getByRole('link', { name: 'Roles' })).toHaveCount(0);
  await dock.goto('/nine/users');
  await expect(dock).toHaveURL(/\/nine\/dashboard$/);
  await dock.goto('/nine/rent-orders');
  await expect(dock.getByRole('heading', { name: 'Rent Orders', level: 1 })).toBeVisible();

  // Deactivating (after confirming) ends their session at once.
  await userRow.getByRole('button', { name: `Deactivate ${DOCK.name}` }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Deactivate' }).click();
  await expect(userRow).toContainText('Inactive');
  await dock.reload();
  await expect(dock).toHaveURL(/\/nine\/auth\/login$/);
  await context.close();

  // Every change was audited.
  const audited = await sql<{ action: string }>(
    `SELECT a.action FROM audit_log a JOIN users u ON u.id = a.user_id
     WHERE u.email = $1 AND a.entity_type IN ('user', 'role') ORDER BY a.id`,
    [ADMIN],
  );
  expect(audited.map((r) => r.action).slice(-4)).toEqual(['saved', 'created', 'updated', 'deactivate']);
});

import { expect, test } from '@playwright/test';

const ADMIN = { email: 'admin@nine.test', password: 'Nine-demo-1' };

test.describe('signing in and out', () => {
  test('the demo admin signs in, sees the dashboard with its side menu and today’s figures, and signs out', async ({
    page,
  }) => {
    // The base path is the business's public landing page; its footer leads staff to the sign-in.
    await page.goto('/nine/');
    await page.getByRole('link', { name: 'Staff sign-in' }).click();
    await expect(page).toHaveURL(/\/nine\/auth\/login$/);
    await expect(page.getByRole('heading', { name: 'Log Into Your Account' })).toBeVisible();

    await page.getByLabel('Email').fill(ADMIN.email);
    await page.getByLabel('Password').fill(ADMIN.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    // The admin works in three locations: the location modal asks which one.
    await page
      .getByRole('alertdialog', { name: 'Choose a location' })
      .getByRole('button', { name: 'Harbor Front' })
      .click();

    await expect(page).toHaveURL(/\/nine\/dashboard$/);
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    await expect(menu.getByRole('link', { name: 'Dashboard' })).toBeVisible();
    await expect(page.getByText('Alex Admin')).toBeVisible();
    // Real figures from the seeded database, not placeholders.
    await expect(page.getByText('Open sale orders')).toBeVisible();
    await expect(page.getByText('Payments today')).toBeVisible();
    await expect(page.getByText(/\$\d/).first()).toBeVisible();
    await expect(page).toHaveTitle(/Dashboard/);

    await page.getByRole('button', { name: 'Log out' }).click();
    await expect(page).toHaveURL(/\/nine\/auth\/login$/);
    // The token is gone: the dashboard is no longer reachable.
    await page.goto('/nine/dashboard');
    await expect(page).toHaveURL(/\/nine\/auth\/login$/);
  });

  test('a wrong password shows the server’s translated error and keeps the user on the login page', async ({
    page,
  }) => {
    await page.goto('/nine/auth/login');
    await page.getByLabel('Email').fill(ADMIN.email);
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page.getByRole('alert')).toContainText('The e-mail or password is not correct.');
    await expect(page).toHaveURL(/\/nine\/auth\/login$/);
  });

  test('an unknown route answers with the not-found page', async ({ page }) => {
    await page.goto('/nine/no-such-screen');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page).not.toHaveURL(/dashboard/);
  });
});

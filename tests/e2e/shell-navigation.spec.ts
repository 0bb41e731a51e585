import { expect, test, type Page } from '@playwright/test';

const PASSWORD = 'Nine-demo-1';

async function signIn(page: Page, email: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

test.describe('navigation rules', () => {
  test('a route the user lacks the resource for sends to the dashboard', async ({ page }) => {
    // Ken Ito (Accountant, Harbor Front only) holds no `activity` permission.
    await page.goto('/nine/auth/login');
    await signIn(page, 'ken@nine.test');
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    await expect(menu.getByRole('link', { name: 'Local' })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Activity' })).toHaveCount(0);

    await page.goto('/nine/settings/activity');
    await expect(page).toHaveURL(/\/nine\/dashboard$/);
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    // Told why, and whom to ask for what.
    const notice = page.getByRole('alert').filter({ hasText: 'You do not have permission' });
    await expect(notice).toContainText('You do not have permission to open Activity Settings.');
    await expect(notice).toContainText('Ask an administrator for the Activities and messages permission.');
    await notice.getByRole('button', { name: 'Close' }).click();
    await expect(notice).toHaveCount(0);

    // Viewing rent orders is not creating them: no way in, and the address bar is refused with a reason.
    await expect(page.getByTestId('new-rent-order')).toHaveCount(0);
    await expect(menu.getByRole('link', { name: 'New Rent Order' })).toHaveCount(0);
    await page.keyboard.press('Alt+N');
    await expect(page).toHaveURL(/\/nine\/dashboard$/);
    await page.goto('/nine/create-order');
    await expect(page).toHaveURL(/\/nine\/dashboard$/);
    await expect(page.getByRole('alert').filter({ hasText: 'You do not have permission' })).toContainText(
      'Ask an administrator for the Rent orders (Change) permission.',
    );
  });

  test('New rent order: on the dashboard, the rent order list, the Orders menu and Alt+N', async ({
    page,
  }) => {
    // Léa Martin (Counter clerk, Old Town) may create rent orders; this only looks, it changes nothing.
    await page.goto('/nine/auth/login');
    await signIn(page, 'lea@nine.test');
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    const button = page.getByTestId('new-rent-order');
    await expect(button).toHaveText('New rent order');
    await expect(button).toHaveAttribute('title', 'New rent order (Alt+N)');
    await expect(button).toHaveAttribute('aria-keyshortcuts', 'Alt+N');
    await button.click();
    await expect(page).toHaveURL(/\/nine\/create-order$/);
    await expect(page.getByRole('heading', { name: 'Create Order', level: 1 })).toBeVisible();

    const menu = page.getByRole('navigation', { name: 'Main menu' });
    await menu.getByRole('link', { name: 'Rent Orders' }).click();
    await expect(page).toHaveURL(/\/nine\/rent-orders$/);
    await expect(page.getByTestId('new-rent-order')).toBeVisible();
    const menuLink = menu.getByRole('link', { name: 'New Rent Order' });
    await expect(menuLink).toHaveAttribute('aria-keyshortcuts', 'Alt+N');
    await expect(menuLink).toContainText('Alt+N');

    // Typed into a field, Alt+N stays there; elsewhere it opens the wizard.
    await page.getByRole('searchbox').first().focus();
    await page.keyboard.press('Alt+N');
    await expect(page).toHaveURL(/\/nine\/rent-orders$/);
    await page.getByRole('heading', { name: 'Rent Orders', level: 1 }).click();
    await page.keyboard.press('Alt+N');
    await expect(page).toHaveURL(/\/nine\/create-order$/);
    await expect(page.getByRole('heading', { name: 'Create Order', level: 1 })).toBeVisible();
  });

  test('the same route opens for a user holding the resource, with the location’s real settings', async ({
    page,
  }) => {
    await page.goto('/nine/settings/activity');
    await expect(page).toHaveURL(/\/nine\/auth\/login$/);
    await signIn(page, 'admin@nine.test');
    await page
      .getByRole('alertdialog', { name: 'Choose a location' })
      .getByRole('button', { name: 'Harbor Front' })
      .click();
    await expect(page).toHaveURL(/\/nine\/settings\/activity$/);
    await expect(page.getByRole('heading', { name: 'Activity Settings', level: 1 })).toBeVisible();
    await expect(page.getByText('How rentals work at Harbor Front, for rental type Rentals.')).toBeVisible();
    await expect(page.getByText('Delivering unpaid orders')).toBeVisible();
    await expect(page).toHaveTitle('Activity Settings');
  });

  test('local settings and version history are real screens with their titles', async ({ page }) => {
    await page.goto('/nine/auth/login');
    await signIn(page, 'ken@nine.test');
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    await menu.getByRole('link', { name: 'Version History' }).click();
    await expect(page).toHaveURL(/\/nine\/version-history$/);
    await expect(page).toHaveTitle('Version History');
    await expect(page.getByRole('heading', { level: 2, name: /^0\.1\.0/ })).toBeVisible();

    await menu.getByRole('link', { name: 'Local' }).click();
    await expect(page).toHaveTitle('Local Settings');
    await page.getByLabel('Order print width').selectOption('55mm');
    await page.getByLabel('Items per page').selectOption('50');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Changes Saved Successfully')).toBeVisible();
    await page.reload();
    await expect(page.getByLabel('Order print width')).toHaveValue('55mm');
    await expect(page.getByLabel('Items per page')).toHaveValue('50');
  });
});

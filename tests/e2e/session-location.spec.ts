import { expect, test, type Page } from '@playwright/test';

// Claire Dubois (Accountant) works in all three demo locations; no other spec signs in as her.
const CLAIRE = { email: 'claire@nine.test', password: 'Nine-demo-1' };

async function signIn(page: Page) {
  await page.goto('/nine/auth/login');
  await page.getByLabel('Email').fill(CLAIRE.email);
  await page.getByLabel('Password').fill(CLAIRE.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

test.describe('choosing a location', () => {
  test('several locations: the modal asks, the choice moves the session there, survives a reload and can change', async ({
    page,
  }) => {
    await signIn(page);
    await expect(page).toHaveURL(/\/nine\/dashboard$/);

    const modal = page.getByRole('alertdialog', { name: 'Choose a location' });
    await expect(modal).toBeVisible();
    await expect(modal.getByRole('button')).toHaveText(['Harbor Front', 'Lakeside', 'Old Town']);
    // The choice is owed: Escape does not dismiss it.
    await page.keyboard.press('Escape');
    await expect(modal).toBeVisible();

    const selected = page.waitForResponse((r) => /\/api\/nine\/locations\/\d+\/select$/.test(r.url()));
    await modal.getByRole('button', { name: 'Old Town' }).click();
    expect((await selected).ok()).toBe(true);
    await expect(modal).toBeHidden();
    await expect(page.getByText('Location: Old Town')).toBeVisible();
    // Today's figures are the chosen location's, from the server.
    await expect(page.getByText(/^Today at Old Town, \d\d\/\d\d\/\d{4}$/)).toBeVisible();

    await page.reload();
    await expect(page.getByText('Location: Old Town')).toBeVisible();
    await expect(page.getByRole('alertdialog')).toHaveCount(0);

    await page.getByRole('button', { name: 'Change location' }).click();
    const switcher = page.getByRole('dialog', { name: 'Choose a location' });
    await expect(switcher.getByRole('button', { name: /Old Town/ })).toHaveAttribute('aria-current', 'true');
    await switcher.getByRole('button', { name: 'Lakeside' }).click();
    await expect(switcher).toBeHidden();
    await expect(page.getByText('Location: Lakeside')).toBeVisible();
    await expect(page.getByText(/^Today at Lakeside, /)).toBeVisible();
  });
});

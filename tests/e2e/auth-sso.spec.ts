import { expect, test } from '@playwright/test';

// Tom Becker (Tour guide, Old Town and Lakeside); nine.test signs in through the local provider.
const TOM = 'tom@nine.test';

test('single sign-on against the local OpenID provider ends signed in, with the location choice', async ({
  page,
}) => {
  await page.goto('/nine/auth/login');
  await page.getByLabel('Email').fill(TOM);
  await page.getByLabel('Password').focus();
  const sso = page.getByRole('button', { name: 'Sign in with single sign-on' });
  await expect(sso).toBeVisible();
  await sso.click();

  // The provider's own pages (oidc-provider development interactions).
  await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/interaction\//);
  await page.locator('input[name="login"]').fill(TOM);
  await page.locator('input[name="password"]').fill('anything');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page).toHaveURL(/\/nine\/(auth\/sso\/sign-in|dashboard)/);
  const modal = page.getByRole('alertdialog', { name: 'Choose a location' });
  await expect(modal).toBeVisible();
  await expect(page).toHaveURL(/\/nine\/dashboard$/);
  await modal.getByRole('button', { name: 'Lakeside' }).click();
  await expect(page.getByText('Location: Lakeside')).toBeVisible();
  await expect(page.getByText('Tom Becker')).toBeVisible();
});

test('a refused single sign-on explains itself on the sign-in page, without the form', async ({ page }) => {
  await page.goto('/nine/auth/sso/sign-in?error=no_matching_user');
  await expect(page.getByRole('alert')).toHaveText(
    'No active staff account matches the account you signed in with.',
  );
  await expect(page.getByLabel('Password')).toHaveCount(0);
  await page.getByRole('link', { name: 'Back to sign in' }).click();
  await expect(page).toHaveURL(/\/nine\/auth\/login$/);
});

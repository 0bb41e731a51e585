import { expect, test, type Page } from '@playwright/test';

// Sam Carter (Counter clerk, Harbor Front only): one location, so no location modal.
const SAM = { email: 'sam@nine.test', password: 'Nine-demo-1' };

async function signIn(page: Page, labels: { email: string; password: string; submit: string }) {
  await page.getByLabel(labels.email, { exact: true }).fill(SAM.email);
  await page.getByLabel(labels.password, { exact: true }).fill(SAM.password);
  await page.getByRole('button', { name: labels.submit, exact: true }).click();
}

test.describe('language and dark mode', () => {
  test('fr-FR changes the visible text, is loaded on demand and survives a reload', async ({ page }) => {
    await page.goto('/nine/auth/login');
    await page.getByRole('combobox', { name: 'Language' }).selectOption('fr-FR');
    await expect(page.getByRole('heading', { name: 'Connectez-vous à votre compte' })).toBeVisible();
    await expect(page).toHaveTitle('Connexion');

    await page.reload();
    await expect(page.getByRole('heading', { name: 'Connectez-vous à votre compte' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr-FR');

    await signIn(page, { email: 'E-mail', password: 'Mot de passe', submit: 'Se connecter' });
    await expect(page.getByRole('heading', { name: 'Tableau de bord', level: 1 })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Menu principal' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Se déconnecter' })).toBeVisible();
  });

  test('es-ES chosen in the menu changes the visible text and survives a reload', async ({ page }) => {
    await page.goto('/nine/auth/login');
    await signIn(page, { email: 'Email', password: 'Password', submit: 'Sign in' });
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();

    await page.getByRole('combobox', { name: 'Language' }).selectOption('es-ES');
    await expect(page.getByRole('heading', { name: 'Panel', level: 1 })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Cerrar sesión' })).toBeVisible();

    await page.reload();
    await expect(page.getByRole('heading', { name: 'Panel', level: 1 })).toBeVisible();
    await expect(
      page.getByRole('navigation', { name: 'Menú principal' }).getByRole('link', { name: 'Panel' }),
    ).toBeVisible();
    await expect(page).toHaveTitle('Panel');
  });

  test('dark mode sets the dark class on the body and survives a reload', async ({ page }) => {
    await page.goto('/nine/auth/login');
    await signIn(page, { email: 'Email', password: 'Password', submit: 'Sign in' });
    const toggle = page.getByRole('switch', { name: 'Dark mode' });
    await expect(toggle).toHaveAttribute('aria-checked', 'false');
    await toggle.click();
    await expect(page.locator('body')).toHaveClass(/\bdark\b/);

    await page.reload();
    await expect(page.locator('body')).toHaveClass(/\bdark\b/);
    await expect(page.getByRole('switch', { name: 'Dark mode' })).toHaveAttribute('aria-checked', 'true');
    await page.getByRole('switch', { name: 'Dark mode' }).press('Space');
    await expect(page.locator('body')).not.toHaveClass(/\bdark\b/);
  });
});

import { expect, test } from '@playwright/test';
import { sql } from './support/database.ts';
import { lastMailTo } from './support/outbox.ts';

// Inés García (Tour guide, Harbor Front) belongs to this spec: her password changes, then is restored.
const INES = 'ines@nine.test';
const NEW_PASSWORD = 'Harbor-tours-2026';

test('password reset through the e-mail the server sent', async ({ page }) => {
  const [saved] = await sql<{ password_hash: string }>('SELECT password_hash FROM users WHERE email = $1', [
    INES,
  ]);
  try {
    await page.goto('/nine/auth/login');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await expect(page).toHaveURL(/\/nine\/auth\/forgot-password$/);
    await expect(page.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible();
    await page.getByLabel('Email').fill(INES);
    await page.getByRole('button', { name: 'Send the reset link' }).click();
    await expect(page.getByRole('status')).toContainText(`If ${INES} belongs to a staff account`);

    let mail: string | null = null;
    await expect
      .poll(async () => (mail = await lastMailTo(INES)), { timeout: 10_000 })
      .toContain('/nine/auth/reset-password?token=');
    const link = new URL(/https?:\/\/\S+\/nine\/auth\/reset-password\?token=[\w%-]+/.exec(mail!)![0]);

    await page.goto(`${link.pathname}${link.search}`);
    await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
    const rules = page.getByRole('list', { name: 'The new password must:' });
    await page.getByLabel('New password', { exact: true }).fill('harbor');
    await expect(rules.getByRole('listitem').filter({ hasText: 'contain a capital letter' })).toContainText(
      '(not met yet)',
    );
    await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await expect(rules.getByRole('listitem').filter({ hasText: 'contain a capital letter' })).toContainText(
      '(met)',
    );
    await page.getByLabel('Repeat the new password').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Save the new password' }).click();
    await expect(page.getByText('Your password was changed. Sign in with the new one.')).toBeVisible();

    // The link works once.
    await page.goto(`${link.pathname}${link.search}`);
    await page.getByLabel('New password', { exact: true }).fill('Another-pass-2026');
    await page.getByLabel('Repeat the new password').fill('Another-pass-2026');
    await page.getByRole('button', { name: 'Save the new password' }).click();
    await expect(page.getByRole('alert')).toContainText('This reset link is invalid or has expired.');

    await page.goto('/nine/auth/login');
    await page.getByLabel('Email').fill(INES);
    await page.getByLabel('Password').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    await expect(page.getByText('Inés García')).toBeVisible();
  } finally {
    await sql('UPDATE users SET password_hash = $1 WHERE email = $2', [saved!.password_hash, INES]);
  }
});

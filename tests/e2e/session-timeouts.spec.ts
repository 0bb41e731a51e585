import { expect, test, type Page } from '@playwright/test';
import { sql } from './support/database.ts';

// Ravi Patel (Tour guide, Lakeside only) belongs to this file alone: its tests end his sessions and
// change the access policy, so they run one after the other here.
const RAVI = { email: 'ravi@nine.test', password: 'Nine-demo-1' };
test.describe.configure({ mode: 'serial' });

async function signIn(page: Page) {
  await page.getByLabel('Email').fill(RAVI.email);
  await page.getByLabel('Password').fill(RAVI.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

test.describe('session end', () => {
  test('a session the server ended (401) sends to login and back to the remembered path', async ({
    page,
  }) => {
    await page.goto('/nine/version-history?from=e2e#top');
    await expect(page).toHaveURL(/\/nine\/auth\/login$/);
    await signIn(page);
    await expect(page).toHaveURL(/\/nine\/version-history\?from=e2e#top$/);
    await expect(page.getByRole('heading', { name: 'Version History', level: 1 })).toBeVisible();

    await sql(
      `UPDATE sessions SET expires_at = now() - interval '1 second'
       WHERE revoked_at IS NULL AND user_id = (SELECT id FROM users WHERE email = $1)`,
      [RAVI.email],
    );
    // The next call answers 401: the session is cleared and the path remembered.
    await page.reload();
    await expect(page).toHaveURL(/\/nine\/auth\/login$/);
    await expect(page.getByText('Your session has ended. Please sign in again.')).toBeVisible();
    await signIn(page);
    await expect(page).toHaveURL(/\/nine\/version-history\?from=e2e#top$/);
    await expect(page.getByRole('heading', { name: 'Version History', level: 1 })).toBeVisible();
  });

  test('the session expires at login time + expires_in, then login brings the user back', async ({
    page,
  }) => {
    await page.clock.install();
    await page.goto('/nine/auth/login');
    await signIn(page);
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Local' }).click();
    await expect(page).toHaveURL(/\/nine\/local-settings$/);

    // The demo server hands out 12-hour sessions.
    await page.clock.fastForward('12:00:01');
    await expect(page).toHaveURL(/\/nine\/auth\/login$/);
    await expect(page.getByText('Your session expired. Please sign in again.')).toBeVisible();
    await signIn(page);
    await expect(page).toHaveURL(/\/nine\/local-settings$/);
  });

  test('auto-logout after the configured minutes without activity', async ({ page }) => {
    const [before] = await sql<{ auto_logout_minutes: number }>(
      'SELECT auto_logout_minutes FROM access_policy WHERE id = 1',
    );
    await sql('UPDATE access_policy SET auto_logout_minutes = 1 WHERE id = 1');
    try {
      await page.clock.install();
      await page.goto('/nine/auth/login');
      const settings = page.waitForResponse((r) => r.url().includes('/api/nine/general-settings') && r.ok());
      await signIn(page);
      expect((await (await settings).json()).data.auto_logout_inactive_users_timeout).toBe(1);
      await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();

      // Half a minute idle is fine.
      await page.clock.fastForward('00:30');
      await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
      // A full minute without a mouse move or key press is not.
      await page.clock.fastForward('00:31');
      await page.clock.fastForward('00:10');
      await expect(page).toHaveURL(/\/nine\/auth\/login$/);
      await expect(
        page.getByText('You were signed out after a period without activity. Please sign in again.'),
      ).toBeVisible();
    } finally {
      await sql('UPDATE access_policy SET auto_logout_minutes = $1 WHERE id = 1', [
        before?.auto_logout_minutes ?? 0,
      ]);
    }
  });
});

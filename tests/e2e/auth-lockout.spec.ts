import { expect, test } from '@playwright/test';
import { sql } from './support/database.ts';

// Jon Park (Counter clerk, Lakeside) belongs to this spec: it locks him out, then lifts the lock.
const JON = 'jon@nine.test';

test('lock-out after the configured number of wrong passwords, even for the right one', async ({ page }) => {
  const [policy] = await sql<{ wrong_password_threshold: number }>(
    'SELECT wrong_password_threshold FROM access_policy WHERE id = 1',
  );
  await sql('UPDATE access_policy SET wrong_password_threshold = 3 WHERE id = 1');
  try {
    await page.goto('/nine/auth/login');
    await page.getByLabel('Email').fill(JON);
    for (let attempt = 1; attempt <= 2; attempt++) {
      await page.getByLabel('Password').fill(`wrong-${attempt}`);
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await expect(page.getByRole('alert')).toHaveText('The e-mail or password is not correct.');
    }
    await page.getByLabel('Password').fill('wrong-3');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page.getByRole('alert')).toHaveText(
      /^Too many wrong passwords\. The account is locked for \d+ more minute\(s\)\.$/,
    );

    await page.getByLabel('Password').fill('Nine-demo-1');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page.getByRole('alert')).toHaveText(/^Too many wrong passwords\./);
    await expect(page).toHaveURL(/\/nine\/auth\/login$/);
  } finally {
    await sql('UPDATE access_policy SET wrong_password_threshold = $1 WHERE id = 1', [
      policy?.wrong_password_threshold ?? 5,
    ]);
    await sql("DELETE FROM auth_failures WHERE kind = 'password' AND subject = $1", [JON]);
  }
});

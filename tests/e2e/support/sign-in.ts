import { expect, type Page } from '@playwright/test';
import { DEMO_PASSWORD } from './staff-user.ts';

/** Signs in on the login screen and waits for the dashboard (users of one location get no location choice). */
export async function signIn(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.goto('/nine/auth/login');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/nine\/dashboard$/);
}

import { expect, test } from '@playwright/test';
import { signIn } from './support/sign-in.ts';
import { createSpecUser } from './support/staff-user.ts';

// The business calendar (Location settings) and what it changes, as "calendar-e2e@nine.test": an
// administrator of a location of its own ("Calendar Room"), so no other spec sees its holidays.
const EMAIL = 'calendar-e2e@nine.test';

test.describe.configure({ mode: 'serial' });
test.use({ timezoneId: 'UTC' });

test.beforeAll(async () => {
  await createSpecUser({
    email: EMAIL,
    name: 'Calendar Tester',
    location: { name: 'Calendar Room', code: 'CALROOM', timeZone: 'UTC' },
  });
});

test('a holiday added in Location settings closes that day on the availability calendar', async ({
  page,
}) => {
  await signIn(page, EMAIL);
  await page.goto('/nine/settings/location');
  const section = page.getByRole('region', { name: 'Business calendar' });
  await expect(section.getByRole('group', { name: 'Monday' })).toBeVisible();

  await section.getByRole('button', { name: 'Add special day' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add special day' });
  await dialog.getByLabel(/^Date/).fill('2031-10-15');
  await expect(dialog.getByRole('checkbox', { name: /Closed all day/ })).toBeChecked();
  await dialog.getByLabel('Note').fill('Founders’ Day');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  const specialDays = section.getByRole('table', { name: 'Holidays and special days from today' });
  await expect(specialDays.getByRole('row', { name: /Founders’ Day/ })).toContainText('Closed');

  await page.goto('/nine/availability-calendar');
  await page.getByLabel('Month', { exact: true }).first().fill('2031-10');
  // The day's column says it is closed, to the eye and to a screen reader; the next day is open.
  const closedDay = page.getByRole('columnheader', { name: '10/15/2031, closed' });
  await expect(closedDay).toBeVisible();
  await expect(closedDay).toContainText('Closed');
  await expect(page.getByRole('columnheader', { name: '10/16/2031', exact: true })).toBeVisible();

  // The one-day view says so too.
  await page.getByLabel('View').selectOption('day');
  await page.getByLabel('Day', { exact: true }).first().fill('2031-10-15');
  await expect(page.getByText('The location is closed on this day.')).toBeVisible();
});

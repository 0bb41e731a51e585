import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { sql } from './support/database.ts';
import { signIn } from './support/sign-in.ts';
import { createSpecUser } from './support/staff-user.ts';

/** web/src/lib/toast.tsx TOAST_LOCK_MS: after a toast shows, others within this time are dropped. */
const TOAST_LOCK_MS = 2000;

// Our own counter clerk at Lakeside (a copy of Jon Park's role, customer manage), used by no other spec.
const CLERK = 'cust-e2e@nine.test';
// SMS go to the outbox's sms folder: the server runs without a gateway.
const SMS_OUTBOX = join(process.env.E2E_OUTBOX_DIR!, 'sms');
// A surname of this run only, so reruns and the seeded customers never match the search.
const SURNAME = `Csvtest${Date.now().toString(36)}`;

test.beforeAll(async () => {
  await createSpecUser({ email: CLERK, name: 'Cora Stomer', copyFrom: 'jon@nine.test' });
});

const csv = (name: string, lines: string[]) => ({
  name,
  mimeType: 'text/csv',
  buffer: Buffer.from(['first_name,last_name,email,phone,postal_code', ...lines].join('\n') + '\n'),
});

const countImported = async () =>
  (await sql<{ n: number }>('SELECT count(*)::int AS n FROM customers WHERE last_name = $1', [SURNAME]))[0]!
    .n;

test('imports customers from a CSV (a bad file changes nothing), finds one, and sends an SMS from the detail', async ({
  page,
}) => {
  // Two uploads, a search, the detail and an SMS: more steps than the default 30 s allow on a busy machine.
  test.setTimeout(90_000);
  await signIn(page, CLERK);
  await page
    .getByRole('navigation', { name: 'Main menu' })
    .getByRole('link', { name: 'Customers', exact: true })
    .click();
  await expect(page).toHaveURL(/\/nine\/customers$/);
  await expect(page.getByRole('heading', { name: 'Customers', level: 1 })).toBeVisible();

  // A file with one bad row: the report names it, and nothing is imported.
  await page.getByRole('button', { name: 'Upload CSV' }).click();
  const dialog = page.getByRole('dialog', { name: 'Upload customers from a CSV file' });
  await dialog
    .getByLabel('CSV file')
    .setInputFiles(
      csv('customers-bad.csv', [
        `Alma,${SURNAME},alma@example.com,+1 415 555 0101,94133`,
        `Bert,${SURNAME},not-an-email,+1 415 555 0102,94133`,
        `Cleo,${SURNAME},cleo@example.com,+1 415 555 0103,94133`,
      ]),
    );
  await dialog.getByRole('button', { name: 'Upload' }).click();
  await expect(
    dialog.getByText(
      '1 of 3 rows were refused, so nothing was imported. Correct them and upload the file again.',
    ),
  ).toBeVisible();
  const report = dialog.getByRole('table', { name: 'Refused rows' });
  await expect(report.getByRole('row')).toHaveCount(2);
  await expect(report.getByRole('row').nth(1)).toHaveText(/^3\s*email: not valid$/);
  expect(await countImported()).toBe(0);

  // The corrected file goes in whole.
  await dialog
    .getByLabel('CSV file')
    .setInputFiles(
      csv('customers-good.csv', [
        `Alma,${SURNAME},alma@example.com,+1 415 555 0101,94133`,
        `Bert,${SURNAME},bert@example.com,+1 415 555 0102,94133`,
        `Cleo,${SURNAME},cleo@example.com,+1 415 555 0103,94133`,
      ]),
    );
  await expect(report).toBeHidden();
  await dialog.getByRole('button', { name: 'Upload' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('3 customers were imported.')).toBeVisible();
  // Toasts show one per 2 s and drop the rest (the spec's lock): the SMS confirmation below must not
  // fall inside the import's 2 s, which a fast run otherwise reaches.
  const importShownAt = Date.now();
  expect(await countImported()).toBe(3);

  // Find one of them and open the detail.
  await page.getByRole('searchbox', { name: 'Search customers' }).fill(`bert ${SURNAME}`);
  const table = page.getByRole('table', { name: 'Customers' });
  await expect(table.locator('tbody tr')).toHaveCount(1);
  await expect(page.getByText('Total: 1', { exact: true })).toBeVisible();
  await table.getByRole('link', { name: `Bert ${SURNAME}` }).click();
  await expect(page).toHaveURL(/\/nine\/customers\/\d+$/);
  await expect(page.getByRole('heading', { name: `Bert ${SURNAME}`, level: 1 })).toBeVisible();
  await expect(page.getByText('bert@example.com')).toBeVisible();
  await expect(page.getByText('No orders yet.')).toBeVisible();

  // Send an SMS from a template; it shows in the messages list and lands in the outbox.
  await page.getByRole('button', { name: 'Send SMS' }).click();
  const sms = page.getByRole('dialog', { name: 'Send SMS' });
  await expect(sms.getByText(`To Bert ${SURNAME}, +1 415 555 0102`)).toBeVisible();
  await sms.getByLabel('Template').selectOption('ready');
  await expect(sms.getByTestId('sms-preview')).toHaveText(
    'Hello Bert, your order is ready for pick-up. See you soon!',
  );
  await page.waitForTimeout(Math.max(0, TOAST_LOCK_MS + 200 - (Date.now() - importShownAt)));
  await sms.getByRole('button', { name: 'Send', exact: true }).click();
  // The confirmation leaves after 5 s: looked for first, while the dialog closes, not after.
  await expect(page.getByText('The SMS to +1 415 555 0102 was sent.')).toBeVisible();
  await expect(sms).toBeHidden();
  const messages = page.getByRole('tabpanel', { name: 'Messages' });
  await expect(page.getByRole('tab', { name: 'Messages' })).toHaveAttribute('aria-selected', 'true');
  const row = messages.getByRole('row').filter({ hasText: 'Hello Bert, your order is ready for pick-up.' });
  await expect(row).toContainText('+1 415 555 0102');
  await expect(row).toContainText('Sent');
  await expect(row).toContainText('Cora Stomer');

  const files = (await readdir(SMS_OUTBOX)).filter((f) => f.endsWith('-+14155550102.txt'));
  expect(files).toHaveLength(1);
  expect(await readFile(join(SMS_OUTBOX, files[0]!), 'utf8')).toBe(
    'To: +1 415 555 0102\n\nHello Bert, your order is ready for pick-up. See you soon!\n',
  );
});

import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { sql } from './support/database.ts';
import { signIn } from './support/sign-in.ts';
import { createSpecUser } from './support/staff-user.ts';

// The tour definition editor (issue #19), as "tour-definitions-e2e@nine.test": an administrator at Lakeside,
// whose demo tour settings give it a meeting point, four age groups and published terms.
const EMAIL = 'tour-definitions-e2e@nine.test';
const PHOTO = fileURLToPath(new URL('./fixtures/tour-photo.png', import.meta.url));
const CODE = `E2E-${Date.now().toString(36).slice(-6).toUpperCase()}`;

test.beforeAll(async () => {
  await createSpecUser({ email: EMAIL, name: 'Tour Definitions Tester', location: 'LAKE' });
});

test('a tour is written through the seven steps, with a gallery image and equipment, and published', async ({
  page,
}) => {
  await signIn(page, EMAIL);
  await page.goto('/nine/tour-management/definitions/new/basic-info');
  await expect(page.getByRole('heading', { name: 'Step 1 of 7: Basic info' })).toBeVisible();
  const steps = page.getByRole('navigation', { name: 'Editor steps' });
  await expect(steps.locator('[aria-current="step"]')).toContainText('Basic info');

  // The shared schema refuses an empty form before anything is sent.
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await expect(page.getByText('Use 2 to 20 letters, digits or dashes.')).toBeVisible();

  await page.getByLabel('Name').fill('Evening Lake Paddle');
  await page.getByLabel('Code').fill(CODE);
  await page.getByLabel('Group').selectOption({ label: 'Kayak' });
  await page.getByLabel('Duration').fill('150');
  await page.getByRole('group', { name: 'Languages' }).getByText('English', { exact: true }).click();
  await expect(page.getByRole('checkbox', { name: 'English' })).toBeChecked();
  await page.getByRole('button', { name: 'Save and continue' }).click();

  // The draft exists: its id replaced "new" in the address.
  await expect(page).toHaveURL(/\/nine\/tour-management\/definitions\/\d+\/pricing$/);
  const id = Number(/definitions\/(\d+)\//.exec(page.url())![1]);
  await page.getByLabel('Price: Adult').fill('40.00');
  // Youth is 80 % and Child 50 % of the adult price (their age groups' rules).
  await expect(page.getByLabel('Price: Youth')).toHaveValue('32.00');
  await expect(page.getByLabel('Price: Child')).toHaveValue('20.00');
  await expect(page.getByLabel('Price: Infant')).toHaveValue('0.00');
  await page.getByRole('button', { name: 'Save and continue' }).click();

  await expect(page.getByRole('heading', { name: 'Step 3 of 7: Cancellation fee' })).toBeVisible();
  await expect(
    page.getByText('48 h or more before: free, 24–48 h: 50 %, less than 24 h: 100 %'),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Save and continue' }).click();

  await expect(page.getByRole('heading', { name: 'Step 4 of 7: Gallery' })).toBeVisible();
  await page.getByLabel('Add images').setInputFiles(PHOTO);
  const images = page.getByRole('list', { name: 'Images, in the order shown to customers' });
  await expect(images.getByRole('listitem')).toHaveCount(1);
  // The first image is the cover.
  await expect(images.getByRole('button', { name: 'Make image 1 the cover' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await page.getByLabel('Description of image 1 (for screen readers)').fill('Kayaks on the lake at dusk');
  await page.getByLabel('Description of image 1 (for screen readers)').blur();
  await expect(images.getByRole('img', { name: 'Kayaks on the lake at dusk' })).toBeVisible();
  await page.getByRole('button', { name: 'Save and continue' }).click();

  await expect(page.getByRole('heading', { name: 'Step 5 of 7: Location' })).toBeVisible();
  const meeting = page.getByLabel('Meeting point');
  await meeting.selectOption({ index: 1 });
  await page.getByRole('button', { name: 'Save and continue' }).click();

  await expect(page.getByRole('heading', { name: 'Step 6 of 7: Equipment' })).toBeVisible();
  await page.getByLabel('Find a rental product').fill('kayak');
  const results = page.getByRole('list', { name: 'Rental products found' });
  await results.getByRole('button').first().click();
  await page.getByLabel('For every N participants').fill('2');
  await expect(page.getByText(/^For 6 Adult and 2 Youth: 4 × /)).toBeVisible();
  await page.getByRole('button', { name: 'Save and continue' }).click();

  await expect(page.getByRole('heading', { name: 'Step 7 of 7: Description' })).toBeVisible();
  await page.getByRole('textbox', { name: /^Description/ }).click();
  await page.keyboard.type('Paddle into the sunset with a local guide.');
  await page.getByLabel('Terms').selectOption({ label: 'Booking terms (version 1)' });
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  // Publish waits for the save (the editor is busy meanwhile).

  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByText('The tour is published: events can now be scheduled.')).toBeVisible();
  const [saved] = await sql<{ status: string; steps: number; images: number; items: number; prices: number }>(
    `SELECT d.status::text AS status, cardinality(d.steps_done) AS steps,
       (SELECT count(*)::int FROM tour_definition_images WHERE definition_id = d.id) AS images,
       (SELECT count(*)::int FROM tour_definition_items WHERE definition_id = d.id) AS items,
       (SELECT count(*)::int FROM tour_definition_prices WHERE definition_id = d.id) AS prices
     FROM tour_definitions d WHERE d.id = $1`,
    [id],
  );
  expect(saved).toEqual({ status: 'active', steps: 7, images: 1, items: 1, prices: 4 });

  // Back leaves the editor for the tours list (navigation rule 4).
  await page.goBack();
  await expect(page).toHaveURL(/\/nine\/tour-management\/definitions\/tours$/);
});

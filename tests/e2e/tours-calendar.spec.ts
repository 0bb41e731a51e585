import { expect, test } from '@playwright/test';
import { apiHeaders } from './support/api-headers.ts';
import { sql } from './support/database.ts';
import { signIn } from './support/sign-in.ts';
import { createSpecUser } from './support/staff-user.ts';
import { addDays, firstTuesday, MADRID_ZONE } from './support/tour-days.ts';

// The tour events calendar (issue #19), as "tours-calendar-e2e@nine.test": an administrator of a location
// of its own in Madrid, so the grid must show Madrid's clock whatever the browser's zone, and no other
// spec's departures show. Its one tour is written straight into the database (the editor has its own spec).
const EMAIL = 'tours-calendar-e2e@nine.test';
const RUN = Date.now().toString(36).slice(-5).toUpperCase();
const TOUR = `Calendar Walk ${RUN}`;
let locationId = 0;
let definitionId = 0;

test.beforeAll(async () => {
  ({ locationId } = (await createSpecUser({
    email: EMAIL,
    name: 'Tours Calendar Tester',
    location: { name: `Calendar Bay ${RUN}`, code: `CB${RUN}`, timeZone: MADRID_ZONE },
  })) as { locationId: number });
  [{ id: definitionId }] = (await sql<{ id: number }>(
    `INSERT INTO tour_definitions (location_id, code, name, status, steps_done, duration_minutes, capacity,
                                   min_participants, participants_per_leader, min_leaders, languages)
     VALUES ($1, $2, $3, 'active',
             ARRAY['basic-info','pricing','cancellation-fee','gallery','location','items','description'],
             90, 20, 2, 10, 1, ARRAY['en'])
     RETURNING id`,
    [locationId, `CAL-${RUN}`, TOUR],
  )) as [{ id: number }];
});

test('a scheduled series shows in the calendar, and a departure is dragged to another day', async ({
  page,
  request,
}) => {
  const tuesday = firstTuesday();
  const wednesday = addDays(tuesday, 1);
  // Tuesdays and Thursdays at 09:00 for two weeks: four departures.
  const created = await request.post('/api/nine/tours/event-series', {
    headers: await apiHeaders(request, EMAIL, locationId),
    data: {
      definition_id: definitionId,
      rrule: 'FREQ=WEEKLY;BYDAY=TU,TH',
      first_day: tuesday,
      last_day: addDays(tuesday, 13),
      start_time: '09:00',
      exdates: [],
    },
  });
  expect(created.status()).toBe(201);
  expect(((await created.json()) as { data: { created: number } }).data.created).toBe(4);

  await signIn(page, EMAIL);
  await page.goto(`/nine/tours/events/calendar?date=${tuesday}`);
  const calendar = page.getByRole('region', { name: 'Tour events calendar' });
  // Month view: the departure on Tuesday at 9:00 Madrid time, with its 20 free seats.
  const monthDay = calendar.locator(`td.fc-daygrid-day[data-date="${tuesday}"]`);
  await expect(monthDay.getByRole('button', { name: new RegExp(`${TOUR}, 20 left`) })).toBeVisible();
  await expect(monthDay.getByText('9:00 AM')).toBeVisible();

  // Week view, from the calendar's own button; the address follows.
  await calendar.getByRole('button', { name: 'Week' }).click();
  await expect(page).toHaveURL(new RegExp(`view=week&date=${tuesday}`));
  const source = calendar.locator(`td.fc-timegrid-col[data-date="${tuesday}"] .fc-event`);
  await expect(source).toContainText(TOUR);
  const target = calendar.locator(`td.fc-timegrid-col[data-date="${wednesday}"]`);
  // The week shows the whole day: bring 9:00 into view before reading where things are.
  await source.scrollIntoViewIfNeeded();
  const from = (await source.boundingBox())!;
  const to = (await target.boundingBox())!;
  // Grab near the top of the event and move it straight across one column: same time, next day.
  await page.mouse.move(from.x + from.width / 2, from.y + 4);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2 + 10, from.y + 4, { steps: 4 });
  await page.mouse.move(to.x + to.width / 2, from.y + 4, { steps: 12 });
  await page.mouse.up();

  const confirm = page.getByRole('alertdialog', { name: 'Move this departure?' });
  await expect(confirm).toContainText(`Move ${TOUR} to `);
  await expect(confirm).toContainText('9:00 AM? 0 participants are affected.');
  await confirm.getByRole('button', { name: 'Move' }).click();
  await expect(confirm).toBeHidden();

  // Saved: after a reload it is on Wednesday, still at 9:00 in Madrid.
  await page.reload();
  const moved = page
    .getByRole('region', { name: 'Tour events calendar' })
    .locator(`td.fc-timegrid-col[data-date="${wednesday}"] .fc-event`);
  await expect(moved).toContainText(TOUR);
  await expect(moved).toContainText('9:00 AM');
  const [row] = await sql<{ local: string; detached: boolean }>(
    `SELECT to_char(starts_at AT TIME ZONE $2, 'YYYY-MM-DD HH24:MI') AS local, detached
     FROM tour_events WHERE definition_id = $1 AND detached`,
    [definitionId, MADRID_ZONE],
  );
  expect(row).toEqual({ local: `${wednesday} 09:00`, detached: true });
});

import { expect, test, type Page } from '@playwright/test';
import { sql } from './support/database.ts';
import { signIn } from './support/sign-in.ts';
import { createSpecUser } from './support/staff-user.ts';
import { addDays, firstTuesday, MADRID_ZONE } from './support/tour-days.ts';

// Tour events and their leaders (issue #19), as "tours-events-e2e@nine.test": an administrator of a location
// of its own in Madrid (the list must show Madrid's clock whatever the browser's zone, and no other spec's
// departures), who is also a tour leader with no weekly hours (available any time). The one tour is written
// straight into the database (the editor has its own spec).
const EMAIL = 'tours-events-e2e@nine.test';
const LEADER = 'Tours Events Tester';
const RUN = Date.now().toString(36).slice(-5).toUpperCase();
const TOUR = `Events Walk ${RUN}`;
let locationId = 0;
let definitionId = 0;
let leaderId = 0;

test.beforeAll(async () => {
  const user = await createSpecUser({
    email: EMAIL,
    name: LEADER,
    location: { name: `Events Bay ${RUN}`, code: `EB${RUN}`, timeZone: MADRID_ZONE },
  });
  locationId = user.locationId!;
  [{ id: definitionId }] = (await sql<{ id: number }>(
    `INSERT INTO tour_definitions (location_id, code, name, status, steps_done, duration_minutes, capacity,
                                   min_participants, participants_per_leader, min_leaders, languages)
     VALUES ($1, $2, $3, 'active',
             ARRAY['basic-info','pricing','cancellation-fee','gallery','location','items','description'],
             90, 20, 2, 10, 1, ARRAY['en'])
     RETURNING id`,
    [locationId, `EVT-${RUN}`, TOUR],
  )) as [{ id: number }];
  await sql(`INSERT INTO tour_leaders (user_id) VALUES ($1) ON CONFLICT (user_id) DO NOTHING`, [user.userId]);
  [{ id: leaderId }] = (await sql<{ id: number }>(`SELECT id FROM tour_leaders WHERE user_id = $1`, [
    user.userId,
  ])) as [{ id: number }];
});

/** A departure as the screens show it in en-US ("12/01/2026, 9:00 AM"; Intl may put a narrow space before AM). */
function shown(day: string, time: string): string {
  const [year, month, date] = day.split('-');
  return `${month}/${date}/${year}, ${time.replace(' ', '\\s')}`;
}

const eventDialog = (page: Page, day: string, time: string) =>
  page.getByRole('dialog', { name: new RegExp(`^${TOUR}, ${shown(day, time)}$`) });

test('a weekly schedule makes its departures, a leader is assigned, and an overlapping one is refused', async ({
  page,
}) => {
  const tuesday = firstTuesday();
  const thursday = addDays(tuesday, 2);
  await signIn(page, EMAIL);
  await page.goto('/nine/tours/events');
  await expect(page.getByRole('heading', { name: 'Tour events', exact: true })).toBeVisible();

  // 1. Tuesdays and Thursdays at 9:00 for two weeks, the first Thursday skipped: three departures.
  await page.getByRole('button', { name: 'New schedule' }).click();
  const schedule = page.getByRole('dialog', { name: 'New schedule' });
  await schedule.getByRole('combobox', { name: 'Tour', exact: true }).selectOption({ label: TOUR });
  await expect(schedule.getByLabel('Repeats')).toHaveValue('weekly');
  await schedule.getByText('Tue', { exact: true }).click();
  await schedule.getByText('Thu', { exact: true }).click();
  await expect(schedule.getByRole('checkbox', { name: 'Tuesday' })).toBeChecked();
  await expect(schedule.getByRole('checkbox', { name: 'Thursday' })).toBeChecked();
  await schedule.getByLabel('First day').fill(tuesday);
  await schedule.getByLabel('Last day').fill(addDays(tuesday, 13));
  await schedule.getByLabel('Start time').fill('09:00');
  await schedule.getByLabel('Skip a day').fill(thursday);
  await schedule.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(schedule.getByRole('list', { name: 'Days skipped' }).getByRole('listitem')).toHaveCount(1);
  await schedule.getByRole('button', { name: 'Preview', exact: true }).click();
  const preview = schedule.getByRole('region', { name: 'Preview' });
  await expect(preview.getByRole('status')).toHaveText('3 events will be created:');
  const days = [tuesday, addDays(tuesday, 7), addDays(tuesday, 9)];
  await expect(preview.getByRole('listitem')).toHaveText(
    days.map((day) => new RegExp(shown(day, '9:00 AM'))),
  );
  await schedule.getByRole('button', { name: 'Create 3 events' }).click();
  await expect(schedule.getByText('3 events were created.')).toBeVisible();
  await schedule.getByRole('button', { name: 'Done' }).click();
  await expect(schedule).toBeHidden();

  // The list shows them on Madrid's clock, 9:00 to 10:30, earliest first.
  const rows = page.getByRole('table', { name: 'Tour events' }).getByRole('row').filter({ hasText: TOUR });
  await expect(rows).toHaveText(days.map((day) => new RegExp(`${shown(day, '9:00 AM')} – 10:30\\sAM`)));
  const saved = await sql<{ local: string }>(
    `SELECT to_char(starts_at AT TIME ZONE $2, 'YYYY-MM-DD HH24:MI') AS local
     FROM tour_events WHERE definition_id = $1 ORDER BY starts_at`,
    [definitionId, MADRID_ZONE],
  );
  expect(saved.map((row) => row.local)).toEqual(days.map((day) => `${day} 09:00`));

  // 2. The first departure gets the leader (20 seats at 10 per leader need 2).
  await rows
    .first()
    .getByRole('button', { name: /^Open / })
    .click();
  const first = eventDialog(page, tuesday, '9:00 AM');
  await expect(first.getByText('No leader is assigned yet.')).toBeVisible();
  await first.getByRole('combobox', { name: 'Leader', exact: true }).selectOption({ label: LEADER });
  await first.getByRole('button', { name: 'Assign leader' }).click();
  await expect(first.getByRole('list', { name: 'Assigned leaders' })).toContainText(LEADER);
  await expect(first.getByText('1 of 2 leaders needed are assigned.')).toBeVisible();
  const assigned = await sql<{ local: string }>(
    `SELECT to_char(e.starts_at AT TIME ZONE $2, 'YYYY-MM-DD HH24:MI') AS local
     FROM tour_event_leaders l JOIN tour_events e ON e.id = l.event_id
     WHERE l.leader_id = $1 AND NOT l.released`,
    [leaderId, MADRID_ZONE],
  );
  expect(assigned).toEqual([{ local: `${tuesday} 09:00` }]);
  await first.getByRole('button', { name: 'Close', exact: true }).first().click();
  await expect(first).toBeHidden();

  // 3. A one-off departure the same Tuesday at 9:30 overlaps the first: the same leader is refused.
  await page.getByRole('button', { name: 'New event' }).click();
  const single = page.getByRole('dialog', { name: 'New event' });
  await single.getByRole('combobox', { name: 'Tour', exact: true }).selectOption({ label: TOUR });
  await single.getByLabel('Date and time').fill(`${tuesday}T09:30`);
  await single.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(
    single.getByText(new RegExp(`^${TOUR} on ${shown(tuesday, '9:30 AM')} was created\\.$`)),
  ).toBeVisible();
  await single.getByRole('button', { name: 'Open the event' }).click();
  const second = eventDialog(page, tuesday, '9:30 AM');
  await second.getByRole('combobox', { name: 'Leader', exact: true }).selectOption({ label: LEADER });
  await second.getByRole('button', { name: 'Assign leader' }).click();
  const refusal = second.getByRole('alert');
  await expect(refusal).toContainText(
    'This leader already leads another departure at that time. Pick another leader or move one of the departures.',
  );
  await expect(refusal).toContainText(
    new RegExp(`Already leading a departure on ${shown(tuesday, '9:00 AM')}\\.`),
  );
  await expect(second.getByText('No leader is assigned yet.')).toBeVisible();
  const [{ n }] = (await sql<{ n: number }>(
    `SELECT count(*)::int AS n FROM tour_event_leaders l JOIN tour_events e ON e.id = l.event_id
     WHERE e.definition_id = $1 AND e.series_id IS NULL`,
    [definitionId],
  )) as [{ n: number }];
  expect(n).toBe(0);
});

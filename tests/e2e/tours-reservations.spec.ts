import { expect, test, type Locator, type Page } from '@playwright/test';
import { pairAgent, spooledSince } from './support/counter-agent.ts';
import { sql } from './support/database.ts';
import { drawSignature } from './support/signature-pad.ts';
import { signIn } from './support/sign-in.ts';
import { createSpecUser } from './support/staff-user.ts';
import { addDays, MADRID_ZONE, madridToday } from './support/tour-days.ts';

// A tour booking end to end (issue #20), as "tours-reservations-<run>@nine.test": an administrator of a location
// of its own in Madrid (prices include tax there, so the figures are the tour's prices) with one tour written
// straight into the database: Adult $40.00, Child $20.00 (a guardian signs), the "Activity waiver", fee tiers
// 48 h 0 %, 24 h 50 %, 0 h 100 %, and two departures: in five days and in about 30 hours.
// Staff book 3 adults and a child on the later one through the events list and move the booking to the one 30 hours
// ahead, then make the share link and copy it; in a browser of their own the family add themselves, sign (the
// child's mother for the child) and pay by test card; staff see everyone signed and nothing due, print the 55 mm
// receipt through the agent and the manifest, and cancel: the 24-hour tier keeps 50 % ($70.00), $70.00 goes back.
const RUN = Date.now().toString(36).slice(-5).toUpperCase();
// One user per run: a rerun on the same database would otherwise hold two locations and be asked to choose.
const EMAIL = `tours-reservations-${RUN.toLowerCase()}@nine.test`;
const TOUR = `Cove Paddle ${RUN}`;
const FAMILY = 'Lindqvist';
/** The sentence a waiver records as agreed to (the server's, in the page's language). */
const CONSENT = 'I have read and agree to the terms above, and I confirm the information given is correct.';
const CHILD_BIRTH_YEAR = Number(madridToday().slice(0, 4)) - 8;
let locationId = 0;
let laterEventId = 0;
let soonEventId = 0;
const laterDay = addDays(madridToday(), 5);

test.beforeAll(async () => {
  const user = await createSpecUser({
    email: EMAIL,
    name: 'Tove Booker',
    location: { name: `Cove Bay ${RUN}`, code: `CB${RUN}`, timeZone: MADRID_ZONE },
  });
  locationId = user.locationId!;
  await sql(`UPDATE general_settings SET is_tax_included = true WHERE location_id = $1`, [locationId]);
  await sql(`INSERT INTO tour_settings (location_id) VALUES ($1)`, [locationId]);
  const [{ id: definitionId }] = (await sql<{ id: number }>(
    `INSERT INTO tour_definitions (location_id, code, name, status, steps_done, duration_minutes, capacity,
                                   min_participants, participants_per_leader, min_leaders, languages, taxable,
                                   terms_id, waiver_id)
     VALUES ($1, $2, $3, 'active',
             ARRAY['basic-info','pricing','cancellation-fee','gallery','location','items','description'],
             120, 12, 1, 12, 0, ARRAY['en'], true,
             (SELECT id FROM tour_terms WHERE title = 'Booking terms'),
             (SELECT id FROM tour_terms WHERE title = 'Activity waiver'))
     RETURNING id`,
    [locationId, `CP-${RUN}`, TOUR],
  )) as [{ id: number }];
  await sql(
    `INSERT INTO tour_definition_prices (definition_id, age_group_id, price_minor)
     SELECT $1, id, CASE name WHEN 'Adult' THEN 4000 ELSE 2000 END FROM tour_age_groups
     WHERE name IN ('Adult', 'Child')`,
    [definitionId],
  );
  await sql(
    `INSERT INTO tour_definition_cancellation_tiers (definition_id, hours_before, fee_bp)
     VALUES ($1, 48, 0), ($1, 24, 5000), ($1, 0, 10000)`,
    [definitionId],
  );
  // The later one at 10:00 in five days on Madrid's clock; the soon one 30.5 hours from now, so the cancel a
  // minute or two later falls 30 hours before it, in the 24-hour tier.
  const addEvent = async (startsAt: string, params: unknown[]) =>
    (
      (await sql<{ id: number }>(
        `INSERT INTO tour_events (definition_id, location_id, starts_at, ends_at, capacity, min_participants)
         SELECT $1, $2, s, s + interval '2 hours', 12, 1 FROM (SELECT ${startsAt} AS s) AS start
         RETURNING id::int AS id`,
        [definitionId, locationId, ...params],
      )) as [{ id: number }]
    )[0].id;
  laterEventId = await addEvent(`($3::date + time '10:00') AT TIME ZONE $4`, [laterDay, MADRID_ZONE]);
  soonEventId = await addEvent(`date_trunc('minute', now() + interval '30 hours 30 minutes')`, []);
});

/** The day as the screens show it in en-US: 12/01/2026. */
function shownDay(day: string): string {
  const [year, month, date] = day.split('-');
  return `${month}/${date}/${year}`;
}

interface Person {
  first: string;
  group: 'Adult' | 'Child';
  birth: string;
}
const PEOPLE: Person[] = [
  { first: 'Mara', group: 'Adult', birth: '1985-04-12' },
  { first: 'Jonas', group: 'Adult', birth: '1983-09-30' },
  { first: 'Elin', group: 'Adult', birth: '2001-02-14' },
  { first: 'Nils', group: 'Child', birth: `${CHILD_BIRTH_YEAR}-06-15` },
];

/** Adds one person on the participant page and signs their waiver (a child's by the organiser, their mother). */
async function addAndSign(phone: Page, person: Person, first: boolean) {
  const name = `${person.first} ${FAMILY}`;
  await phone.getByRole('button', { name: first ? 'Add yourself' : 'Add another participant' }).click();
  const add = phone.getByRole('form', { name: 'Add a participant' });
  await add.getByLabel('First name').fill(person.first);
  await add.getByLabel('Last name').fill(FAMILY);
  await add.getByRole('combobox', { name: 'Age group' }).selectOption({ label: person.group });
  await add.getByLabel('Date of birth').fill(person.birth);
  await add.getByLabel('Contact name').fill('Sven Lindqvist');
  await add.getByLabel('Contact phone').fill('+46 70 555 0101');
  if (first)
    await expect(add.getByRole('checkbox', { name: 'I booked this tour (the organiser)' })).toBeChecked();
  await add.getByRole('button', { name: 'Add and continue to the waiver' }).click();

  const waiver = phone.getByRole('form', { name: `Waiver for ${name}` });
  await expect(waiver.getByRole('region', { name: 'Activity waiver' })).toContainText('Activity waiver');
  if (person.group === 'Child') {
    await expect(waiver.getByText('A parent or guardian signs for this participant.')).toBeVisible();
    await waiver.getByLabel("Parent or guardian's full name").fill(`Mara ${FAMILY}`);
    await waiver.getByLabel('Relation to the participant').fill('Mother');
  } else {
    await expect(waiver.getByLabel('Your full name')).toHaveValue(name);
  }
  await drawSignature(waiver);
  await waiver.getByText(CONSENT).click();
  await expect(waiver.getByRole('checkbox', { name: CONSENT })).toBeChecked();
  await waiver.getByRole('button', { name: 'Sign the waiver' }).click();
  await expect(phone.getByText(`${name} has signed. Thank you!`)).toBeVisible();
}

/** The print dialog of the browser, counted instead of opened. */
async function countPrints(page: Page): Promise<() => Promise<number>> {
  type Counted = { printed: number; print: () => void };
  await page.evaluate(() => {
    const w = globalThis as unknown as Counted;
    w.printed = 0;
    w.print = () => {
      w.printed += 1;
    };
  });
  return () => page.evaluate(() => (globalThis as unknown as Counted).printed);
}

const money = (region: Locator, label: string, amount: string) =>
  expect(region).toContainText(new RegExp(`${label}\\s*\\${amount}`));

test('staff book and move, the family sign and pay by the share link, staff print and cancel at the 50 % tier', async ({
  page,
  context,
  browser,
}) => {
  test.setTimeout(150_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await signIn(page, EMAIL);
  await pairAgent(page);

  // 1. Staff book 3 adults and 1 child on the departure in five days, from the events list.
  await page.goto('/nine/tours/events');
  await page.getByRole('button', { name: new RegExp(`^Book ${TOUR} on ${shownDay(laterDay)}`) }).click();
  const booking = page.getByRole('dialog', { name: 'New reservation' });
  await expect(
    booking.getByText(new RegExp(`^${TOUR}, ${shownDay(laterDay)}.*: 12 of 12 seats free$`)),
  ).toBeVisible();
  await booking.getByLabel('Seats for Adult').fill('3');
  await booking.getByLabel('Seats for Child').fill('1');
  await expect(booking.getByText('4 seats, total $140.00')).toBeVisible();
  await booking.getByText('New customer (not on file yet)').click();
  await booking.getByLabel('First name').fill('Mara');
  await booking.getByLabel('Last name').fill(FAMILY);
  await booking.getByLabel('E-mail').fill(`mara.${RUN.toLowerCase()}@lindqvist.test`);
  await booking.getByLabel('Phone').fill('+46 70 555 0100');
  await booking.getByRole('button', { name: 'Book', exact: true }).click();
  await expect(page).toHaveURL(/\/nine\/tours\/reservations\/\d+$/);
  const orderId = Number(new URL(page.url()).pathname.split('/').pop());
  const [order] = await sql<{ number: number; total: number }>(
    `SELECT number::int AS number, total_minor::int AS total FROM orders WHERE id = $1`,
    [orderId],
  );
  expect(order!.total).toBe(14_000);
  await expect(page.getByRole('heading', { name: `Reservation #${order!.number}`, level: 1 })).toBeVisible();
  const participants = page.getByRole('region', { name: 'Participants', exact: true });
  await expect(participants.getByText('0 of 4 seats named')).toBeVisible();

  // 2. The family would rather go tomorrow: moved to the departure about 30 hours ahead, same prices. (Before it is
  // paid: a booking whose invoice is posted moves only once the invoice is credited.)
  const actions = page.getByRole('region', { name: 'Reservation actions' });
  await actions.getByRole('button', { name: 'Move', exact: true }).click();
  const move = page.getByRole('dialog', { name: `Move reservation #${order!.number}` });
  await move.getByRole('combobox', { name: 'New departure' }).selectOption(String(soonEventId));
  await expect(move.getByText('The price does not change.')).toBeVisible();
  await move.getByRole('button', { name: 'Move', exact: true }).click();
  await expect(move.getByRole('status').filter({ hasText: 'The reservation is moved.' })).toContainText(
    'Order total now: $140.00.',
  );
  await move.getByRole('button', { name: 'Close', exact: true }).first().click();
  await expect(move).toBeHidden();
  const [{ soonDay }] = (await sql<{ soonDay: string }>(
    `SELECT to_char(starts_at AT TIME ZONE $2, 'MM/DD/YYYY') AS "soonDay" FROM tour_events WHERE id = $1`,
    [soonEventId, MADRID_ZONE],
  )) as [{ soonDay: string }];
  await expect(page.getByRole('region', { name: 'Departure' })).toContainText(soonDay);
  const seatsTaken = async () =>
    (
      await sql<{ taken: number }>(
        `SELECT seats_taken AS taken FROM tour_events WHERE id = ANY($1::bigint[]) ORDER BY id`,
        [[laterEventId, soonEventId]],
      )
    ).map((row) => row.taken);
  expect(await seatsTaken()).toEqual([0, 4]);

  // 3. The share link, made and copied.
  const share = page.getByRole('region', { name: 'Share link' });
  await share.getByRole('button', { name: 'Make link' }).click();
  const linkField = share.getByLabel('Link for the participants');
  await expect(linkField).toHaveValue(/\/nine\/participant\/signe\?token=/);
  await share.getByRole('button', { name: 'Copy', exact: true }).click();
  await expect(share.getByText('Link copied.')).toBeVisible();
  const link = await page.evaluate<string>('navigator.clipboard.readText()');
  expect(link).toBe(await linkField.inputValue());

  // 4. The family, on a phone of their own (a fresh browser, a phone's screen): four people added and signed, the child by its mother.
  const family = await browser.newContext({ viewport: { width: 390, height: 844 } });
  try {
    const phone = await family.newPage();
    await phone.goto(link);
    await expect(phone.getByRole('heading', { name: TOUR, level: 1 })).toBeVisible();
    await expect(phone.getByText('0 of 4 seats filled, 0 signed')).toBeVisible();
    for (const [i, person] of PEOPLE.entries()) await addAndSign(phone, person, i === 0);
    await expect(phone.getByText('4 of 4 seats filled, 4 signed')).toBeVisible();
    await expect(phone.getByText('Everyone has signed. See you on the tour!')).toBeVisible();
    // Others on the booking show by first name and initial only.
    await expect(phone.getByText(`Mara L. · organiser`, { exact: true })).toBeVisible();
    await expect(phone.getByRole('button', { name: /^Add / })).toHaveCount(0);

    // 5. The balance, paid by test card.
    const pay = phone.getByRole('region', { name: 'Pay online' });
    await expect(pay.getByText(/^Test mode: no real card is charged\./)).toBeVisible();
    await money(pay, 'Balance due', '$140.00');
    await pay.getByRole('button', { name: 'Pay $140.00' }).click();
    const card = pay.getByRole('form', { name: 'Card details' });
    await card.getByLabel('Card number').fill('4242 4242 4242 4242');
    await card.getByLabel('Expiry date (MM/YY)').fill('12/34');
    await card.getByLabel('Security code (CVC)').fill('123');
    await card.getByRole('button', { name: 'Pay $140.00' }).click();
    await expect(pay.getByText('Payment received. Thank you!')).toBeVisible();
    await money(pay, 'Balance due', '$0.00');
  } finally {
    await family.close();
  }

  // 6. Staff see everyone signed and nothing due.
  await page.reload();
  await expect(participants.getByText('4 of 4 seats named')).toBeVisible();
  await expect(participants.getByText('4 of 4 signed')).toBeVisible();
  await expect(participants.getByRole('row').filter({ hasText: `Nils ${FAMILY}` })).toContainText(
    `Mara ${FAMILY} (guardian)`,
  );
  const moneyCard = page.getByRole('region', { name: 'Payment', exact: true });
  await money(moneyCard, 'Total', '$140.00');
  await money(moneyCard, 'Paid', '$140.00');
  await money(moneyCard, 'Balance', '$0.00');

  // 7. The 55 mm receipt through the agent: the seats by age group, paid, nothing due, 32 columns.
  const printedFrom = Date.now() - 1000;
  await actions.getByRole('button', { name: 'Print receipt', exact: true }).click();
  await expect(actions.getByRole('status').filter({ hasText: /^Printed on / })).toBeVisible();
  let receipt = '';
  await expect
    .poll(async () => {
      receipt =
        (await spooledSince(printedFrom)).find((j) => j.text.includes(`#${order!.number}`))?.text ?? '';
      return receipt !== '';
    })
    .toBe(true);
  expect(receipt).toMatch(/^\s+3 x \$40\.00\s+\$120\.00$/m);
  expect(receipt).toMatch(/^\s+1 x \$20\.00\s+\$20\.00$/m);
  expect(receipt).toMatch(/^Total\s+\$140\.00$/m);
  expect(receipt).toMatch(/^Balance\s+\$0\.00$/m);
  for (const line of receipt.split('\n').filter((l) => !l.startsWith('[')))
    expect(line.length).toBeLessThanOrEqual(32);

  // 8. The manifest of the departure, on A4: the four of them, signed.
  await page.getByRole('link', { name: 'Manifest of this departure' }).click();
  await expect(page).toHaveURL(new RegExp(`/nine/tours/reservation-list\\?event=${soonEventId}$`));
  await page.getByRole('link', { name: 'Print manifest' }).click();
  await expect(page).toHaveURL(new RegExp(`/nine/tours/events/${soonEventId}/manifest/print$`));
  await expect(page.getByRole('heading', { name: new RegExp(`^Manifest: ${TOUR}, `) })).toBeVisible();
  const sheet = page.getByRole('table', { name: 'Participants of the departure' });
  await expect(page.getByText('4 seats · 4 named · 4 signed · 0 checked in')).toBeVisible();
  for (const person of PEOPLE) {
    const named = page.getByRole('cell', { name: new RegExp(`^${person.first} ${FAMILY}`) });
    await expect(sheet.getByRole('row').filter({ has: named })).toContainText(person.group);
  }
  await expect(sheet.getByRole('row').filter({ hasText: 'Signed' })).toHaveCount(4);
  const printed = await countPrints(page);
  await page.getByRole('button', { name: 'Print', exact: true }).click();
  expect(await printed()).toBe(1);

  // 9. Cancelled 30 hours before: the 50 % tier keeps $70.00 and the rest goes back to the card.
  await page.goto(`/nine/tours/reservations/${orderId}`);
  await actions.getByRole('button', { name: 'Cancel reservation' }).click();
  const cancel = page.getByRole('dialog', { name: `Cancel reservation #${order!.number}` });
  await expect(cancel.getByText('Seats $140.00, paid $140.00.')).toBeVisible();
  await expect(cancel.getByText('30 hours before the start: 50 % fee = $70.00.')).toBeVisible();
  await expect(cancel.getByText('Refund $70.00 to the original payments.')).toBeVisible();
  await cancel.getByLabel('Reason').fill('The family cannot come that day.');
  await cancel.getByRole('button', { name: 'Cancel reservation' }).click();
  const done = cancel.getByRole('status');
  await expect(done).toContainText('The reservation is cancelled.');
  await expect(done).toContainText('Fee kept: $70.00.');
  await expect(done).toContainText('Refunded: $70.00.');
  await cancel.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(cancel).toBeHidden();
  await expect(page.getByText('Cancelled', { exact: true }).first()).toBeVisible();
  await expect(actions.getByRole('button', { name: 'Cancel reservation' })).toHaveCount(0);
  await money(moneyCard, 'Total', '$70.00');
  await money(moneyCard, 'Paid', '$70.00');
  await money(moneyCard, 'Balance', '$0.00');

  // The ledger and the seats agree: $70.00 refunded to the online payment, both departures empty.
  const [ledger] = await sql<{ status: string; paid: number; refunded: number }>(
    `SELECT o.status::text AS status,
            (SELECT coalesce(sum(amount_minor), 0) FROM payments WHERE order_id = o.id)::int AS paid,
            (SELECT coalesce(sum(r.amount_minor), 0) FROM refunds r JOIN payments p ON p.id = r.payment_id
             WHERE p.order_id = o.id)::int AS refunded
     FROM orders o WHERE o.id = $1`,
    [orderId],
  );
  expect(ledger).toEqual({ status: 'cancelled', paid: 14_000, refunded: 7_000 });
  expect(await seatsTaken()).toEqual([0, 0]);
});

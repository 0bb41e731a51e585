import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setDisplayTimeZone } from '../../../lib/format.ts';
import { jsonResponse, stubApi, type ApiAnswer } from '../../../testing/fake-api.ts';
import { setUpTranslatedSuite } from '../../../testing/i18n-suite.ts';
import { renderWithProviders } from '../../../testing/render-with-providers.tsx';
import { EventDetailDialog } from './event-detail-dialog.tsx';
import { eventDetailFixture } from './testing/event-fixtures.ts';

setUpTranslatedSuite();
beforeEach(() => setDisplayTimeZone('UTC'));
afterEach(() => setDisplayTimeZone(null));

const event = eventDetailFixture();

const leaders = {
  rows: [
    {
      id: 7,
      user_id: 30,
      name: 'Tom Guide',
      email: 'tom@nine.test',
      phone: null,
      color: 'blue',
      active: true,
      skills: 1,
      skills_expiring: 0,
      next_expiry: null,
      version: 1,
    },
  ],
  total: 1,
  total_capped: false,
  page: 1,
  page_size: 200,
};

const tomsEvents = {
  rows: [
    {
      event_id: 9,
      definition_id: 4,
      definition_name: 'Old Pier Walk',
      starts_at: '2030-06-04T10:00:00.000Z',
      ends_at: '2030-06-04T12:00:00.000Z',
      status: 'scheduled',
      released: false,
    },
    {
      event_id: 8,
      definition_id: 4,
      definition_name: 'Old Pier Walk',
      starts_at: '2030-06-03T10:00:00.000Z',
      ends_at: '2030-06-03T12:00:00.000Z',
      status: 'scheduled',
      released: false,
    },
  ],
  total: 2,
  total_capped: false,
  page: 1,
  page_size: 50,
};

function open(assign: ApiAnswer) {
  const calls = stubApi({
    'GET nine/tours/events/5': () => jsonResponse(200, { data: event }),
    'GET nine/tours/leaders': () => jsonResponse(200, { data: leaders }),
    'GET nine/tours/leaders/7/events': () => jsonResponse(200, { data: tomsEvents }),
    'POST nine/tours/events/5/leaders': assign,
  });
  renderWithProviders(<EventDetailDialog eventId={5} locationId={1} canChange onClose={() => {}} />);
  return calls;
}

async function assignTom() {
  const dialog = await screen.findByRole('dialog', { name: 'Sunset Kayak, 06/04/2030, 9:00 AM' });
  const form = within(dialog).getByRole('form', { name: 'Assign leader' });
  const select = within(form).getByLabelText('Leader');
  await within(select).findByRole('option', { name: 'Tom Guide' });
  fireEvent.change(select, { target: { value: '7' } });
  fireEvent.click(within(form).getByRole('button', { name: 'Assign leader' }));
  return dialog;
}

describe('the event detail dialog', { timeout: 20_000 }, () => {
  it('shows a refused overlapping assignment with the catalogue message and the departure it clashes with', async () => {
    const calls = open(() =>
      jsonResponse(409, {
        resp_code: 1742,
        resp_message: 'This leader already leads another departure at that time.',
      }),
    );
    const dialog = await assignTom();
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toContain('This leader already leads another departure at that time.');
    await waitFor(() =>
      expect(alert.textContent).toContain('Already leading: Old Pier Walk on 06/04/2030, 10:00 AM.'),
    );
    expect(calls.filter((c) => c.method === 'POST')).toEqual([
      { method: 'POST', path: 'nine/tours/events/5/leaders', body: { leader_id: 7 } },
    ]);
    // The leader's departures around this one's day, on the location's clock.
    expect(calls.find((c) => c.path.startsWith('nine/tours/leaders/7/events'))!.path).toBe(
      'nine/tours/leaders/7/events?from=2030-06-03&to=2030-06-05&page_size=50',
    );
  });

  it('says why an unavailable leader is refused', async () => {
    open(() =>
      jsonResponse(422, {
        resp_code: 1743,
        resp_message: 'This leader is not available then.',
        data: { reason: 'day_off', leader_id: 7 },
      }),
    );
    const dialog = await assignTom();
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toContain('This leader is not available then.');
    expect(alert.textContent).toContain("The event falls on one of the leader's days off.");
  });

  it('asks to confirm an expired skill, then sends the assignment again acknowledged', async () => {
    let answered = 0;
    const calls = open(() =>
      answered++ === 0
        ? jsonResponse(422, {
            resp_code: 1205,
            resp_message: 'Please confirm the warnings before continuing.',
            data: { warnings: ['skill_expired'], skills: [{ name: 'First aid', expires_on: '2030-05-01' }] },
          })
        : jsonResponse(200, {
            data: { ...event, leaders: 1, leader_list: [{ leader_id: 7, name: 'Tom Guide', color: 'blue' }] },
          }),
    );
    await assignTom();
    const confirm = await screen.findByRole('alertdialog', { name: 'Assign this leader?' });
    expect(confirm.textContent).toContain("Expired by the event's day: First aid (expired 05/01/2030).");
    fireEvent.click(within(confirm).getByRole('button', { name: 'Assign anyway' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
        { leader_id: 7 },
        { leader_id: 7, acknowledge: true },
      ]),
    );
  });

  it('offers only the status moves the shared rules allow, and no write without tour:change', async () => {
    stubApi({ 'GET nine/tours/events/5': () => jsonResponse(200, { data: event }) });
    const { unmount } = renderWithProviders(
      <EventDetailDialog eventId={5} locationId={1} canChange onClose={() => {}} />,
    );
    const dialog = await screen.findByRole('dialog');
    const status = await within(dialog).findByLabelText('Change to');
    // Still ahead: it cannot be completed yet.
    expect(
      within(status)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Choose', 'Confirm', 'Cancel the event']);
    expect(within(dialog).getByText('3 booked of 12, 9 free')).toBeTruthy();
    unmount();

    renderWithProviders(
      <EventDetailDialog eventId={5} locationId={1} canChange={false} onClose={() => {}} />,
    );
    const readOnly = await screen.findByRole('dialog');
    await within(readOnly).findByText('Harbor gate');
    expect(within(readOnly).queryByRole('form', { name: 'Assign leader' })).toBeNull();
    expect(within(readOnly).queryByLabelText('Change to')).toBeNull();
    expect(within(readOnly).queryByRole('button', { name: 'Reschedule' })).toBeNull();
  });
});

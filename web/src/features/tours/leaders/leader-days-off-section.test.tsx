import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { json } from '../../../testing/fake-fetch.ts';
import { setUpTranslatedSuite } from '../../../testing/i18n-suite.ts';
import { renderWithProviders } from '../../../testing/render-with-providers.tsx';
import { LeaderDaysOffSection } from './leader-days-off-section.tsx';

setUpTranslatedSuite();

const event = {
  event_id: 7,
  definition_id: 1,
  definition_name: 'Old Town Walk',
  starts_at: '2031-06-10T09:00:00+00:00',
  ends_at: '2031-06-10T11:00:00+00:00',
  status: 'scheduled',
  released: false,
};

describe('days off of a tour leader', () => {
  it('lists the assigned departures the days cover, then saves with acknowledge', async () => {
    const sent: unknown[] = [];
    const answers = [
      json(422, {
        resp_code: 1205,
        resp_message: 'Please confirm the warnings before continuing.',
        data: { warnings: ['assigned_events'], events: [event], total: 1, other_locations: 0 },
      }),
      json(201, { data: { id: 3, first_day: '2031-06-10', last_day: '2031-06-11', reason: null } }),
    ];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (request: Request) => {
        sent.push(await request.json());
        return answers.shift()!;
      }),
    );
    renderWithProviders(<LeaderDaysOffSection leaderId={4} daysOff={[]} canManage />);
    expect(screen.getByText('No days off planned.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add days off' }));
    fireEvent.change(await screen.findByLabelText(/First day/), { target: { value: '2031-06-10' } });
    fireEvent.change(screen.getByLabelText(/Last day/), { target: { value: '2031-06-11' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(/assigned to 1 departure on these days/)).toBeTruthy();
    expect(screen.getByText(/Old Town Walk/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save anyway' }));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent).toEqual([
      { first_day: '2031-06-10', last_day: '2031-06-11', reason: null, acknowledge: false },
      { first_day: '2031-06-10', last_day: '2031-06-11', reason: null, acknowledge: true },
    ]);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Save anyway' })).toBeNull());
  });

  it('asks again when the dates change after a warning, and counts departures elsewhere', async () => {
    const sent: unknown[] = [];
    const warning = (other: number) =>
      json(422, {
        resp_code: 1205,
        resp_message: 'Please confirm the warnings before continuing.',
        data: { warnings: ['assigned_events'], events: [event], total: 3, other_locations: other },
      });
    const answers = [warning(0), warning(2)];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (request: Request) => {
        sent.push(await request.json());
        return answers.shift()!;
      }),
    );
    renderWithProviders(<LeaderDaysOffSection leaderId={4} daysOff={[]} canManage />);
    fireEvent.click(screen.getByRole('button', { name: 'Add days off' }));
    fireEvent.change(await screen.findByLabelText(/First day/), { target: { value: '2031-06-10' } });
    fireEvent.change(screen.getByLabelText(/Last day/), { target: { value: '2031-06-11' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(/assigned to 3 departures on these days/)).toBeTruthy();
    expect(screen.getByText('…and 2 more departures.')).toBeTruthy();
    // Other days: the warning was not about them, so no "Save anyway" for them.
    fireEvent.change(screen.getByLabelText(/Last day/), { target: { value: '2031-06-20' } });
    expect(screen.queryByRole('button', { name: 'Save anyway' })).toBeNull();
    expect(screen.queryByText(/assigned to 3 departures/)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(/also assigned to 2 departures at other locations/)).toBeTruthy();
    expect(sent).toEqual([
      { first_day: '2031-06-10', last_day: '2031-06-11', reason: null, acknowledge: false },
      { first_day: '2031-06-10', last_day: '2031-06-20', reason: null, acknowledge: false },
    ]);
    expect(screen.getByRole('button', { name: 'Save anyway' })).toBeTruthy();
  });

  it('shows the list without actions to a guide who may not manage', () => {
    renderWithProviders(
      <LeaderDaysOffSection
        leaderId={4}
        daysOff={[{ id: 1, first_day: '2031-03-01', last_day: '2031-03-01', reason: 'Holiday' }]}
        canManage={false}
      />,
    );
    expect(screen.getByText('Holiday')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add days off' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Remove/ })).toBeNull();
  });
});

import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { LeaderDetail } from '@nine/shared/schemas/tours/leaders';
import { json } from '../../../testing/fake-fetch.ts';
import { setUpTranslatedSuite } from '../../../testing/i18n-suite.ts';
import { renderWithProviders } from '../../../testing/render-with-providers.tsx';
import { LeaderHoursForm } from './leader-hours-form.tsx';

setUpTranslatedSuite();

const leader: LeaderDetail = {
  id: 4,
  user_id: 9,
  name: 'Tom Becker',
  email: 'tom@nine.test',
  phone: null,
  bio: null,
  color: 'teal',
  active: true,
  version: 3,
  time_zone: 'UTC',
  skills: [],
  hours: [{ weekday: 2, starts: '08:00', ends: '18:00' }],
  days_off: [],
  hours_per_month: [],
  next_events: [],
};

describe('the weekly hours of a tour leader', () => {
  it('refuses overlapping ranges on one day before sending, then saves the week with the version', async () => {
    const sent: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (request: Request) => {
        sent.push(await request.json());
        return json(200, { data: { ...leader, version: 4 } });
      }),
    );
    renderWithProviders(<LeaderHoursForm leader={leader} canManage />);
    fireEvent.click(screen.getByRole('button', { name: 'Add hours on Tuesday' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save weekly hours' }));
    expect(await screen.findByText('This range overlaps another one on the same day.')).toBeTruthy();
    expect(sent).toEqual([]);

    fireEvent.change(screen.getByLabelText(/Tuesday range 2, from/), { target: { value: '18:00' } });
    fireEvent.change(screen.getByLabelText(/Tuesday range 2, until/), { target: { value: '21:00' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save weekly hours' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      version: 3,
      hours: [
        { weekday: 2, starts: '08:00', ends: '18:00' },
        { weekday: 2, starts: '18:00', ends: '21:00' },
      ],
    });
  });

  it('says a week without hours is any time, names each Remove and gives the focus back to the Add button', async () => {
    const sent: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (request: Request) => {
        sent.push(await request.json());
        return json(200, { data: { ...leader, hours: [], version: 4 } });
      }),
    );
    renderWithProviders(<LeaderHoursForm leader={{ ...leader, hours: [] }} canManage />);
    expect(screen.getAllByText('Any time')).toHaveLength(7);
    expect(screen.queryByText('Not available')).toBeNull();
    const add = screen.getByRole('button', { name: 'Add hours on Tuesday' });
    fireEvent.click(add);
    expect(screen.getAllByText('Not available')).toHaveLength(6);
    fireEvent.click(screen.getByRole('button', { name: 'Remove Tuesday range 1' }));
    expect(document.activeElement).toBe(add);
    expect(screen.getAllByText('Any time')).toHaveLength(7);
    // An empty week is saved only once confirmed.
    fireEvent.click(screen.getByRole('button', { name: 'Save weekly hours' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Save a week without hours?' });
    expect(sent).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save without hours' }));
    await waitFor(() => expect(sent).toEqual([{ version: 3, hours: [] }]));
  });

  it('saves an end of 00:00 as midnight (24:00) and shows 24:00 as 00:00', async () => {
    const sent: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (request: Request) => {
        sent.push(await request.json());
        return json(200, { data: { ...leader, version: 4 } });
      }),
    );
    const saturday = { weekday: 6, starts: '20:00', ends: '24:00' };
    renderWithProviders(
      <LeaderHoursForm leader={{ ...leader, hours: [...leader.hours, saturday] }} canManage />,
    );
    expect(screen.getByLabelText<HTMLInputElement>(/Saturday range 1, until/).value).toBe('00:00');
    fireEvent.change(screen.getByLabelText(/Tuesday range 1, until/), { target: { value: '00:00' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save weekly hours' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      version: 3,
      hours: [
        { weekday: 2, starts: '08:00', ends: '24:00' },
        { weekday: 6, starts: '20:00', ends: '24:00' },
      ],
    });
  });

  it('keeps unsaved edits when the leader comes back with a new version, and follows it when untouched', () => {
    const { rerender } = renderWithProviders(<LeaderHoursForm leader={leader} canManage />);
    const newer = { ...leader, version: 4, hours: [{ weekday: 2, starts: '07:00', ends: '18:00' }] };
    rerender(<LeaderHoursForm leader={newer} canManage />);
    const from = () => screen.getByLabelText<HTMLInputElement>(/Tuesday range 1, from/);
    expect(from().value).toBe('07:00');
    fireEvent.change(from(), { target: { value: '06:00' } });
    // The profile saved: a new version, the week as it was.
    rerender(<LeaderHoursForm leader={{ ...newer, version: 5 }} canManage />);
    expect(from().value).toBe('06:00');
  });

  it('shows the week read-only without tour manage', () => {
    renderWithProviders(<LeaderHoursForm leader={leader} canManage={false} />);
    expect(screen.queryByRole('button', { name: 'Save weekly hours' })).toBeNull();
    expect(screen.getAllByText('Not available')).toHaveLength(6);
  });
});

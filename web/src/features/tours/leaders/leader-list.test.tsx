import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { LeaderRow } from '@nine/shared/schemas/tours/leaders';
import { listPageAnswer } from '../../../testing/fake-list-page.ts';
import { setUpTranslatedSuite } from '../../../testing/i18n-suite.ts';
import { renderAtPath } from '../../../testing/render-at-path.tsx';
import { LeaderList } from './leader-list.tsx';

setUpTranslatedSuite();

const row = (n: number): LeaderRow => ({
  id: n,
  user_id: 100 + n,
  name: n === 1 ? 'Tom Becker' : `Leader ${n}`,
  email: `leader${n}@nine.test`,
  phone: null,
  color: 'teal',
  active: true,
  skills: 1,
  skills_expiring: n === 1 ? 1 : 0,
  next_expiry: n === 1 ? '2020-01-01' : null,
  version: 1,
});

describe('the tour leaders list', () => {
  it('asks the server with the URL filters and flags expired skills', async () => {
    const urls: URL[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (request: Request) => {
        const url = new URL(request.url);
        urls.push(url);
        return listPageAnswer(url, 2, row);
      }),
    );
    renderAtPath(
      '/tour-management/leaders?active=all&expiring=30',
      <LeaderList locationId={1} canManage leaderHref={(id) => `/tour-management/leaders/${id}`} />,
    );
    const link = await screen.findByRole('link', { name: 'Tom Becker' });
    expect(link.getAttribute('href')).toContain('/tour-management/leaders/1');
    expect(urls[0]?.pathname).toBe('/api/nine/tours/leaders');
    expect(Object.fromEntries(urls[0]!.searchParams)).toMatchObject({
      active: 'all',
      expiring_within_days: '30',
      sort: 'name',
    });
    const tom = link.closest('tr')!;
    expect(within(tom).getByText('Expired')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add leader' }));
    expect(await screen.findByRole('dialog', { name: 'Add a tour leader' })).toBeTruthy();
    await waitFor(() =>
      expect(urls.some((u) => u.pathname === '/api/nine/tours/leader-candidates')).toBe(true),
    );
  });

  it('offers no Add leader button without tour manage', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (request: Request) => listPageAnswer(new URL(request.url), 1, row)),
    );
    renderAtPath(
      '/tour-management/leaders',
      <LeaderList locationId={1} canManage={false} leaderHref={(id) => `/x/${id}`} />,
    );
    await screen.findByRole('link', { name: 'Tom Becker' });
    expect(screen.queryByRole('button', { name: 'Add leader' })).toBeNull();
  });
});

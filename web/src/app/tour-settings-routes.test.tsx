import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, stubFetch } from '../testing/fake-api.ts';
import { goTo, renderAppAt, setUpAppTests, signedInRoutes, signIn } from './testing/app-harness.tsx';

setUpAppTests();

describe('the tour settings route', () => {
  it('opens the tab its address names', async () => {
    stubFetch({
      ...signedInRoutes(
        { id: 1, name: 'Ada Admin', email: 'admin@nine.test' },
        [{ id: 1, name: 'Harbor' }],
        [{ resource: 'tour', action: 'manage' }],
      ),
      'GET /api/nine/tours/groups': () => jsonResponse(200, { data: [] }),
    });
    renderAppAt('/nine/auth/login');
    await signIn('admin@nine.test');
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' });

    goTo('/nine/tour-management/settings/groups');
    const groups = await screen.findByRole('tab', { name: 'Groups' });
    await waitFor(() => expect(groups.getAttribute('aria-selected')).toBe('true'));
    expect(screen.getByRole('tab', { name: 'General' }).getAttribute('aria-selected')).toBe('false');
  }, 30_000);
});

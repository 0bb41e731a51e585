import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TourDefinitionRow } from '@nine/shared/schemas/tours/definitions';
import { setUpTranslatedSuite } from '../../../../testing/i18n-suite.ts';
import { json, stubFetch } from '../../../../testing/fake-fetch.ts';
import { renderWithProviders } from '../../../../testing/render-with-providers.tsx';
import { DefinitionList } from './definition-list.tsx';

setUpTranslatedSuite();
afterEach(() => vi.unstubAllGlobals());

const row = (over: Partial<TourDefinitionRow>): TourDefinitionRow => ({
  id: 1,
  code: 'SUNSET',
  name: 'Sunset Kayak',
  status: 'active',
  group: { id: 7, name: 'Kayak', color: 'teal' },
  capacity: 12,
  duration_minutes: 150,
  steps_done: ['basic-info', 'pricing', 'cancellation-fee', 'gallery', 'location', 'items', 'description'],
  version: 4,
  next_event_at: null,
  cover_thumb_url: null,
  updated_at: '2026-11-01T10:00:00Z',
  ...over,
});

describe('tour definitions list', { timeout: 20_000 }, () => {
  it('links drafts to their first step to do, filters in the query, and deactivates by the version shown', async () => {
    const requests = stubFetch((request, url) => {
      if (url.pathname.endsWith('/tours/groups'))
        return json(200, {
          data: {
            rows: [
              { id: 7, name: 'Kayak', color: 'teal', sort_order: 0, active: true, in_use: true, version: 1 },
            ],
          },
        });
      if (request.method === 'POST') return json(200, { data: {} });
      return json(200, {
        data: {
          rows: [
            row({}),
            row({
              id: 2,
              code: 'DRAFT',
              name: 'Pier Walk',
              status: 'draft',
              steps_done: ['basic-info', 'pricing'],
            }),
          ],
          total: 2,
          total_capped: false,
          page: 1,
          page_size: 25,
        },
      });
    });
    renderWithProviders(
      <DefinitionList
        locationId={1}
        canManage
        editorHref={(id, step) => `/tour-management/definitions/${id}/${step}`}
      />,
    );
    const draft = await screen.findByRole('link', { name: 'Continue draft Pier Walk' });
    expect(draft.getAttribute('href')).toContain('/tour-management/definitions/2/cancellation-fee');
    expect(screen.getByRole('link', { name: 'Edit Sunset Kayak' }).getAttribute('href')).toContain(
      '/1/basic-info',
    );
    expect(screen.getByRole('link', { name: 'New tour' }).getAttribute('href')).toContain('/new/basic-info');
    expect(screen.queryByRole('button', { name: 'Delete draft Sunset Kayak' })).toBeNull();

    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'draft' } });
    await waitFor(() =>
      expect(
        requests.some(
          (r) => new URL(r.url).pathname.endsWith('/tours/definitions') && r.url.includes('status=draft'),
        ),
      ).toBe(true),
    );

    fireEvent.click(await screen.findByRole('button', { name: 'Deactivate Sunset Kayak' }));
    const dialog = await screen.findByRole('alertdialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    await waitFor(() => expect(requests.some((r) => r.method === 'POST')).toBe(true));
    const post = requests.find((r) => r.method === 'POST')!;
    expect(new URL(post.url).pathname).toMatch(/\/tours\/definitions\/1\/status$/);
    expect(await post.json()).toEqual({ version: 4, status: 'inactive' });
  });

  it('after a refusal closes the dialog, reads the list again and links to the first step to complete', async () => {
    let lists = 0;
    const requests = stubFetch((request, url) => {
      if (url.pathname.endsWith('/tours/groups')) return json(200, { data: { rows: [] } });
      if (request.method === 'POST')
        return json(422, {
          resp_code: 1750,
          resp_message: 'This tour cannot be published yet.',
          data: { steps: ['location', 'description'] },
        });
      if (request.method === 'DELETE')
        return json(409, { resp_code: 1021, resp_message: 'Changed meanwhile.', data: { version: 3 } });
      lists += 1;
      return json(200, {
        data: {
          rows: [
            row({ status: 'inactive' }),
            row({ id: 2, code: 'DRAFT', name: 'Pier Walk', status: 'draft', steps_done: ['basic-info'] }),
          ],
          total: 2,
          total_capped: false,
          page: 1,
          page_size: 25,
        },
      });
    });
    renderWithProviders(
      <DefinitionList
        locationId={1}
        canManage
        editorHref={(id, step) => `/tour-management/definitions/${id}/${step}`}
      />,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Activate Sunset Kayak' }));
    const dialog = await screen.findByRole('alertdialog');
    const listsBefore = lists;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Activate' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('This tour cannot be published yet.');
    const link = within(alert).getByRole('link', { name: 'Complete Sunset Kayak: Location' });
    expect(link.getAttribute('href')).toContain('/tour-management/definitions/1/location');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await waitFor(() => expect(lists).toBeGreaterThan(listsBefore));

    // A stale delete: the conflict in the screen's words, no editor link, the list read again.
    fireEvent.click(screen.getByRole('button', { name: 'Delete draft Pier Walk' }));
    const confirm = await screen.findByRole('alertdialog');
    const listsThen = lists;
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete draft' }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toContain('Pier Walk was changed meanwhile'),
    );
    expect(within(screen.getByRole('alert')).queryByRole('link')).toBeNull();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await waitFor(() => expect(lists).toBeGreaterThan(listsThen));
    expect(requests.filter((r) => r.method === 'DELETE')).toHaveLength(1);
  });
});

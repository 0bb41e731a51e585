import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../lib/i18n.ts';
import { json, stubFetch } from '../../../testing/fake-fetch.ts';
import { renderWithProviders } from '../../../testing/render-with-providers.tsx';
import type { ExportRow } from '../api/get-exports.ts';
import { DownloadCenter } from './download-center.tsx';

const row = (over: Partial<ExportRow>): ExportRow => ({
  id: 1,
  list: 'rent-orders',
  format: 'csv',
  description: 'Rentals',
  status: 'ready',
  row_count: 1200,
  byte_count: 2048,
  failed: false,
  created_at: '2026-11-20T10:00:00Z',
  finished_at: '2026-11-20T10:01:00Z',
  ...over,
});

beforeAll(async () => {
  await initI18n();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const renderCenter = () => renderWithProviders(<DownloadCenter token="tok-1" />);

describe('download center', () => {
  it('shows running exports until they are ready, then downloads the file with the session token', async () => {
    let listCalls = 0;
    const downloads: { url: string; auth: string | null }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (request: Request | string, init?: RequestInit) => {
        const url = typeof request === 'string' ? request : request.url;
        if (url.includes('/download')) {
          downloads.push({ url, auth: new Headers(init?.headers).get('authorization') });
          return new Response('number,customer\n1,Ann\n', {
            headers: { 'content-disposition': 'attachment; filename="rent-orders-2026-11-22-2.csv"' },
          });
        }
        listCalls += 1;
        const running = listCalls === 1;
        return json(200, {
          data: {
            rows: [
              row({
                id: 2,
                description: 'Tonight',
                status: running ? 'in_progress' : 'ready',
                row_count: running ? null : 3,
                byte_count: running ? null : 40,
                finished_at: running ? null : '2026-11-22T00:01:00Z',
              }),
              row({ id: 1, description: 'Broken', status: 'failed', failed: true, row_count: null }),
            ],
            total: 2,
            page: 1,
            page_size: 25,
          },
        });
      }),
    );
    const created = vi.fn(() => 'blob:export');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: created, revokeObjectURL: vi.fn() }));
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    renderCenter();

    const tonight = (await screen.findByText('Tonight')).closest('tr')!;
    expect(within(tonight).getByText('In progress')).toBeTruthy();
    expect(within(tonight).queryByRole('button')).toBeNull();
    expect(within(screen.getByText('Broken').closest('tr')!).getByText('Failed')).toBeTruthy();

    // The list polls while an export runs.
    const download = await screen.findByRole('button', { name: 'Download Tonight' }, { timeout: 6000 });
    expect(within(tonight).getByText('Ready')).toBeTruthy();
    expect(listCalls).toBeGreaterThanOrEqual(2);
    fireEvent.click(download);
    await vi.waitFor(() => expect(clicked).toHaveBeenCalled());
    expect(downloads).toEqual([{ url: '/api/nine/exports/2/download', auth: 'Bearer tok-1' }]);
    expect(created).toHaveBeenCalledTimes(1);
  });

  it('says so when there are no exports', async () => {
    stubFetch(() => json(200, { data: { rows: [], total: 0, page: 1, page_size: 25 } }));
    renderCenter();
    expect(await screen.findByText('No exports yet. Use Export on a list to start one.')).toBeTruthy();
  });
});

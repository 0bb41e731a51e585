import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Router } from 'wouter';
import { describe, expect, it, vi } from 'vitest';
import { json } from '../testing/fake-fetch.ts';
import { setUpTranslatedSuite } from '../testing/i18n-suite.ts';
import { renderWithProviders } from '../testing/render-with-providers.tsx';
import type { ToastInput } from '../lib/toast.tsx';
import { ExportButton } from './export-dialog.tsx';
import { exportFilters } from './export-dialog/create-export.ts';

setUpTranslatedSuite();

function renderButton(toasts: ToastInput[], filters: Record<string, unknown>) {
  renderWithProviders(
    <Router base="/nine">
      <ExportButton source="rent-orders" filters={filters} downloadCenterHref="/exports" />
    </Router>,
    { notify: (toast) => (toasts.push(toast), true) },
  );
}

describe('export dialog', () => {
  it('requires a description, then queues the export with the list filters and points to the Download Center', async () => {
    const posted: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (request: Request) => {
        posted.push({ url: request.url, method: request.method, body: await request.json() });
        return json(201, { data: { id: 9, status: 'in_progress', created_at: '2026-11-22T00:00:00Z' } });
      }),
    );
    const toasts: ToastInput[] = [];
    renderButton(toasts, { page: 3, page_size: 50, search: 'ann', sort: 'created_at', from_date: '' });
    fireEvent.click(screen.getByRole('button', { name: 'Export' }));
    const description = await screen.findByRole('textbox', { name: /Description/ });
    fireEvent.click(screen.getByRole('button', { name: 'Start export' }));
    expect(await screen.findByText('Enter a description to find the export later.')).toBeTruthy();
    expect(posted).toHaveLength(0);

    fireEvent.change(description, { target: { value: 'November rentals' } });
    fireEvent.change(screen.getByRole('combobox', { name: 'File format' }), { target: { value: 'xlsx' } });
    fireEvent.click(screen.getByRole('button', { name: 'Start export' }));
    const link = await screen.findByRole('link', { name: 'Open the Download Center' });
    expect(link.getAttribute('href')).toBe('/nine/exports');
    expect(posted).toEqual([
      {
        url: expect.stringMatching(/\/api\/nine\/exports$/),
        method: 'POST',
        body: {
          list: 'rent-orders',
          format: 'xlsx',
          description: 'November rentals',
          filters: { search: 'ann', sort: 'created_at' },
        },
      },
    ]);
    expect(toasts).toEqual([
      {
        type: 'success',
        title: 'Export started',
        message: 'Export started — find it in the Download Center when ready',
      },
    ]);
  });

  it('shows what the server refused and keeps the form', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(403, { resp_code: 1003, resp_message: 'You do not have permission.' })),
    );
    renderButton([], {});
    fireEvent.click(screen.getByRole('button', { name: 'Export' }));
    fireEvent.change(await screen.findByRole('textbox', { name: /Description/ }), {
      target: { value: 'All' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Start export' }));
    expect(await screen.findByText('You do not have permission.')).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Start export' })).toBeTruthy());
  });

  it('puts the server’s issue with the description on its field', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        json(422, {
          resp_code: 1001,
          resp_message: 'Some fields are not valid.',
          data: { issues: [{ path: ['description'], code: 'too_small', message: 'Too small: string' }] },
        }),
      ),
    );
    renderButton([], {});
    fireEvent.click(screen.getByRole('button', { name: 'Export' }));
    const description = await screen.findByRole('textbox', { name: /Description/ });
    fireEvent.change(description, { target: { value: 'All' } });
    fireEvent.click(screen.getByRole('button', { name: 'Start export' }));
    expect(await screen.findByText('Enter a description to find the export later.')).toBeTruthy();
    expect(description.getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByText('Some fields are not valid.')).toBeNull();
  });

  it('drops paging and empty values from the filters', () => {
    expect(
      exportFilters({ page: 2, page_size: 25, search: '', a: undefined, b: null, c: 0, d: ['x'] }),
    ).toEqual({
      c: 0,
      d: ['x'],
    });
  });
});

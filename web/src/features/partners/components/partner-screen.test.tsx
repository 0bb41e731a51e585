import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PartnerRow } from '@nine/shared/schemas/partners';
import { initI18n } from '../../../lib/i18n.ts';
import { jsonResponse } from '../../../testing/fake-api.ts';
import { renderWithProviders } from '../../../testing/render-with-providers.tsx';
import { PartnerScreen } from './partner-screen.tsx';

const partner = (id: number): PartnerRow => ({
  id,
  name: `Partner ${id}`,
  email: null,
  phone: null,
  commission_rate_bp: 1000,
  coupon_count: 0,
  created_at: '2026-01-02T10:00:00.000Z',
  version: 1,
});

/** Answers every list request with one partner named after the page and the search it asked for. */
function stubPartners() {
  const urls: URL[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: Request | string) => {
      const url = new URL(typeof input === 'string' ? input : input.url, 'http://localhost');
      urls.push(url);
      const page = Number(url.searchParams.get('page'));
      const rows = [partner(page * 100 + (url.searchParams.get('search') ?? '').length)];
      return jsonResponse(200, { data: { rows, total: 60, total_capped: false, page, page_size: 25 } });
    }),
  );
  return urls;
}

const renderScreen = () => renderWithProviders(<PartnerScreen canChange={false} currencySymbol="$" />);

beforeAll(async () => {
  await initI18n();
});
beforeEach(() => window.history.replaceState(null, '', '/customer/admin'));
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('partner list', { timeout: 20_000 }, () => {
  it('keeps its page and search in the URL, under keys of its own, and a new search starts at page 1', async () => {
    const urls = stubPartners();
    renderScreen();
    const table = await screen.findByRole('table', { name: 'Partners' });
    expect(within(table).getByText('Partner 100')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(await screen.findByText('Partner 200')).toBeTruthy();
    expect(window.location.search).toBe('?partners_page=2');

    fireEvent.change(screen.getByLabelText('Search partners'), { target: { value: 'Ann' } });
    expect(await screen.findByText('Partner 103')).toBeTruthy();
    expect(window.location.search).toBe('?partners_search=Ann');
    expect(Object.fromEntries(urls.at(-1)!.searchParams)).toMatchObject({ page: '1', search: 'Ann' });
  });

  it('shows the list the URL names after a reload', async () => {
    window.history.replaceState(null, '', '/customer/admin?partners_page=2&partners_search=Bo');
    const urls = stubPartners();
    renderScreen();
    expect(await screen.findByText('Partner 202')).toBeTruthy();
    expect(screen.getByLabelText<HTMLInputElement>('Search partners').value).toBe('Bo');
    expect(Object.fromEntries(urls[0]!.searchParams)).toMatchObject({ page: '2', search: 'Bo' });
  });
});

import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setUpTranslatedSuite } from '../../../testing/i18n-suite.ts';
import { json, stubFetch } from '../../../testing/fake-fetch.ts';
import { renderWithProviders } from '../../../testing/render-with-providers.tsx';
import { HistoryTable } from './history-table.tsx';

setUpTranslatedSuite();

const order = (id: number, type: 'rent' | 'sale' | 'tour') => ({
  id,
  number: 100 + id,
  type,
  status: 'confirmed',
  location_name: 'Bay',
  planned_start: '2027-06-10T08:00:00Z',
  planned_finish: '2027-06-10T10:00:00Z',
  total_minor: 5000,
  paid_minor: 0,
  created_at: '2027-06-01T08:00:00Z',
});

describe('customer order history', () => {
  it('labels a tour reservation “Tour” and links it to its own view', async () => {
    stubFetch(() =>
      json(200, {
        data: {
          rows: [order(1, 'tour'), order(2, 'rent')],
          total: 2,
          total_capped: false,
          page: 1,
          page_size: 10,
        },
      }),
    );
    renderWithProviders(
      <HistoryTable
        customerId={7}
        kind="orders"
        currencySymbol="$"
        links={{
          orderHref: (type, id) => (type === 'tour' ? `/tours/reservations/${id}` : `/${type}-orders/${id}`),
        }}
      />,
    );
    expect((await screen.findByRole('link', { name: '101' })).getAttribute('href')).toContain(
      '/tours/reservations/1',
    );
    expect(screen.getByText('Tour')).toBeTruthy();
    expect(screen.getByRole('link', { name: '102' }).getAttribute('href')).toContain('/rent-orders/2');
  });
});

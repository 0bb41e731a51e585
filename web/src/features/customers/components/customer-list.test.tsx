import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setUpTranslatedSuite } from '../../../testing/i18n-suite.ts';
import { customerRow } from '../testing/customer-fixtures.ts';
import { CustomerList } from './customer-list.tsx';
import { json, stubFetch } from '../../../testing/fake-fetch.ts';
import { renderWithProviders } from '../../../testing/render-with-providers.tsx';

setUpTranslatedSuite();

describe('customer list pager', { timeout: 20_000 }, () => {
  it('pages on the server, offers its own sizes, starts again at page 1 on a size change', async () => {
    const requests = stubFetch((_request, url) => {
      const page = Number(url.searchParams.get('page'));
      return json(200, {
        data: { rows: [customerRow(page * 10 + 1)], total: 30, total_capped: false, page, page_size: 10 },
      });
    });
    renderWithProviders(
      <CustomerList
        title="Customers"
        canChange={false}
        customerHref={(id) => `/c/${id}`}
        defaultPageSize={10}
      />,
    );
    const pager = await screen.findByRole('navigation', { name: 'Pages' });
    expect(await within(pager).findByText('Page 1 of 3')).toBeTruthy();
    fireEvent.click(within(pager).getByRole('button', { name: 'Next page' }));
    expect(await screen.findByRole('link', { name: 'Customer 21' })).toBeTruthy();
    // Still on page 2 once the search box's pause has passed: an unchanged search keeps the page.
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(screen.getByRole('link', { name: 'Customer 21' })).toBeTruthy();
    expect(within(pager).getByText('Page 2 of 3')).toBeTruthy();

    const size = within(pager).getByLabelText<HTMLSelectElement>('Rows per page');
    expect([...size.options].map((option) => option.value)).toEqual(['10', '25', '50', '100']);
    fireEvent.change(size, { target: { value: '25' } });
    await waitFor(() =>
      expect(Object.fromEntries(new URL(requests.at(-1)!.url).searchParams)).toMatchObject({
        page: '1',
        page_size: '25',
      }),
    );
  });
});

import { fireEvent, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { setUpTranslatedSuite } from '../../../testing/i18n-suite.ts';
import { jsonResponse } from '../../../testing/fake-api.ts';
import { renderWithProviders } from '../../../testing/render-with-providers.tsx';
import type { CustomerMatch } from '../api/search-customers.ts';
import { CustomerSearchField } from './customer-search-field.tsx';

const ada: CustomerMatch = {
  id: 2,
  name: 'Ada Lovelace',
  phone: null,
  email: 'ada@example.com',
  postal_code: null,
  is_anonymous: false,
};

function Harness({ onChange }: { onChange(customer: CustomerMatch | null): void }) {
  const [value, setValue] = useState<{ id: number; name: string } | null>(null);
  return (
    <CustomerSearchField
      locationId={1}
      value={value}
      defaultLabel="Walk-in customer"
      onChange={(customer) => {
        setValue(customer);
        onChange(customer);
      }}
    />
  );
}

setUpTranslatedSuite();

describe('customer search field', () => {
  it('finds customers by name through the lookup, chooses one, and goes back to the default customer', async () => {
    const searches: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (request: Request) => {
        const url = new URL(request.url);
        const search = url.searchParams.get('search') ?? '';
        searches.push(`${url.pathname}?${search}`);
        return jsonResponse(200, { data: { rows: search === 'ada' ? [ada] : [] } });
      }),
    );
    const chosen: (CustomerMatch | null)[] = [];
    renderWithProviders(<Harness onChange={(customer) => chosen.push(customer)} />);
    expect(screen.getByText('Customer: Walk-in customer')).toBeTruthy();
    // No way "back" while the default is the one chosen.
    expect(screen.queryByRole('button', { name: /default customer/ })).toBeNull();
    const search = screen.getByRole('searchbox', { name: 'Find a customer' });

    fireEvent.change(search, { target: { value: 'zzz' } });
    expect(await screen.findByText('No customer matches.')).toBeTruthy();

    fireEvent.change(search, { target: { value: 'ada' } });
    const results = await screen.findByRole('list', { name: 'Customers found' });
    expect(within(results).getByText('ada@example.com')).toBeTruthy();
    fireEvent.click(within(results).getByRole('button', { name: 'Choose Ada Lovelace' }));
    expect(screen.getByText('Customer: Ada Lovelace')).toBeTruthy();
    expect((search as HTMLInputElement).value).toBe('');
    expect(screen.queryByRole('list', { name: 'Customers found' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Use the default customer (Walk-in customer)' }));
    expect(screen.getByText('Customer: Walk-in customer')).toBeTruthy();
    expect(chosen.map((c) => c?.id ?? null)).toEqual([2, null]);
    expect(searches).toContain('/api/nine/customers/lookup?ada');
  });
});

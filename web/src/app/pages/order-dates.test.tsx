import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, renderHook, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { OrderView } from '../../features/orders/components/order-view.tsx';
import { orderFixture } from '../../features/orders/testing/order-fixtures.ts';
import { i18n, initI18n, setLanguage } from '../../lib/i18n.ts';
import { usePaymentFormat } from './payment-panels-page.tsx';

beforeAll(async () => {
  await initI18n();
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await setLanguage('en-US', { persist: false });
});

/** Spanish day and time as a reader in Spain writes them (24/11/2026, 14:21), built without Intl. */
function spanish(iso: string): string {
  const d = new Date(iso);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(d.getDate())}/${two(d.getMonth() + 1)}/${d.getFullYear()}, ${d.getHours()}:${two(d.getMinutes())}`;
}

const created = '2026-11-24T14:21:00Z';
const start = '2026-11-25T09:05:00Z';
const paid = '2026-11-24T14:30:00Z';
const order = orderFixture({
  created_at: created,
  planned_start: start,
  planned_finish: '2026-11-26T17:45:00Z',
  timeline: [
    { at: created, user: 'Sam', action: 'created', data: { status: 'confirmed' } },
    { at: paid, user: 'Sam', action: 'payment', data: { method: 'card', amount_minor: 5629 } },
  ],
});

const wrap = (children: ReactNode) => (
  <ChakraProvider value={defaultSystem}>
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        {children}
      </QueryClientProvider>
    </I18nextProvider>
  </ChakraProvider>
);

describe('dates on the order page', () => {
  it('read one way in Spanish: the order’s, the timeline’s and the payments’', async () => {
    await setLanguage('es-ES', { persist: false });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ data: order }), { status: 200 })),
    );
    render(
      wrap(
        <OrderView
          kind="rent"
          id={41}
          locationId={1}
          currencySymbol="€"
          canChange={false}
          listHref="/rent-orders"
          printLinks={[]}
        />,
      ),
    );
    expect((await screen.findAllByText(spanish(created))).length).toBe(2);
    expect(screen.getByText(spanish(start))).toBeTruthy();
    const timeline = screen.getByRole('region', { name: 'Historial' });
    const times = within(timeline)
      .getAllByText((_, node) => node?.tagName === 'TIME')
      .map((node) => node.textContent);
    expect(times).toEqual([spanish(created), spanish(paid)]);
    // Nothing on the page in another shape: no month first, no two-digit year.
    const text = document.body.textContent ?? '';
    const dates = text.match(/\d{1,2}\/\d{1,2}\/\d{2,4}(?:,? \d{1,2}:\d{2}(?: ?[AP]M)?)?/g) ?? [];
    expect(dates.length).toBeGreaterThan(3);
    for (const date of dates) expect(date).toMatch(/^\d{2}\/\d{2}\/\d{4}, \d{1,2}:\d{2}$/);

    // The payment panels under the order format their dates with the same rule.
    const { result } = renderHook(() => usePaymentFormat(null), {
      wrapper: ({ children }) => wrap(children),
    });
    expect(result.current.date(paid)).toBe(spanish(paid));
  });
});

import { vi } from 'vitest';
import { json } from '../../../testing/fake-fetch.ts';
import { renderWithProviders } from '../../../testing/render-with-providers.tsx';
import { CreateOrderScreen } from '../components/create-order-screen.tsx';
import { adaPick, kayakMatch } from './create-fixtures.ts';

// The create wizard's screen and network edge, for its component tests.

/**
 * The network edge: lookups find Ada and the kayak, POSTs to `createPath` answer the scripted replies in turn
 * (recorded with their idempotency key), and anything else fails, so the wizard goes on without a quote.
 */
export function serveWizard(createPath: string, createAnswers: Response[]) {
  const created: { body: Record<string, unknown>; key: string | null }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (request: Request) => {
      const url = new URL(request.url);
      if (url.pathname === '/api/nine/customers/lookup') return json(200, { data: { rows: [adaPick] } });
      if (url.pathname === '/api/nine/catalogue/lookup')
        return json(200, { data: { matches: [kayakMatch] } });
      if (request.method === 'POST' && url.pathname === createPath) {
        created.push({ body: await request.json(), key: request.headers.get('idempotency-key') });
        return createAnswers.shift()!;
      }
      return json(500, { resp_code: 1000, resp_message: 'no quote here' });
    }),
  );
  return created;
}

export const renderCreateOrderScreen = () =>
  renderWithProviders(
    <CreateOrderScreen
      title="Create order"
      locationId={1}
      currencySymbol="$"
      orderHref={(id) => `/o/${id}`}
    />,
  );

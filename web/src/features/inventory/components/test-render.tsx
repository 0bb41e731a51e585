import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { i18n } from '../../../lib/i18n.ts';

export const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

export interface Call {
  method: string;
  url: URL;
  headers: Headers;
  body: Promise<string | FormData | null>;
}

/** Stubs fetch with `answer`, recording each request the feature sends. */
export function serve(answer: (call: Call) => Response): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (request: Request) => {
      const type = request.headers.get('content-type') ?? '';
      const call: Call = {
        method: request.method,
        url: new URL(request.url),
        headers: request.headers,
        body: type.startsWith('multipart/') ? request.formData() : request.text(),
      };
      calls.push(call);
      return answer(call);
    }),
  );
  return calls;
}

export function renderWithApp(ui: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const location = memoryLocation({ path: '/', record: true });
  return render(
    <ChakraProvider value={defaultSystem}>
      <I18nextProvider i18n={i18n}>
        <QueryClientProvider client={client}>
          <Router hook={location.hook} searchHook={location.searchHook}>
            {ui}
          </Router>
        </QueryClientProvider>
      </I18nextProvider>
    </ChakraProvider>,
  );
}

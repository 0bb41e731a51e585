import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { i18n } from '../../../lib/i18n.ts';
import { NotifyProvider, type Notify } from '../../../lib/toast.tsx';

export const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** Renders with the app's providers; `notify` records toasts instead of showing them. */
export function renderWithProviders(ui: ReactNode, notify: Notify = () => true) {
  return render(
    <ChakraProvider value={defaultSystem}>
      <I18nextProvider i18n={i18n}>
        <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
          <NotifyProvider notify={notify}>{ui}</NotifyProvider>
        </QueryClientProvider>
      </I18nextProvider>
    </ChakraProvider>,
  );
}

import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { i18n } from '../lib/i18n.ts';
import { NotifyProvider, type Notify, type ToastInput } from '../lib/toast.tsx';

/** A query client that reports a failure at once instead of retrying it. */
export const testQueryClient = () => new QueryClient({ defaultOptions: { queries: { retry: false } } });

export interface ProviderOptions {
  queryClient?: QueryClient;
  /** Where toasts go; by default they are collected in the returned `toasts`. */
  notify?: Notify;
}

/**
 * Renders a feature's screen or dialog inside what the app gives it: Chakra, i18next (call initI18n() in
 * beforeAll), TanStack Query and the toast notifier. A rerender keeps the same providers and client.
 */
export function renderWithProviders(ui: ReactElement, options: ProviderOptions = {}) {
  const toasts: ToastInput[] = [];
  const queryClient = options.queryClient ?? testQueryClient();
  const notify = options.notify ?? ((toast: ToastInput) => (toasts.push(toast), true));
  function Providers({ children }: { children: ReactNode }) {
    return (
      <ChakraProvider value={defaultSystem}>
        <I18nextProvider i18n={i18n}>
          <QueryClientProvider client={queryClient}>
            <NotifyProvider notify={notify}>{children}</NotifyProvider>
          </QueryClientProvider>
        </I18nextProvider>
      </ChakraProvider>
    );
  }
  return { ...render(ui, { wrapper: Providers }), toasts, queryClient };
}

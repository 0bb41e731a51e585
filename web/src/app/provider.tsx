import { ChakraProvider } from '@chakra-ui/react';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { i18n } from '../lib/i18n.ts';
import { AppToasts, NotifyProvider } from '../lib/toast.tsx';
import { UiStoreProvider } from '../lib/ui-store.ts';
import { SessionProvider } from '../features/session/session-context.tsx';
import { AgentProvider } from '../features/agent/agent-context.tsx';
import type { AppServices } from './app-services.ts';
import { system } from './theme.ts';

export function AppProvider({ services, children }: { services: AppServices; children: ReactNode }) {
  return (
    <ChakraProvider value={system}>
      <I18nextProvider i18n={i18n}>
        <QueryClientProvider client={services.queryClient}>
          <UiStoreProvider store={services.ui}>
            <NotifyProvider notify={services.notify}>
              <SessionProvider actor={services.session}>
                <AgentProvider actor={services.agent}>{children}</AgentProvider>
              </SessionProvider>
              <AppToasts toaster={services.toaster} />
            </NotifyProvider>
          </UiStoreProvider>
        </QueryClientProvider>
      </I18nextProvider>
    </ChakraProvider>
  );
}

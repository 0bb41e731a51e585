import type { AppServices } from './app-services.ts';
import { AppBackdrop } from './hosts/backdrop.tsx';
import {
  OnDemandCommonModal,
  OnDemandGlobalLoading,
  OnDemandLocationModal,
} from './hosts/on-demand-hosts.tsx';
import { AppProvider } from './provider.tsx';
import { AppRouter } from './router.tsx';
import { SessionEffects } from './session-effects.tsx';

export function App({ services }: { services: AppServices }) {
  return (
    <AppProvider services={services}>
      <OnDemandGlobalLoading />
      <AppRouter />
      <AppBackdrop />
      <OnDemandCommonModal />
      <OnDemandLocationModal />
      <SessionEffects />
    </AppProvider>
  );
}

import { LocationModal } from '../features/session/components/location-modal.tsx';
import type { AppServices } from './app-services.ts';
import { AppBackdrop } from './hosts/backdrop.tsx';
import { CommonModal } from './hosts/common-modal.tsx';
import { GlobalLoading } from './hosts/global-loading.tsx';
import { AppProvider } from './provider.tsx';
import { AppRouter } from './router.tsx';
import { SessionEffects } from './session-effects.tsx';

export function App({ services }: { services: AppServices }) {
  return (
    <AppProvider services={services}>
      <GlobalLoading />
      <AppRouter />
      <AppBackdrop />
      <CommonModal />
      <LocationModal />
      <SessionEffects />
    </AppProvider>
  );
}

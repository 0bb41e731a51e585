import type { AppServices } from './app-services.ts';
import { AppProvider } from './provider.tsx';
import { AppRouter } from './router.tsx';

export function App({ services }: { services: AppServices }) {
  return (
    <AppProvider services={services}>
      <AppRouter />
    </AppProvider>
  );
}

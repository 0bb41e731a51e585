import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useUiState } from '../../lib/ui-store.ts';
import { useLocationStep, useSession } from '../../features/session/session-context.tsx';

/*
 * The app-wide hosts draw dialogs and a progress bar that no page needs on its first paint: each is loaded
 * the first time it has something to show (with Chakra's dialog and focus-trap machinery), not with the
 * login form. Once loaded a host stays mounted, so a dialog still animates out when it closes.
 */

const CommonModal = lazy(() => import('./common-modal.tsx').then((m) => ({ default: m.CommonModal })));
const GlobalLoading = lazy(() => import('./global-loading.tsx').then((m) => ({ default: m.GlobalLoading })));
const LocationModal = lazy(() =>
  import('../../features/session/components/location-modal.tsx').then((m) => ({ default: m.LocationModal })),
);

/** True from the first render where `wanted` is, for good. */
function useOnceTrue(wanted: boolean): boolean {
  const [seen, setSeen] = useState(false);
  if (wanted && !seen) setSeen(true);
  return seen || wanted;
}

function OnDemand({ wanted, children }: { wanted: boolean; children: ReactNode }) {
  const shown = useOnceTrue(wanted);
  return shown ? <Suspense fallback={null}>{children}</Suspense> : null;
}

export function OnDemandCommonModal() {
  const value = useUiState((s) => s.commonDefaultModalValue);
  return (
    <OnDemand wanted={value !== null}>
      <CommonModal />
    </OnDemand>
  );
}

export function OnDemandGlobalLoading() {
  const show = useUiState((s) => s.showDefaultLoading);
  return (
    <OnDemand wanted={show}>
      <GlobalLoading />
    </OnDemand>
  );
}

export function OnDemandLocationModal() {
  const session = useSession();
  const step = useLocationStep();
  const requested = useUiState((s) => s.showLocationModal);
  return (
    <OnDemand wanted={session !== null && (step !== 'none' || requested)}>
      <LocationModal />
    </OnDemand>
  );
}

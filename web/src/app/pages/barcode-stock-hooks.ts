import { useState } from 'react';
import { grants, type Requirement } from '@nine/shared/permissions';
import { useScanner } from '../../features/agent/scanning/use-scanner.ts';
import { useSession } from '../../features/session/session-context.tsx';
import { useGeneralSettings } from '../../features/settings/api/get-general-settings.ts';
import type { ScanEvent } from '../../features/stock/components/scan-event.ts';
import { useViewerPermissions } from '../use-viewer-permissions.ts';

/** What the stock screens take from the session and the settings; composed here, not in the feature. */
export function useStockScreen(need?: Requirement) {
  const session = useSession();
  const locationId = session?.locationId ?? null;
  const settings = useGeneralSettings(locationId).data;
  const permissions = useViewerPermissions() ?? [];
  return {
    locationId,
    settings,
    currencySymbol: settings?.currency_symbol ?? '$',
    currencyCode: settings?.currency_code ?? 'USD',
    allowed: need === undefined ? true : grants(permissions, need),
  };
}

/** Scans from the agent's scanner and keyboard-wedge scanners, as events a screen can react to. */
export function useScanEvents(enabled = true): ScanEvent | null {
  const [scan, setScan] = useState<ScanEvent | null>(null);
  useScanner((next) => setScan((last) => ({ code: next.code, seq: (last?.seq ?? 0) + 1 })), { enabled });
  return scan;
}

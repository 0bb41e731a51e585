import { useState } from 'react';
import { grants, type Action, type Requirement, type Resource } from '@nine/shared/permissions';
import { useScanner } from '../../features/agent/scanning/use-scanner.ts';
import { useGeneralSettings } from '../../features/settings/api/get-general-settings.ts';
import { useLocalSettings } from '../../lib/local-settings.ts';
import { useSession } from '../../features/session/session-context.tsx';
import type { ScanEvent } from '../../features/stock/components/scan-event.ts';
import { useViewerPermissions } from '../use-viewer-permissions.ts';

/**
 * What a screen takes from the session, the location's settings, this device's settings and the viewer's
 * permissions; each screen's hook picks its part, so features never reach for the session themselves.
 */
export function useScreenContext() {
  const session = useSession();
  const locationId = session?.locationId ?? null;
  const settings = useGeneralSettings(locationId).data;
  const local = useLocalSettings();
  const permissions = useViewerPermissions() ?? [];
  return {
    session,
    locationId,
    settings,
    local,
    currencySymbol: settings?.currency_symbol ?? '$',
    can: (resource: Resource, action: Action) => grants(permissions, { resource, action }),
  };
}

/** What the stock screens take: the location, its settings and currency, and whether `need` is held. */
export function useStockScreen(need?: Requirement) {
  const screen = useScreenContext();
  return {
    locationId: screen.locationId,
    settings: screen.settings,
    currencySymbol: screen.currencySymbol,
    currencyCode: screen.settings?.currency_code ?? 'USD',
    allowed: need === undefined ? true : screen.can(need.resource, need.action),
  };
}

/**
 * Scans from the agent's scanner and keyboard-wedge scanners (unless `keyboard: false`), numbered so a
 * repeated code counts again, as events a screen can react to.
 */
export function useScanEvents(options: Parameters<typeof useScanner>[1] = {}): ScanEvent | null {
  const [scan, setScan] = useState<ScanEvent | null>(null);
  useScanner((next) => setScan((last) => ({ code: next.code, seq: (last?.seq ?? 0) + 1 })), options);
  return scan;
}

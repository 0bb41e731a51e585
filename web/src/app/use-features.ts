import { useBusinessInfo } from '../features/settings/api/get-business-info.ts';
import { useLocationStep, useSession, useSessionStatus } from '../features/session/session-context.tsx';
import type { Features } from './route-table.ts';

/**
 * The business's product lines (business information, read once per location and kept fresh by the
 * settings revision); undefined while loading or when `needed` is false, so most screens never ask.
 */
export function useFeatures(needed = true): Features | undefined {
  const status = useSessionStatus();
  const session = useSession();
  const ready = useLocationStep() === 'none';
  const locationId = needed && status === 'signedIn' && session !== null && ready ? session.locationId : null;
  const info = useBusinessInfo(locationId);
  if (locationId === null) return undefined;
  // Business information that cannot be loaded switches nothing off.
  if (info.isError) return { tour: true };
  return info.data ? { tour: info.data.tour_is_enabled } : undefined;
}

import { useEffect } from 'react';
import { trackActivity, watchInactivity } from '../features/session/inactivity.ts';
import {
  useLocationStep,
  useSession,
  useSessionActor,
  useSessionStatus,
} from '../features/session/session-context.tsx';
import { useActivitySettings } from '../features/settings/api/get-activity-settings.ts';
import { useBusinessInfo } from '../features/settings/api/get-business-info.ts';
import { useGeneralSettings } from '../features/settings/api/get-general-settings.ts';
import { useLocationActivitySettings } from '../features/settings/api/get-location-activity-settings.ts';
import { useLocalSettings } from '../lib/local-settings.ts';
import { useUiStore } from '../lib/ui-store.ts';

/**
 * What runs while someone is signed in, whatever the page: the data manager preloads the location's
 * settings (the global loading indicator shows meanwhile), and inactivity ends the session after the
 * general settings' auto_logout_inactive_users_timeout minutes, except on a kiosk: its screen starts over
 * when idle instead, and signing it out would leave the customers a sign-in form.
 */
export function SessionEffects() {
  const actor = useSessionActor();
  const ui = useUiStore();
  const status = useSessionStatus();
  const session = useSession();
  const locationReady = useLocationStep() === 'none';
  const signedIn = status === 'signedIn' && session !== null;
  const locationId = signedIn && locationReady ? session.locationId : null;

  const general = useGeneralSettings(locationId);
  const business = useBusinessInfo(locationId);
  const activity = useActivitySettings(locationId);
  const locationActivity = useLocationActivitySettings(locationId);
  const loading = [general, business, activity, locationActivity].some((query) => query.isLoading);

  useEffect(() => {
    ui.setDataManagerLoading(loading);
  }, [loading, ui]);

  useEffect(() => {
    if (!signedIn) return;
    return trackActivity(window);
  }, [signedIn]);

  const kioskMode = useLocalSettings().kioskMode;
  const minutes = kioskMode ? 0 : (general.data?.auto_logout_inactive_users_timeout ?? 0);
  useEffect(() => {
    if (!signedIn || minutes <= 0) return;
    return watchInactivity({ minutes, onTimeout: () => actor.send({ type: 'INACTIVE' }) });
  }, [signedIn, minutes, actor]);

  return null;
}

import { Separator } from '@chakra-ui/react';
import { AgentSettingsSection } from '../../features/agent/components/agent-settings-section.tsx';
import { KioskRegistration } from '../../features/agent/components/kiosk-registration.tsx';
import { useSession } from '../../features/session/session-context.tsx';
import { useGeneralSettings } from '../../features/settings/api/get-general-settings.ts';
import { useSetAsKiosk } from '../../features/settings/api/set-as-kiosk.ts';
import { readLocalSettings, saveLocalSettings } from '../../features/settings/local-settings.ts';

export interface CounterHardwareSettingsProps {
  /** The user may change the location's settings (location_setting change). */
  canSetKiosk: boolean;
  /** Registration turned this device's kiosk mode on: the local settings form must show it. */
  onKioskRegistered: () => void;
}

/**
 * The local settings of the counter hardware: the agent, printer and scanners, and kiosk registration,
 * which asks the agent for the PC's identity and then the server's set-as-kiosk.
 */
export function CounterHardwareSettings({ canSetKiosk, onKioskRegistered }: CounterHardwareSettingsProps) {
  const session = useSession();
  const locationId = session?.locationId ?? null;
  const general = useGeneralSettings(locationId);
  const kiosk = useSetAsKiosk();
  const locationName = session?.login.locations.find((location) => location.id === locationId)?.name ?? null;

  return (
    <>
      <Separator />
      <AgentSettingsSection currency={general.data?.currency_code ?? 'USD'} />
      <Separator />
      <KioskRegistration
        canRegister={canSetKiosk}
        locationName={locationName}
        register={(identity) =>
          kiosk.mutateAsync(
            identity.secret
              ? {
                  usedInStore: true,
                  device: {
                    deviceId: identity.deviceId,
                    name: identity.name,
                    nonce: identity.nonce,
                    proof: identity.proof,
                    secret: identity.secret,
                  },
                }
              : true,
          )
        }
        onRegistered={() => {
          saveLocalSettings({ ...readLocalSettings(), kioskMode: true });
          onKioskRegistered();
        }}
      />
    </>
  );
}

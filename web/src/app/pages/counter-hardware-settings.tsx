import { Separator } from '@chakra-ui/react';
import { useAgentEndpoint } from '../../features/agent/api/get-agent-endpoint.ts';
import { AgentSettingsSection } from '../../features/agent/components/agent-settings-section.tsx';
import { KioskRegistration } from '../../features/agent/components/kiosk-registration.tsx';
import { useSession } from '../../features/session/session-context.tsx';
import { useGeneralSettings } from '../../features/settings/api/get-general-settings.ts';
import { useKioskDevices } from '../../features/settings/api/list-kiosk-devices.ts';
import { requestKioskChallenge } from '../../features/settings/api/request-kiosk-challenge.ts';
import { useRevokeKioskDevice } from '../../features/settings/api/revoke-kiosk-device.ts';
import { useSetAsKiosk } from '../../features/settings/api/set-as-kiosk.ts';
import { readLocalSettings, saveLocalSettings } from '../../lib/local-settings.ts';

export interface CounterHardwareSettingsProps {
  /** The user may change the location's settings (location_setting change). */
  canSetKiosk: boolean;
  /** Registration turned this device's kiosk mode on: the local settings form must show it. */
  onKioskRegistered: () => void;
}

/**
 * The local settings of the counter hardware: the agent, printer and scanners, and kiosk registration,
 * which gets a challenge from the server, has the agent sign it, and registers the answer with set-as-kiosk.
 */
export function CounterHardwareSettings({ canSetKiosk, onKioskRegistered }: CounterHardwareSettingsProps) {
  const session = useSession();
  const locationId = session?.locationId ?? null;
  const general = useGeneralSettings(locationId);
  const agentEndpoint = useAgentEndpoint();
  const kiosk = useSetAsKiosk();
  const kioskDevices = useKioskDevices(locationId, { enabled: canSetKiosk });
  const revokeKiosk = useRevokeKioskDevice();
  const locationName = session?.login.locations.find((location) => location.id === locationId)?.name ?? null;

  return (
    <>
      <Separator />
      <AgentSettingsSection
        currency={general.data?.currency_code ?? 'USD'}
        announcedPort={agentEndpoint.data?.port ?? null}
      />
      <Separator />
      <KioskRegistration
        canRegister={canSetKiosk}
        locationName={locationName}
        requestChallenge={requestKioskChallenge}
        register={(identity, challenge) =>
          kiosk.mutateAsync({
            usedInStore: true,
            device: {
              deviceId: identity.deviceId,
              name: identity.name,
              publicKey: identity.publicKey,
              challengeId: challenge.challenge_id,
              signature: identity.signature,
            },
          })
        }
        devices={kioskDevices.data}
        devicesFailed={kioskDevices.isError}
        retryDevices={() => void kioskDevices.refetch()}
        revoke={(id) => revokeKiosk.mutateAsync(id)}
        onRegistered={() => {
          saveLocalSettings({ ...readLocalSettings(), kioskMode: true });
          onKioskRegistered();
        }}
      />
    </>
  );
}

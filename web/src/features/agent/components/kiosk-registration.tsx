import { Alert, Button, Heading, HStack, List, Stack, Text } from '@chakra-ui/react';
import { useId, useState } from 'react';
import type { AgentResult } from '@nine/shared/agent-protocol';
import { useAppTranslation } from '../../../lib/i18n.ts';
import { useAgentActor, useAgentPhase } from '../agent-context.tsx';
import { AgentRequestError } from '../agent-connection.ts';

export type KioskIdentity = AgentResult<'kiosk-identity'>;

/** The server's single-use challenge (set-as-kiosk/challenge) that the agent signs. */
export interface KioskChallenge {
  challenge_id: string;
  challenge: string;
  location_id: number;
}

export interface KioskRegistrationResult {
  location_id: number;
  used_in_store: boolean;
}

/** A PC registered as a kiosk at the location (the server's kiosk-devices list). */
export interface RegisteredKiosk {
  id: number;
  device_id: string | null;
  name: string;
  revoked_at: string | null;
}

type Step =
  | { kind: 'idle' }
  | { kind: 'challenge' }
  | { kind: 'asking' }
  | { kind: 'registering'; identity: KioskIdentity }
  | { kind: 'done'; identity: KioskIdentity; result: KioskRegistrationResult }
  | { kind: 'failed'; stage: 'agent' | 'server'; message: string };

export interface KioskRegistrationProps {
  /** The user may change the location's settings (location_setting change). */
  canRegister: boolean;
  /** The location being registered, for the result line. */
  locationName: string | null;
  /** Asks the server for a fresh challenge to sign. */
  requestChallenge: () => Promise<KioskChallenge>;
  /** Registers the agent's signed answer on the server and marks the location as used in store (set-as-kiosk). */
  register: (identity: KioskIdentity, challenge: KioskChallenge) => Promise<KioskRegistrationResult>;
  onRegistered?: (identity: KioskIdentity, result: KioskRegistrationResult) => void;
  /** The location's registered kiosks, when the user may manage them. */
  devices?: readonly RegisteredKiosk[] | undefined;
  /** Revokes a registration, so that its device id may be registered again with a new key. */
  revoke?: (id: number) => Promise<unknown>;
  /** The list could not be read: say so beside the section, with a way to try again. */
  devicesFailed?: boolean;
  retryDevices?: () => void;
}

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * "Register this PC as a kiosk": the server issues a single-use challenge, the paired agent signs it with the
 * private key it keeps (only its public key and the signature come back), and the server checks the
 * signature, registers the PC and marks the location's counter as used in store.
 */
export function KioskRegistration({
  canRegister,
  locationName,
  requestChallenge,
  register,
  onRegistered,
  devices,
  revoke,
  devicesFailed = false,
  retryDevices,
}: KioskRegistrationProps) {
  const { t } = useAppTranslation();
  const actor = useAgentActor();
  const phase = useAgentPhase();
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  const [revoking, setRevoking] = useState<number | null>(null);
  const [revokeError, setRevokeError] = useState<string | null>(null);
  const headingId = useId();
  const devicesId = useId();
  const busy = step.kind === 'challenge' || step.kind === 'asking' || step.kind === 'registering';

  async function run() {
    const connection = actor.getSnapshot().context.connection;
    if (connection === null) return;
    setStep({ kind: 'challenge' });
    let challenge: KioskChallenge;
    try {
      challenge = await requestChallenge();
    } catch (error) {
      setStep({ kind: 'failed', stage: 'server', message: message(error) });
      return;
    }
    setStep({ kind: 'asking' });
    let identity: KioskIdentity;
    try {
      identity = await connection.request('kiosk-identity', {
        challenge: challenge.challenge,
        locationId: challenge.location_id,
      });
      if (identity.challenge !== challenge.challenge || identity.locationId !== challenge.location_id)
        throw new AgentRequestError('internal', 'the agent signed another challenge');
    } catch (error) {
      setStep({ kind: 'failed', stage: 'agent', message: message(error) });
      return;
    }
    setStep({ kind: 'registering', identity });
    try {
      const result = await register(identity, challenge);
      setStep({ kind: 'done', identity, result });
      onRegistered?.(identity, result);
    } catch (error) {
      setStep({ kind: 'failed', stage: 'server', message: message(error) });
    }
  }

  async function revokeDevice(id: number) {
    if (revoke === undefined) return;
    setRevoking(id);
    setRevokeError(null);
    try {
      await revoke(id);
    } catch (error) {
      setRevokeError(message(error));
    } finally {
      setRevoking(null);
    }
  }

  return (
    <Stack as="section" aria-labelledby={headingId} gap="3" maxW="xl">
      <Heading as="h2" size="lg" id={headingId}>
        {t('agent:kiosk.heading')}
      </Heading>
      <Text color="fg.muted">{t('agent:kiosk.intro')}</Text>
      {!canRegister && <Text color="fg.muted">{t('agent:kiosk.not_allowed')}</Text>}
      {canRegister && phase !== 'ready' && <Text color="fg.muted">{t('agent:kiosk.pair_first')}</Text>}
      <Button
        alignSelf="flex-start"
        colorPalette="blue"
        variant="outline"
        disabled={!canRegister || phase !== 'ready'}
        loading={busy}
        loadingText={step.kind === 'asking' ? t('agent:kiosk.asking') : t('agent:kiosk.registering')}
        onClick={() => void run()}
      >
        {t('agent:kiosk.register')}
      </Button>
      <div role="status" aria-live="polite">
        {step.kind === 'done' && (
          <Alert.Root status="success">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>{t('agent:kiosk.done_title')}</Alert.Title>
              <Alert.Description>
                {t('agent:kiosk.done', {
                  name: step.identity.name,
                  device: step.identity.deviceId,
                  location: locationName ?? String(step.result.location_id),
                })}
              </Alert.Description>
            </Alert.Content>
          </Alert.Root>
        )}
      </div>
      {step.kind === 'failed' && (
        <Alert.Root status="error" role="alert">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>
              {step.stage === 'agent' ? t('agent:kiosk.failed_agent') : t('agent:kiosk.failed_server')}
            </Alert.Title>
            <Alert.Description>{step.message}</Alert.Description>
          </Alert.Content>
        </Alert.Root>
      )}
      {canRegister && devicesFailed && (
        <Alert.Root status="error" role="alert">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{t('agent:kiosk.devices_failed')}</Alert.Title>
          </Alert.Content>
          {retryDevices !== undefined && (
            <Button size="xs" variant="outline" onClick={retryDevices}>
              {t('common:try_again')}
            </Button>
          )}
        </Alert.Root>
      )}
      {canRegister && devices !== undefined && (
        <Stack as="section" aria-labelledby={devicesId} gap="2">
          <Heading as="h3" size="md" id={devicesId}>
            {t('agent:kiosk.devices_heading')}
          </Heading>
          <Text color="fg.muted">{t('agent:kiosk.revoke_hint')}</Text>
          {devices.length === 0 ? (
            <Text>{t('agent:kiosk.devices_none')}</Text>
          ) : (
            <List.Root variant="plain" gap="2">
              {devices.map((device) => (
                <List.Item key={device.id}>
                  <HStack gap="3" wrap="wrap">
                    <Text>
                      {t('agent:kiosk.device_line', { name: device.name, device: device.device_id ?? '—' })}
                    </Text>
                    {device.revoked_at !== null ? (
                      <Text color="fg.muted">{t('agent:kiosk.revoked')}</Text>
                    ) : (
                      revoke !== undefined && (
                        <Button
                          size="xs"
                          variant="outline"
                          colorPalette="red"
                          aria-label={t('agent:kiosk.revoke_label', { name: device.name })}
                          loading={revoking === device.id}
                          disabled={revoking !== null}
                          onClick={() => void revokeDevice(device.id)}
                        >
                          {t('agent:kiosk.revoke')}
                        </Button>
                      )
                    )}
                  </HStack>
                </List.Item>
              ))}
            </List.Root>
          )}
          {revokeError !== null && (
            <Alert.Root status="error" role="alert">
              <Alert.Indicator />
              <Alert.Content>
                <Alert.Title>{t('agent:kiosk.revoke_failed')}</Alert.Title>
                <Alert.Description>{revokeError}</Alert.Description>
              </Alert.Content>
            </Alert.Root>
          )}
        </Stack>
      )}
    </Stack>
  );
}

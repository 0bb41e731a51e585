import { Alert, Button, Heading, Stack, Text } from '@chakra-ui/react';
import { useId, useState } from 'react';
import type { AgentResult } from '@nine/shared/agent-protocol';
import { useAppTranslation } from '../../../lib/i18n.ts';
import { useAgentActor, useAgentPhase } from '../agent-context.tsx';
import { AgentRequestError } from '../agent-connection.ts';
import { randomHex } from '../random-id.ts';

export type KioskIdentity = AgentResult<'kiosk-identity'>;

export interface KioskRegistrationResult {
  location_id: number;
  used_in_store: boolean;
}

type Step =
  | { kind: 'idle' }
  | { kind: 'asking' }
  | { kind: 'registering'; identity: KioskIdentity }
  | { kind: 'done'; identity: KioskIdentity; result: KioskRegistrationResult }
  | { kind: 'failed'; stage: 'agent' | 'server'; message: string };

export interface KioskRegistrationProps {
  /** The user may change the location's settings (location_setting change). */
  canRegister: boolean;
  /** The location being registered, for the result line. */
  locationName: string | null;
  /** Marks the location as used in store on the server (set-as-kiosk). */
  register: (identity: KioskIdentity) => Promise<KioskRegistrationResult>;
  onRegistered?: (identity: KioskIdentity, result: KioskRegistrationResult) => void;
}

/**
 * "Register this PC as a kiosk": the paired agent proves which PC this is (it signs a fresh nonce with its
 * device secret), then the server marks the location's counter as used in store.
 */
export function KioskRegistration({
  canRegister,
  locationName,
  register,
  onRegistered,
}: KioskRegistrationProps) {
  const { t } = useAppTranslation();
  const actor = useAgentActor();
  const phase = useAgentPhase();
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  const headingId = useId();
  const busy = step.kind === 'asking' || step.kind === 'registering';

  async function run() {
    const connection = actor.getSnapshot().context.connection;
    if (connection === null) return;
    setStep({ kind: 'asking' });
    const nonce = randomHex(24);
    let identity: KioskIdentity;
    try {
      // enroll: the agent hands over its device secret once, for the server to verify the proof and keep.
      identity = await connection.request('kiosk-identity', { nonce, enroll: true });
      if (identity.nonce !== nonce) throw new AgentRequestError('internal', 'the agent signed another nonce');
    } catch (error) {
      setStep({
        kind: 'failed',
        stage: 'agent',
        message: error instanceof Error ? error.message : String(error),
      });
      return;
    }
    setStep({ kind: 'registering', identity });
    try {
      const result = await register(identity);
      setStep({ kind: 'done', identity, result });
      onRegistered?.(identity, result);
    } catch (error) {
      setStep({
        kind: 'failed',
        stage: 'server',
        message: error instanceof Error ? error.message : String(error),
      });
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
        loadingText={step.kind === 'registering' ? t('agent:kiosk.registering') : t('agent:kiosk.asking')}
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
    </Stack>
  );
}

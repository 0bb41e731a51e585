import { Button, Field, Input, Link, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useAppTranslation, type AppT } from '../../../lib/i18n.ts';
import { useAgentActor, useAgentSelector } from '../agent-context.tsx';
import type { AgentProblem } from '../agent-machine.ts';
import { agentPageUrl } from '../agent-settings.ts';

/** Why the agent refused a pairing code, in words for the person at the counter. */
export function pairingErrorText(t: AppT, problem: AgentProblem): string {
  switch (problem.code) {
    case 'pairing-failed': {
      const left = /(\d+) attempts? left/.exec(problem.message)?.[1];
      return left !== undefined
        ? t('agent:pairing.errors.wrong_code_left', { left })
        : t('agent:pairing.errors.wrong_code_burned');
    }
    case 'pairing-unavailable':
      return t('agent:pairing.errors.unavailable');
    case 'invalid-payload':
      return t('agent:pairing.errors.six_digits');
    case 'timeout':
      return t('agent:pairing.errors.timeout');
    case 'closed':
    case 'not-connected':
      return t('agent:pairing.errors.connection');
    default:
      return t('agent:pairing.errors.other', { message: problem.message });
  }
}

/** The six-digit code the agent shows, exchanged for a token this PC keeps. */
export function PairingForm({ autoFocus = false }: { autoFocus?: boolean }) {
  const { t } = useAppTranslation();
  const actor = useAgentActor();
  const submitting = useAgentSelector((s) => s.matches({ online: { pairing: 'submitting' } }));
  const problem = useAgentSelector((s) => s.context.pairingError);
  const pageUrl = useAgentSelector((s) => agentPageUrl(s.context.url));
  const [code, setCode] = useState('');

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        actor.send({ type: 'PAIR', code });
        setCode('');
      }}
    >
      <Stack gap="3" align="flex-start">
        <Field.Root invalid={problem !== null} maxW="xs">
          <Field.Label>{t('agent:pairing.code')}</Field.Label>
          <Input
            value={code}
            onChange={(event) => setCode(event.currentTarget.value.replace(/\D/g, '').slice(0, 6))}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            letterSpacing="widest"
            fontFamily="mono"
            autoFocus={autoFocus}
          />
          <Field.HelperText>{t('agent:pairing.code_hint')}</Field.HelperText>
          {problem !== null && <Field.ErrorText>{pairingErrorText(t, problem)}</Field.ErrorText>}
        </Field.Root>
        <Button
          type="submit"
          colorPalette="blue"
          loading={submitting}
          loadingText={t('agent:pairing.pairing')}
          disabled={code.length !== 6}
        >
          {t('agent:pairing.pair')}
        </Button>
        <Stack gap="1">
          <Text fontSize="sm" color="fg.muted">
            {t('agent:pairing.new_code_hint')}
          </Text>
          {pageUrl !== null && (
            <Link
              href={pageUrl}
              target="_blank"
              rel="noreferrer"
              fontSize="sm"
              colorPalette="blue"
              variant="underline"
            >
              {t('agent:pairing.agent_page', { url: pageUrl })}
            </Link>
          )}
        </Stack>
      </Stack>
    </form>
  );
}

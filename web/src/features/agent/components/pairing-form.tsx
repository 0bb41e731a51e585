import { Box, Button, Input, Link, Stack, Text } from '@chakra-ui/react';
import { useController, useWatch } from 'react-hook-form';
import { pairPayload } from '@nine/shared/agent-protocol';
import { describedBy, FieldShell, useFieldIds } from '../../../components/form/fields.tsx';
import { SubmitForm } from '../../../components/form/submit-form.tsx';
import { useSchemaForm } from '../../../components/form/use-schema-form.ts';
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
  const form = useSchemaForm(pairPayload, { defaultValues: { code: '' } });
  const { field } = useController({ control: form.control, name: 'code' });
  const valid = pairPayload.safeParse(useWatch({ control: form.control })).success;
  const ids = useFieldIds();
  // The refusal comes from the agent, not from the form: the button stays off until the code is whole.
  const error = problem === null ? undefined : pairingErrorText(t, problem);
  const helperText = t('agent:pairing.code_hint');
  // Sent at once rather than through the async handleSubmit: the same schema already keeps the button off.
  function submit() {
    const parsed = pairPayload.safeParse(form.getValues());
    if (!parsed.success) return;
    actor.send({ type: 'PAIR', code: parsed.data.code });
    form.reset({ code: '' });
  }

  return (
    <SubmitForm onSubmit={submit}>
      <Stack gap="3" align="flex-start">
        <Box maxW="xs" width="full">
          <FieldShell label={t('agent:pairing.code')} helperText={helperText} error={error} ids={ids}>
            <Input
              ref={field.ref}
              name={field.name}
              aria-describedby={describedBy(ids, error, helperText)}
              value={field.value}
              onChange={(event) => field.onChange(event.currentTarget.value.replace(/\D/g, '').slice(0, 6))}
              onBlur={field.onBlur}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              letterSpacing="widest"
              fontFamily="mono"
              autoFocus={autoFocus}
            />
          </FieldShell>
        </Box>
        <Button
          type="submit"
          colorPalette="blue"
          loading={submitting}
          loadingText={t('agent:pairing.pairing')}
          disabled={!valid}
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
    </SubmitForm>
  );
}

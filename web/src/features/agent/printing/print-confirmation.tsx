import { Button, HStack, type ButtonProps } from '@chakra-ui/react';
import { jobResolutions, type JobResolution } from '@nine/shared/agent-protocol';
import { useAppTranslation } from '../../../lib/i18n.ts';
import type { PrintState } from './use-print.ts';

export interface PrintConfirmationProps {
  state: PrintState;
  onResolve: (resolution: JobResolution) => void;
  size?: ButtonProps['size'];
}

/**
 * The clerk's answer for a receipt that may have printed before the agent stopped: it printed (nothing is
 * sent again), or print it again (once). Shown only while the job waits for that answer; the status line
 * beside it says why.
 */
export function PrintConfirmation({ state, onResolve, size }: PrintConfirmationProps) {
  const { t } = useAppTranslation();
  if (state.via !== 'agent' || state.phase !== 'needs-confirmation') return null;
  const busy = state.resolving !== null;
  return (
    <HStack gap="2" wrap="wrap" role="group" aria-label={t('agent:print.needs_confirmation')}>
      {jobResolutions.map((choice) => (
        <Button
          key={choice}
          size={size}
          variant="outline"
          disabled={busy}
          loading={state.resolving === choice}
          onClick={() => onResolve(choice)}
        >
          {choice === 'printed' ? t('agent:print.confirm_printed') : t('agent:print.confirm_reprint')}
        </Button>
      ))}
    </HStack>
  );
}

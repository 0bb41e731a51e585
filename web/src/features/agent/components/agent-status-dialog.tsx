import { Button, CloseButton, Dialog, List, Portal, Stack, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { useAppTranslation } from '../../../lib/i18n.ts';
import { useActivePrinter, useAgentActor, useAgentPhase, useAgentSelector } from '../agent-context.tsx';
import { agentBadge, badgeText, printerBadge } from '../agent-status.ts';
import { PairingForm } from './pairing-form.tsx';

/** Seconds until `at`, ticking; null when there is nothing to count down to. */
function useCountdown(at: number | null): number | null {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (at === null) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [at]);
  return at === null ? null : Math.max(0, Math.ceil((at - now) / 1000));
}

function NotConnected({ connecting }: { connecting: boolean }) {
  const { t } = useAppTranslation();
  const actor = useAgentActor();
  const url = useAgentSelector((s) => s.context.url);
  const retryAt = useAgentSelector((s) => s.context.retryAt);
  const seconds = useCountdown(connecting ? null : retryAt);
  return (
    <Stack gap="3">
      <Text>
        {connecting ? t('agent:dialog.connecting', { url }) : t('agent:dialog.not_connected', { url })}
      </Text>
      {!connecting && <Text color="fg.muted">{t('agent:dialog.not_connected_hint')}</Text>}
      {seconds !== null && <Text color="fg.muted">{t('agent:dialog.retry_in', { seconds })}</Text>}
      {!connecting && (
        <Button alignSelf="flex-start" variant="outline" onClick={() => actor.send({ type: 'RETRY' })}>
          {t('agent:dialog.retry')}
        </Button>
      )}
    </Stack>
  );
}

function Paired() {
  const { t } = useAppTranslation();
  const agent = useAgentSelector((s) => s.context.agent);
  const statuses = useAgentSelector((s) => s.context.printerStatus);
  const { printer: active } = useActivePrinter();
  if (agent === null) return null;
  return (
    <Stack gap="3">
      <Text>
        {t(agent.simulated ? 'agent:dialog.paired_simulated' : 'agent:dialog.paired', {
          name: agent.name,
          version: agent.version,
        })}
      </Text>
      {agent.printers.length === 0 ? (
        <Text color="fg.muted">{t('agent:dialog.no_printers')}</Text>
      ) : (
        <List.Root ps="5">
          {agent.printers.map((printer) => (
            <List.Item key={printer.id}>
              {t('agent:dialog.printer_line', {
                name: printer.name,
                width: printer.paperWidthMm,
                status: badgeText(t, printerBadge(statuses[printer.id] ?? null)),
              })}
              {printer.id === active?.id ? ` ${t('agent:dialog.receipts_go_here')}` : ''}
            </List.Item>
          ))}
        </List.Root>
      )}
    </Stack>
  );
}

/** What the header badge opens: why receipts cannot print silently here, and where the pairing code goes. */
export function AgentStatusDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useAppTranslation();
  const phase = useAgentPhase();
  const { printer, status } = useActivePrinter();
  const text = badgeText(t, agentBadge(phase, printer, status));
  return (
    <Dialog.Root open={open} onOpenChange={(details) => onOpenChange(details.open)} placement="center">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{t('agent:dialog.title')}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="4">
                <Text fontWeight="semibold">{text}</Text>
                {(phase === 'off' || phase === 'disconnected' || phase === 'connecting') && (
                  <NotConnected connecting={phase === 'connecting'} />
                )}
                {phase === 'pairing' && (
                  <Stack gap="3">
                    <Text>{t('agent:pairing.intro')}</Text>
                    <PairingForm autoFocus />
                  </Stack>
                )}
                {phase === 'ready' && <Paired />}
              </Stack>
            </Dialog.Body>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

import { Box, Button, Status } from '@chakra-ui/react';
import { lazy, Suspense, useState } from 'react';
import { useAppTranslation } from '../../../lib/i18n.ts';
import { useActivePrinter, useAgentPhase } from '../agent-context.tsx';
import { BADGE_TONE, agentBadge, badgeText } from '../agent-status.ts';

// The dialog (Chakra's dialog machinery and the pairing form) loads the first time the badge is opened.
const AgentStatusDialog = lazy(() =>
  import('./agent-status-dialog.tsx').then((m) => ({ default: m.AgentStatusDialog })),
);

/**
 * The header badge: whether receipts can print silently here. It opens a dialog that says why not, and
 * where staff type the agent's pairing code.
 */
export function AgentStatusBadge() {
  const { t } = useAppTranslation();
  const phase = useAgentPhase();
  const { printer, status } = useActivePrinter();
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  const badge = agentBadge(phase, printer, status);

  return (
    <>
      <Box role="status" aria-label={t('agent:badge.label')}>
        <Button
          size="xs"
          variant="outline"
          borderRadius="full"
          aria-haspopup="dialog"
          aria-expanded={open}
          gap="2"
          onClick={() => {
            setOpened(true);
            setOpen(true);
          }}
        >
          <Status.Root colorPalette={BADGE_TONE[badge]} size="sm">
            <Status.Indicator />
          </Status.Root>
          {badgeText(t, badge)}
        </Button>
      </Box>
      {opened && (
        <Suspense fallback={null}>
          <AgentStatusDialog open={open} onOpenChange={setOpen} />
        </Suspense>
      )}
    </>
  );
}

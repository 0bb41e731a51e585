import { Button, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { AccessKeyDialog } from '../../../components/access-key-dialog.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useAppTranslation } from '../../../lib/i18n.ts';
import { useExitKiosk } from '../api/exit-kiosk.ts';

/**
 * The discreet way out of kiosk mode: a small, quiet button a customer has no reason to press, which asks
 * for a manager's access key; the server checks it (wrong keys count and lock) and `onExited` runs.
 */
export function KioskExitButton({ onExited }: { onExited(): void }) {
  const { t } = useAppTranslation();
  const [open, setOpen] = useState(false);
  const exit = useExitKiosk();
  const error =
    exit.error === null
      ? null
      : exit.error instanceof ApiError
        ? exit.error.message
        : t('settings:kiosk.failed_unknown');
  return (
    <>
      <Button
        size="xs"
        variant="plain"
        color="fg.subtle"
        opacity={0.6}
        onClick={() => {
          exit.reset();
          setOpen(true);
        }}
      >
        {t('settings:kiosk.exit')}
      </Button>
      <AccessKeyDialog
        open={open}
        busy={exit.isPending}
        error={error}
        submitLabel={t('settings:kiosk.exit')}
        onSubmit={(accessKey) =>
          exit.mutate(accessKey, {
            onSuccess: () => {
              setOpen(false);
              onExited();
            },
          })
        }
        onDismiss={() => setOpen(false)}
      >
        <Text>{t('settings:kiosk.exit_intro')}</Text>
      </AccessKeyDialog>
    </>
  );
}

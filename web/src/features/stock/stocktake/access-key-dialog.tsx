import { Alert, Button, Dialog, Field, Input, Portal, Stack, Text } from '@chakra-ui/react';
import { useId, useState } from 'react';
import { useAppTranslation } from '../../../lib/i18n.ts';

export interface AccessKeyDialogProps {
  open: boolean;
  busy: boolean;
  error: string | null;
  onSubmit(key: string): void;
  onDismiss(): void;
}

/** Starting a stocktake is approved with an access key. */
export function AccessKeyDialog({ open, busy, error, onSubmit, onDismiss }: AccessKeyDialogProps) {
  const { t } = useAppTranslation();
  const [key, setKey] = useState('');
  const formId = useId();
  return (
    <Dialog.Root
      open={open}
      role="alertdialog"
      onOpenChange={(details) => {
        if (!details.open) onDismiss();
      }}
      onExitComplete={() => setKey('')}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{t('stock:stocktake.key_title')}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <form
                id={formId}
                onSubmit={(event) => {
                  event.preventDefault();
                  if (key.trim() !== '' && !busy) onSubmit(key);
                }}
              >
                <Stack gap="4">
                  <Text>{t('stock:stocktake.key_intro')}</Text>
                  {error !== null && (
                    <Alert.Root status="error" role="alert">
                      <Alert.Indicator />
                      <Alert.Description>{error}</Alert.Description>
                    </Alert.Root>
                  )}
                  <Field.Root required invalid={error !== null}>
                    <Field.Label>{t('stock:stocktake.access_key')}</Field.Label>
                    <Input
                      type="password"
                      autoComplete="off"
                      autoFocus
                      maxLength={64}
                      value={key}
                      onChange={(event) => setKey(event.currentTarget.value)}
                    />
                  </Field.Root>
                </Stack>
              </form>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onDismiss} disabled={busy}>
                {t('stock:common.cancel')}
              </Button>
              <Button
                type="submit"
                form={formId}
                colorPalette="blue"
                disabled={key.trim() === ''}
                loading={busy}
              >
                {t('stock:stocktake.start')}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

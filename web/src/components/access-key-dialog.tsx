import { Alert, Button, Dialog, Field, Input, Portal, Stack } from '@chakra-ui/react';
import { useId, useState, type ReactNode } from 'react';
import { useAppTranslation } from '../lib/i18n.ts';

export interface AccessKeyDialogProps {
  open: boolean;
  /** The key was sent and the answer is awaited. */
  busy: boolean;
  /** The server's message after a wrong or missing key. */
  error: string | null;
  /** Defaults to 'Access key required'. */
  title?: string;
  /** What the key approves, shown above the field. */
  children: ReactNode;
  submitLabel: string;
  /** Defaults to 'Cancel'. */
  cancelLabel?: string;
  /** A red submit button for destructive actions (cancelling an order). */
  destructive?: boolean;
  onSubmit(accessKey: string): void;
  onDismiss(): void;
}

/** The one prompt for an access key (spec section 5): cancelling an order, starting a stocktake. */
export function AccessKeyDialog({
  open,
  busy,
  error,
  title,
  children,
  submitLabel,
  cancelLabel,
  destructive = false,
  onSubmit,
  onDismiss,
}: AccessKeyDialogProps) {
  const { t } = useAppTranslation();
  const [key, setKey] = useState('');
  const [shownError, setShownError] = useState(error);
  const formId = useId();
  // A refused key is cleared so the next one is typed afresh.
  if (shownError !== error) {
    setShownError(error);
    if (error !== null) setKey('');
  }
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
              <Dialog.Title>{title ?? t('common:access_key.title')}</Dialog.Title>
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
                  {children}
                  {error !== null && (
                    <Alert.Root status="error" role="alert">
                      <Alert.Indicator />
                      <Alert.Description>{error}</Alert.Description>
                    </Alert.Root>
                  )}
                  <Field.Root required invalid={error !== null}>
                    <Field.Label>{t('common:access_key.label')}</Field.Label>
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
                {cancelLabel ?? t('common:cancel')}
              </Button>
              <Button
                type="submit"
                form={formId}
                colorPalette={destructive ? 'red' : 'blue'}
                disabled={key.trim() === ''}
                loading={busy}
              >
                {submitLabel}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

import { Button, Dialog, Portal, Text } from '@chakra-ui/react';
import { useAppTranslation } from '../../../lib/i18n.ts';

/** Asks before a deletion; the dialog stays until the caller closes it, so a failure can be seen. */
export function ConfirmDialog({
  open,
  message,
  busy,
  onConfirm,
  onCancel,
}: {
  open: boolean;
  message: string;
  busy: boolean;
  onConfirm(): void;
  onCancel(): void;
}) {
  const { t } = useAppTranslation();
  return (
    <Dialog.Root open={open} onOpenChange={(d) => !d.open && onCancel()} role="alertdialog" size="sm">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{t('customers:partners.confirm_title')}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Text>{message}</Text>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onCancel}>
                {t('customers:form.cancel')}
              </Button>
              <Button colorPalette="red" loading={busy} onClick={onConfirm}>
                {t('customers:partners.delete')}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

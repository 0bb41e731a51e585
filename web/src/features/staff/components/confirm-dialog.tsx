import { Button, Dialog, Portal, Text } from '@chakra-ui/react';
import { useAppTranslation } from '../../../lib/i18n.ts';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  message: string;
  confirmLabel: string;
  pending?: boolean;
  danger?: boolean;
  onConfirm(): void;
  onClose(): void;
}

/** Asks before an action that takes effect at once (deactivating a user ends their sessions). */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const { t } = useAppTranslation();
  return (
    <Dialog.Root
      role="alertdialog"
      open={props.open}
      onOpenChange={(details) => {
        if (!details.open) props.onClose();
      }}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{props.title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Text>{props.message}</Text>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={props.onClose}>
                {t('staff:common.cancel')}
              </Button>
              <Button
                colorPalette={props.danger === true ? 'red' : 'blue'}
                loading={props.pending}
                onClick={props.onConfirm}
              >
                {props.confirmLabel}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

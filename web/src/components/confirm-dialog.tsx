import { Button, Text } from '@chakra-ui/react';
import { useAppTranslation } from '../lib/i18n.ts';
import { DialogFrame } from './dialog-frame.tsx';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  message: string;
  confirmLabel: string;
  /** The action is under way: the confirm button spins. */
  pending?: boolean;
  /** Red, for what cannot be taken back (a deletion, a deactivation). */
  danger?: boolean;
  size?: 'sm' | 'md';
  onConfirm(): void;
  /** Cancel, Escape or the backdrop. */
  onClose(): void;
}

/**
 * Asks before an action that takes effect at once. The dialog stays until the caller closes it, so a
 * failure can be seen.
 */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const { t } = useAppTranslation();
  return (
    <DialogFrame
      role="alertdialog"
      open={props.open}
      size={props.size}
      onDismiss={props.onClose}
      title={props.title}
      footer={
        <>
          <Button variant="outline" onClick={props.onClose}>
            {t('common:cancel')}
          </Button>
          <Button
            colorPalette={props.danger === true ? 'red' : 'blue'}
            loading={props.pending}
            onClick={props.onConfirm}
          >
            {props.confirmLabel}
          </Button>
        </>
      }
    >
      <Text>{props.message}</Text>
    </DialogFrame>
  );
}

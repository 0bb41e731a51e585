import { CloseButton, Dialog, Portal } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useAppTranslation } from '../../../lib/i18n.ts';

export interface MoneyDialogProps {
  open: boolean;
  /** The close button, Escape or the backdrop. */
  onClose(): void;
  title: ReactNode;
  size?: 'md' | 'lg';
  /** The flow inside: its own body and footer, which change with its step (form, failure, done). */
  children: ReactNode;
}

/** The frame of the take-payment and refund dialogs: a title and a close button around their flow. */
export function MoneyDialog({ open, onClose, title, size, children }: MoneyDialogProps) {
  const { t } = useAppTranslation();
  return (
    <Dialog.Root
      open={open}
      size={size}
      onOpenChange={(details) => {
        if (!details.open) onClose();
      }}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            {children}
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={t('money:payments.dialog.close')} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

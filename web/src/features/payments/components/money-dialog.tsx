import { CloseButton, Dialog, Portal } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { SubmitForm } from '../../../components/form/submit-form.tsx';
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

export interface MoneyDialogFormProps {
  /** The form's id, which the footer's submit button names (it stands outside the form). */
  id: string;
  /** The browser's submit already prevented. */
  onSubmit(): void;
  /** The fields and what the form says of them. */
  children: ReactNode;
  /** Below the form in the body, outside it: a control there must not submit the form (open the register). */
  after?: ReactNode;
  /** The buttons; the submit one carries `form={id}`. */
  footer: ReactNode;
}

/** A money dialog's form step: the form in the body, anything beside it, and the footer's buttons. */
export function MoneyDialogForm({ id, onSubmit, children, after, footer }: MoneyDialogFormProps) {
  return (
    <>
      <Dialog.Body display="flex" flexDirection="column" gap="4">
        <SubmitForm display="flex" flexDirection="column" id={id} gap="4" onSubmit={onSubmit}>
          {children}
        </SubmitForm>
        {after}
      </Dialog.Body>
      <Dialog.Footer>{footer}</Dialog.Footer>
    </>
  );
}

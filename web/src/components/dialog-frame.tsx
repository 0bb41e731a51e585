import { CloseButton, Dialog, Portal } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useAppTranslation } from '../lib/i18n.ts';
import { SubmitForm } from './form/submit-form.tsx';

export interface DialogFrameProps {
  open: boolean;
  /** Escape or the backdrop; the footer's Cancel calls it too. */
  onDismiss(): void;
  title: ReactNode;
  /** The body. */
  children: ReactNode;
  /** The buttons. */
  footer: ReactNode;
  /** 'alertdialog' for a question or a warning that must be answered. */
  role?: 'dialog' | 'alertdialog';
  onExitComplete?(): void;
  size?: 'sm' | 'md' | 'lg' | 'xl';
  placement?: 'top' | 'center';
  /** Only the footer's buttons close it: neither Escape nor the backdrop does. */
  persistent?: boolean;
  /** A close button in the corner as well. */
  closeButton?: boolean;
  /** Its content is still loading (aria-busy). */
  busy?: boolean;
  /** A long body scrolls inside the dialog, keeping the title and the buttons in view. */
  scrollInside?: boolean;
  /** The button that opens the dialog, for a dialog that owns its trigger. */
  trigger?: ReactNode;
  /**
   * Makes the dialog a form (its fields checked by the form itself, noValidate) whose submit button in the
   * footer calls this, the browser's own submit already prevented.
   */
  onSubmit?(): void;
  'data-testid'?: string;
}

/**
 * The frame of every dialog: a title, a body and its buttons, dismissed by Escape or the backdrop unless
 * persistent. `FormDialog` is a form with Cancel and Save on it; `ConfirmDialog` a plain question.
 */
export function DialogFrame({
  open,
  onDismiss,
  title,
  children,
  footer,
  role,
  persistent = false,
  closeButton = false,
  onSubmit,
  ...props
}: DialogFrameProps) {
  const { t } = useAppTranslation();
  const parts = (
    <>
      <Dialog.Header>
        <Dialog.Title>{title}</Dialog.Title>
      </Dialog.Header>
      <Dialog.Body>{children}</Dialog.Body>
      <Dialog.Footer>{footer}</Dialog.Footer>
    </>
  );
  return (
    <Dialog.Root
      open={open}
      role={role}
      onOpenChange={(details) => {
        if (!details.open) onDismiss();
      }}
      onExitComplete={props.onExitComplete}
      size={props.size}
      placement={props.placement}
      closeOnEscape={!persistent}
      closeOnInteractOutside={!persistent}
      scrollBehavior={props.scrollInside === true ? 'inside' : undefined}
    >
      {props.trigger !== undefined && <Dialog.Trigger asChild>{props.trigger}</Dialog.Trigger>}
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid={props['data-testid']} aria-busy={props.busy}>
            {onSubmit === undefined ? parts : <SubmitForm onSubmit={onSubmit}>{parts}</SubmitForm>}
            {closeButton && (
              <Dialog.CloseTrigger asChild>
                <CloseButton size="sm" aria-label={t('common:close')} />
              </Dialog.CloseTrigger>
            )}
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

import { Dialog, Portal } from '@chakra-ui/react';
import type { ReactNode } from 'react';

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
  'data-testid'?: string;
}

/**
 * The frame of an action dialog: a title, a body and its buttons, dismissed by Escape or the backdrop.
 * `FormDialog` is the add/edit form with Save; `ConfirmDialog` a plain question.
 */
export function DialogFrame({ open, onDismiss, title, children, footer, role, ...props }: DialogFrameProps) {
  return (
    <Dialog.Root
      open={open}
      role={role}
      onOpenChange={(details) => {
        if (!details.open) onDismiss();
      }}
      onExitComplete={props.onExitComplete}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid={props['data-testid']}>
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>{children}</Dialog.Body>
            <Dialog.Footer>{footer}</Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

import { Button, Stack } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useAppTranslation } from '../lib/i18n.ts';
import { DialogFrame } from './dialog-frame.tsx';
import { MessageAlert } from './message-alert.tsx';

export interface FormDialogProps {
  open: boolean;
  /** Cancel, Escape, the backdrop or the corner button. */
  onClose(): void;
  title: ReactNode;
  /** Called with the default already prevented; the form checks its own fields (noValidate). */
  onSubmit(): void;
  /** The save is under way: the save button spins. */
  saving: boolean;
  /** The submit button's words when the form does more than save ("Send", "Import"); Save by default. */
  submitLabel?: string;
  /** Cancel's words where leaving is the usual end (Close, once an import has run). */
  cancelLabel?: string;
  /** The form cannot be sent yet (no phone to text, no file chosen). */
  submitDisabled?: boolean;
  /** Replaces Cancel and the submit button once the form has done its work (a lone Close, say). */
  footer?: ReactNode;
  /** The button that opens the dialog, for a dialog that owns its trigger. */
  trigger?: ReactNode;
  onExitComplete?(): void;
  /** A failure that belongs to no one field, shown above the buttons. */
  error?: string | null;
  size?: 'md' | 'lg' | 'xl';
  /** Long forms scroll inside the dialog, keeping the title and the buttons in view. */
  scrollInside?: boolean;
  /** A close button in the corner as well as Cancel. */
  closeButton?: boolean;
  children: ReactNode;
}

/**
 * The dialog around a form: title, fields, the form-level error, and Cancel and Save (or the form's own
 * submit words). Every form in a dialog uses it, so its buttons and dismissal behave alike.
 */
export function FormDialog({
  open,
  onClose,
  title,
  onSubmit,
  saving,
  submitLabel,
  cancelLabel,
  submitDisabled = false,
  footer,
  trigger,
  onExitComplete,
  error = null,
  size = 'md',
  scrollInside = false,
  closeButton = false,
  children,
}: FormDialogProps) {
  const { t } = useAppTranslation();
  return (
    <DialogFrame
      open={open}
      onDismiss={onClose}
      onExitComplete={onExitComplete}
      trigger={trigger}
      title={title}
      size={size}
      scrollInside={scrollInside}
      closeButton={closeButton}
      onSubmit={onSubmit}
      footer={
        footer ?? (
          <>
            <Button type="button" variant="outline" onClick={onClose}>
              {cancelLabel ?? t('common:cancel')}
            </Button>
            <Button type="submit" colorPalette="blue" loading={saving} disabled={submitDisabled}>
              {submitLabel ?? t('common:save')}
            </Button>
          </>
        )
      }
    >
      <Stack gap="4">
        {children}
        {error !== null && <MessageAlert status="error">{error}</MessageAlert>}
      </Stack>
    </DialogFrame>
  );
}

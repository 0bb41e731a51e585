import { Alert, Button, CloseButton, Dialog, Portal, Stack } from '@chakra-ui/react';
import type { FormEvent, ReactNode } from 'react';
import { useAppTranslation } from '../lib/i18n.ts';

export interface FormDialogProps {
  open: boolean;
  /** Cancel, Escape, the backdrop or the corner button. */
  onClose(): void;
  title: ReactNode;
  /** Called with the default already prevented; the form checks its own fields (noValidate). */
  onSubmit(): void;
  /** The save is under way: the save button spins. */
  saving: boolean;
  /** A failure that belongs to no one field, shown above the buttons. */
  error?: string | null;
  size?: 'md' | 'lg' | 'xl';
  /** Long forms scroll inside the dialog, keeping the title and the buttons in view. */
  scrollInside?: boolean;
  /** A close button in the corner as well as Cancel. */
  closeButton?: boolean;
  children: ReactNode;
}

/** The add/edit dialog around a form: title, fields, the form-level error, and Cancel and Save. */
export function FormDialog({
  open,
  onClose,
  title,
  onSubmit,
  saving,
  error = null,
  size = 'md',
  scrollInside = false,
  closeButton = false,
  children,
}: FormDialogProps) {
  const { t } = useAppTranslation();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(details) => {
        if (!details.open) onClose();
      }}
      size={size}
      scrollBehavior={scrollInside ? 'inside' : undefined}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <form onSubmit={submit} noValidate>
              <Dialog.Header>
                <Dialog.Title>{title}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Stack gap="4">
                  {children}
                  {error !== null && (
                    <Alert.Root status="error" role="alert">
                      <Alert.Indicator />
                      <Alert.Description>{error}</Alert.Description>
                    </Alert.Root>
                  )}
                </Stack>
              </Dialog.Body>
              <Dialog.Footer>
                <Button type="button" variant="outline" onClick={onClose}>
                  {t('common:cancel')}
                </Button>
                <Button type="submit" colorPalette="blue" loading={saving}>
                  {t('common:save')}
                </Button>
              </Dialog.Footer>
            </form>
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

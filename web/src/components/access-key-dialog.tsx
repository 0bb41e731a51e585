import { Button, Stack } from '@chakra-ui/react';
import { useEffect, useId, type ReactNode } from 'react';
import { useWatch } from 'react-hook-form';
import { accessKeyPrompt } from '@nine/shared/schemas/auth';
import { useAppTranslation } from '../lib/i18n.ts';
import { DialogFrame } from './dialog-frame.tsx';
import { MessageAlert } from './message-alert.tsx';
import { useSchemaForm } from './form/use-schema-form.ts';
import { fieldsOf } from './form/form-fields.tsx';

const EMPTY = { access_key: '' };

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
  const form = useSchemaForm(accessKeyPrompt, { defaultValues: EMPTY });
  const key = useWatch({ control: form.control, name: 'access_key' });
  const formId = useId();
  // A refused key is cleared so the next one is typed afresh.
  useEffect(() => {
    if (error !== null) form.reset(EMPTY);
  }, [error, form]);
  const submit = form.handleSubmit(({ access_key }) => {
    if (access_key.trim() !== '' && !busy) onSubmit(access_key);
  });
  const { TextField } = fieldsOf(form.control);
  return (
    <DialogFrame
      open={open}
      role="alertdialog"
      onDismiss={onDismiss}
      onExitComplete={() => form.reset(EMPTY)}
      title={title ?? t('common:access_key.title')}
      footer={
        <>
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
        </>
      }
    >
      <form id={formId} noValidate onSubmit={(event) => void submit(event)}>
        <Stack gap="4">
          {children}
          {error !== null && <MessageAlert status="error">{error}</MessageAlert>}
          <TextField
            name="access_key"
            label={t('common:access_key.label')}
            required
            type="password"
            autoComplete="off"
            autoFocus
            maxLength={accessKeyPrompt.shape.access_key.maxLength ?? undefined}
          />
        </Stack>
      </form>
    </DialogFrame>
  );
}

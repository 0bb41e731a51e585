import { Button, HStack, Stack, chakra } from '@chakra-ui/react';
import type { FormEvent, ReactNode } from 'react';
import { useAppTranslation } from '../../lib/i18n.ts';
import { MessageAlert } from '../message-alert.tsx';

export interface InlineFormProps {
  /** The form's accessible name ("Add category"), where a screen holds more than one form. */
  label?: string;
  /** `form.handleSubmit(...)`: it prevents the browser's own submit. */
  onSubmit(event: FormEvent): Promise<void> | void;
  submitLabel: string;
  /** The save is under way: the submit button spins. */
  pending: boolean;
  /** Checked while typing: the form cannot be sent yet. */
  submitDisabled?: boolean;
  colorPalette?: string;
  /** A Cancel beside the submit button, for a form that edits a row in place. */
  onCancel?(): void;
  /** The form's own failure, shown above its fields (a form given this keeps room for it). */
  error?: string | null;
  /** A row's edit form: tighter, with small buttons. */
  compact?: boolean;
  /** The fields, each in a `Box` of its width. */
  children: ReactNode;
}

/** A one-line form above or inside a list: its fields side by side, then its submit (and Cancel) button. */
export function InlineForm({
  label,
  onSubmit,
  submitLabel,
  pending,
  submitDisabled = false,
  colorPalette,
  onCancel,
  compact = false,
  error,
  children,
}: InlineFormProps) {
  const { t } = useAppTranslation();
  const size = compact ? 'sm' : undefined;
  const row = (
    <HStack gap={compact ? '2' : '3'} align="end" wrap="wrap">
      {children}
      <Button
        type="submit"
        size={size}
        colorPalette={colorPalette}
        disabled={submitDisabled}
        loading={pending}
      >
        {submitLabel}
      </Button>
      {onCancel !== undefined && (
        <Button size={size} variant="ghost" onClick={onCancel}>
          {t('common:cancel')}
        </Button>
      )}
    </HStack>
  );
  return (
    <chakra.form onSubmit={(event) => void onSubmit(event)} noValidate aria-label={label}>
      {error === undefined ? (
        row
      ) : (
        <Stack gap="3">
          {error !== null && <MessageAlert status="error">{error}</MessageAlert>}
          {row}
        </Stack>
      )}
    </chakra.form>
  );
}

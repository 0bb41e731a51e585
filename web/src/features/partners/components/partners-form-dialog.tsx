import type { ReactNode } from 'react';
import type { FieldValues } from 'react-hook-form';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { applyServerIssues, type SchemaForm } from '../../../components/form/use-schema-form.ts';
import { useAppTranslation } from '../../../lib/i18n.ts';
import { saveFailureText } from '../../../lib/save-failure.ts';

/** The save mutation a partner or coupon dialog runs. */
interface Save {
  isPending: boolean;
  error: unknown;
  reset(): void;
}

/**
 * What a partner or coupon save does when it settles: `done` with the saved record, or a refusal whose
 * issues name fields lands on those fields instead of the dialog's banner.
 */
export function settleSave<Input extends FieldValues, Output, Saved>(
  form: SchemaForm<Input, Output>,
  save: Save,
  done: (saved: Saved) => void,
) {
  return {
    onSuccess: done,
    onError: (error: unknown) => {
      if (applyServerIssues(form, error)) save.reset();
    },
  };
}

/**
 * The partner and coupon add/edit dialog: a large form with a corner close button, whose failed save
 * reads a stale version (1021) in the partners' own words.
 */
export function PartnersFormDialog({
  open,
  onOpenChange,
  title,
  onSubmit,
  save,
  children,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  title: string;
  onSubmit(): Promise<void>;
  save: Save;
  children: ReactNode;
}) {
  const { t } = useAppTranslation();
  const failure = saveFailureText(save.error, t('customers:partners.conflict'));
  return (
    <FormDialog
      open={open}
      onClose={() => onOpenChange(false)}
      title={title}
      onSubmit={() => void onSubmit()}
      saving={save.isPending}
      error={failure}
      size="lg"
      closeButton
    >
      {children}
    </FormDialog>
  );
}

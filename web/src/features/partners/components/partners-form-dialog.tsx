import type { ReactNode } from 'react';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useAppTranslation } from '../../../lib/i18n.ts';

/** The save mutation a partner or coupon dialog runs. */
interface Save {
  isPending: boolean;
  error: unknown;
  reset(): void;
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
  const failure =
    save.error instanceof ApiError
      ? save.error.respCode === 1021
        ? t('customers:partners.conflict')
        : save.error.message
      : null;
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

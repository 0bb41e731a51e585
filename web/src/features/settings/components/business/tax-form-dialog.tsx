import { SimpleGrid } from '@chakra-ui/react';
import { taxInput, type TaxRow } from '@nine/shared/schemas/business-settings';
import { FormDialog } from '../../../../components/form-dialog.tsx';
import { fieldsOf } from '../../../../components/form/form-fields.tsx';
import {
  applyServerIssues,
  useResetOnOpen,
  useSchemaForm,
} from '../../../../components/form/use-schema-form.ts';
import { useAppTranslation } from '../../../../lib/i18n.ts';
import { saveFailureText } from '../../../../lib/save-failure.ts';
import { useSaveTax } from '../../api/save-tax.ts';

const valuesOf = (tax: TaxRow | null) => ({
  name: tax?.name ?? '',
  rate_bp: tax?.rate_bp ?? 0,
  is_active: tax?.is_active ?? true,
});

/** Adds a tax, or edits one's name, rate (a percentage with two decimals) and whether it applies. */
export function TaxFormDialog({
  open,
  tax,
  onClose,
}: {
  open: boolean;
  /** null adds a new tax. */
  tax: TaxRow | null;
  onClose(): void;
}) {
  const { t } = useAppTranslation();
  const save = useSaveTax();
  const form = useSchemaForm(taxInput, {
    defaultValues: valuesOf(tax),
    messages: { rate_bp: 'settings:business.taxes.errors.rate' },
  });
  useResetOnOpen(form, { open, record: tax?.id, values: () => valuesOf(tax), onOpen: save.reset });

  const submit = form.handleSubmit((values) => {
    if (save.isPending) return;
    save.mutate(
      tax === null
        ? { id: null, body: values }
        : { id: tax.id, body: { ...values, is_active: values.is_active, version: tax.version } },
      {
        onSuccess: onClose,
        onError: (error) => {
          if (applyServerIssues(form, error)) save.reset();
        },
      },
    );
  });

  const { CheckboxField, PercentField, TextField } = fieldsOf(form.control);
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title={
        tax === null
          ? t('settings:business.taxes.add_title')
          : t('settings:business.taxes.edit_title', { name: tax.name })
      }
      onSubmit={() => void submit()}
      saving={save.isPending}
      error={saveFailureText(save.error, t('settings:business.taxes.conflict'))}
    >
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        <TextField name="name" label={t('settings:business.taxes.name')} required autoFocus maxLength={100} />
        <PercentField
          name="rate_bp"
          label={t('settings:business.taxes.rate')}
          helperText={t('settings:business.taxes.rate_help')}
          required
        />
      </SimpleGrid>
      <CheckboxField
        name="is_active"
        label={t('settings:business.taxes.active')}
        helperText={t('settings:business.taxes.active_help')}
      />
    </FormDialog>
  );
}

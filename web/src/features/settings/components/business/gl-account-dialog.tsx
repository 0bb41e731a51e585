import { Text } from '@chakra-ui/react';
import { glAccountForm, type GlAccountKind } from '@nine/shared/schemas/gl-accounts';
import { FormDialog } from '../../../../components/form-dialog.tsx';
import { fieldsOf } from '../../../../components/form/form-fields.tsx';
import {
  applyServerIssues,
  useResetOnOpen,
  useSchemaForm,
} from '../../../../components/form/use-schema-form.ts';
import { useAppTranslation } from '../../../../lib/i18n.ts';
import { saveFailureText } from '../../../../lib/save-failure.ts';
import { useGlCodes } from '../../api/get-gl-codes.ts';
import { useSaveGlAccount } from '../../api/save-gl-account.ts';

/** One row of an accounts section: what posts (a method, a posting, a tax, a category) and where. */
export interface GlAccountRow {
  kind: GlAccountKind;
  key: string;
  label: string;
  /** null: the default account, `defaultCode`. */
  gl_code: string | null;
  version: number;
  /** Stays on its code (customer credit). */
  fixed?: boolean;
}

/**
 * Picks the general ledger code one account posts to, among the codes of the Codes section; a tax or a
 * category may go back to its default account (the empty choice).
 */
export function GlAccountDialog({
  row,
  defaultLabel,
  onClose,
}: {
  row: GlAccountRow | null;
  /** The empty choice's label, for the rows that may follow a default account; none for the others. */
  defaultLabel?: string;
  onClose(): void;
}) {
  const { t } = useAppTranslation();
  const save = useSaveGlAccount();
  const codes = useGlCodes();
  const values = () => ({ gl_code: row?.gl_code ?? '' });
  const form = useSchemaForm(glAccountForm, { defaultValues: values() });
  useResetOnOpen(form, {
    open: row !== null,
    record: row === null ? null : `${row.kind}:${row.key}`,
    values,
    onOpen: save.reset,
  });
  const submit = form.handleSubmit(({ gl_code }) => {
    if (save.isPending || row === null) return;
    if (gl_code === '' && defaultLabel === undefined) return;
    save.mutate(
      {
        kind: row.kind,
        key: row.key,
        body: { version: row.version, gl_code: gl_code === '' ? null : gl_code },
      },
      {
        onSuccess: onClose,
        onError: (error) => {
          if (applyServerIssues(form, error)) save.reset();
        },
      },
    );
  });
  const options = [
    ...(defaultLabel === undefined ? [] : [{ value: '', label: defaultLabel }]),
    ...(codes.data?.rows ?? []).map((c) => ({ value: c.code, label: `${c.code} · ${c.description}` })),
  ];
  const { SelectField } = fieldsOf(form.control);
  return (
    <FormDialog
      open={row !== null}
      onClose={onClose}
      title={t('settings:accounts.edit_title', { name: row?.label ?? '' })}
      onSubmit={() => void submit()}
      saving={save.isPending}
      error={saveFailureText(save.error, t('settings:accounts.conflict'))}
    >
      {codes.isError && <Text color="fg.error">{t('settings:accounts.codes_failed')}</Text>}
      <SelectField
        name="gl_code"
        label={t('settings:accounts.gl_code')}
        helperText={t('settings:accounts.gl_code_help')}
        options={options}
        required={defaultLabel === undefined}
      />
    </FormDialog>
  );
}

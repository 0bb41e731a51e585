import { SimpleGrid } from '@chakra-ui/react';
import { glCodeEditForm, glCodeInput, type GlCodeRow } from '@nine/shared/schemas/business-settings';
import { FormDialog } from '../../../../components/form-dialog.tsx';
import { fieldsOf } from '../../../../components/form/form-fields.tsx';
import {
  applyServerIssues,
  useResetOnOpen,
  useSchemaForm,
} from '../../../../components/form/use-schema-form.ts';
import { useAppTranslation } from '../../../../lib/i18n.ts';
import { saveFailureText } from '../../../../lib/save-failure.ts';
import { useSaveGlCode } from '../../api/save-gl-code.ts';

/** Adds a general ledger code with its description. */
export function GlCodeAddDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const { t } = useAppTranslation();
  const save = useSaveGlCode();
  const empty = () => ({ code: '', description: '' });
  const form = useSchemaForm(glCodeInput, {
    defaultValues: empty(),
    messages: { code: 'settings:business.gl_codes.errors.code' },
  });
  useResetOnOpen(form, { open, record: null, values: empty, onOpen: save.reset });
  const submit = form.handleSubmit((values) => {
    if (save.isPending) return;
    save.mutate(
      { code: null, body: values },
      {
        onSuccess: onClose,
        onError: (error) => {
          if (applyServerIssues(form, error)) save.reset();
        },
      },
    );
  });
  const { TextField } = fieldsOf(form.control);
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title={t('settings:business.gl_codes.add_title')}
      onSubmit={() => void submit()}
      saving={save.isPending}
      error={saveFailureText(save.error, t('settings:business.conflict'))}
    >
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        <TextField
          name="code"
          label={t('settings:business.gl_codes.code')}
          helperText={t('settings:business.gl_codes.code_help')}
          required
          autoFocus
          maxLength={20}
        />
        <TextField
          name="description"
          label={t('settings:business.gl_codes.description')}
          required
          maxLength={200}
        />
      </SimpleGrid>
    </FormDialog>
  );
}

/** Edits a general ledger code's description (the code itself is what the books post to). */
export function GlCodeEditDialog({ code, onClose }: { code: GlCodeRow | null; onClose(): void }) {
  const { t } = useAppTranslation();
  const save = useSaveGlCode();
  const values = () => ({ description: code?.description ?? '' });
  const form = useSchemaForm(glCodeEditForm, { defaultValues: values() });
  useResetOnOpen(form, { open: code !== null, record: code?.code, values, onOpen: save.reset });
  const submit = form.handleSubmit(({ description }) => {
    if (save.isPending || code === null) return;
    save.mutate(
      { code: code.code, body: { version: code.version, description } },
      {
        onSuccess: onClose,
        onError: (error) => {
          if (applyServerIssues(form, error)) save.reset();
        },
      },
    );
  });
  const { TextField } = fieldsOf(form.control);
  return (
    <FormDialog
      open={code !== null}
      onClose={onClose}
      title={t('settings:business.gl_codes.edit_title', { code: code?.code ?? '' })}
      onSubmit={() => void submit()}
      saving={save.isPending}
      error={saveFailureText(save.error, t('settings:business.gl_codes.conflict'))}
    >
      <TextField
        name="description"
        label={t('settings:business.gl_codes.description')}
        required
        autoFocus
        maxLength={200}
      />
    </FormDialog>
  );
}

import { Box } from '@chakra-ui/react';
import { useWatch } from 'react-hook-form';
import { attributeForm, attributeKinds, type AttributeRow } from '@nine/shared/schemas/inventory';
import { InlineForm } from '../../../components/form/inline-form.tsx';
import { applyServerIssues, useSchemaForm } from '../../../components/form/use-schema-form.ts';
import { useAppTranslation } from '../../../lib/i18n.ts';
import { useCreateAttribute } from '../api/create-attribute.ts';
import { useUpdateAttribute } from '../api/update-attribute.ts';
import type { ScreenFail } from './admin-screen.tsx';
import { fieldsOf } from '../../../components/form/form-fields.tsx';

/**
 * Adds an attribute, or edits `attribute` (mounted afresh for each). Save stays disabled until it has a
 * name and, for an option attribute, its options.
 */
export function AttributeForm(props: { attribute: AttributeRow | null; fail: ScreenFail; onDone(): void }) {
  const { t } = useAppTranslation();
  const a = props.attribute;
  const create = useCreateAttribute();
  const update = useUpdateAttribute();
  const form = useSchemaForm(attributeForm, {
    defaultValues: { name: a?.name ?? '', kind: a?.kind ?? 'text', options: a?.options.join(', ') ?? '' },
  });
  const values = useWatch({ control: form.control });
  const kind = values.kind;
  // Checked while typing, at once (the resolver answers a tick later).
  const ready = attributeForm.safeParse(values).success;
  const submit = form.handleSubmit((body) => {
    const done = {
      onError: (error: Error) => {
        if (!applyServerIssues(form, error)) props.fail.onError(error);
      },
      onSuccess: () => {
        props.fail.onSuccess();
        form.reset({ ...form.getValues(), name: '', options: '' });
        props.onDone();
      },
    };
    if (a) update.mutate({ id: a.id, body }, done);
    else create.mutate(body, done);
  });
  const { SelectField, TextField } = fieldsOf(form.control);
  return (
    <InlineForm
      label={t(a ? 'inventory:attributes.edit_title' : 'inventory:attributes.add')}
      onSubmit={submit}
      submitLabel={t(a ? 'inventory:actions.save' : 'inventory:attributes.add')}
      pending={create.isPending || update.isPending}
      submitDisabled={!ready}
      onCancel={a ? props.onDone : undefined}
    >
      <Box width="56">
        <TextField name="name" label={t('inventory:attributes.name')} maxLength={100} />
      </Box>
      <Box width="40">
        <SelectField
          name="kind"
          label={t('inventory:attributes.kind')}
          options={attributeKinds.map((k) => ({ value: k, label: t(`inventory:attributes.kinds.${k}`) }))}
        />
      </Box>
      {kind === 'option' && (
        <Box width="72">
          <TextField
            name="options"
            label={t('inventory:attributes.options')}
            helperText={t('inventory:attributes.options_hint')}
          />
        </Box>
      )}
    </InlineForm>
  );
}

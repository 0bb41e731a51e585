import { Button, Link as ChakraLink, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { Link } from 'wouter';
import { exportForm } from '@nine/shared/schemas/exports';
import { FormDialog } from './form-dialog.tsx';
import { applyServerIssues, useSchemaForm } from './form/use-schema-form.ts';
import { useAppTranslation } from '../lib/i18n.ts';
import { useNotify } from '../lib/toast.tsx';
import { ApiError } from '../lib/api-client.ts';
import { exportFilters, useCreateExport } from './export-dialog/create-export.ts';
import { fieldsOf } from './form/form-fields.tsx';

// The input stops where the shared schema does.
export const EXPORT_DESCRIPTION_MAX = exportForm.shape.description.maxLength ?? undefined;

export interface ExportButtonProps {
  /** An export source key of the server's `export-sources.ts`: 'rent-orders', 'sale-orders', 'customers', … */
  source: string;
  /** The list's current filters, as its GET query sends them; paging and empty values are dropped. */
  filters?: Record<string, unknown>;
  /** Prefills the required description (the list's title, say). */
  defaultDescription?: string;
  /** Button size, to match the list's toolbar. */
  size?: 'xs' | 'sm' | 'md';
  /** Where the Download Center lives; app/ knows the routes, shared components do not. */
  downloadCenterHref: string;
}

/**
 * Exports a list in the background: asks for a description and a format, queues the export, and points to
 * the Download Center, where the file appears when ready.
 */
export function ExportButton({
  source,
  filters = {},
  defaultDescription = '',
  size = 'sm',
  downloadCenterHref,
}: ExportButtonProps) {
  const { t } = useAppTranslation();
  const notify = useNotify();
  const create = useCreateExport();
  const [open, setOpen] = useState(false);
  const [startedId, setStartedId] = useState<number | null>(null);
  const form = useSchemaForm(exportForm, {
    defaultValues: { description: defaultDescription, format: 'csv' },
    messages: { description: { required: 'exports:dialog.description_required' } },
  });

  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (next) {
      form.reset({ description: defaultDescription, format: 'csv' });
      setStartedId(null);
      create.reset();
    }
  };

  const submit = form.handleSubmit(({ description, format }) => {
    if (create.isPending) return;
    create.mutate(
      { list: source, format, description, filters: exportFilters(filters) },
      {
        onSuccess: (started) => {
          setStartedId(started.id);
          notify({
            type: 'success',
            title: t('exports:dialog.started_title'),
            message: t('exports:dialog.started'),
          });
        },
        onError: (failure) => {
          if (applyServerIssues(form, failure)) create.reset();
        },
      },
    );
  });

  const error = create.error instanceof ApiError ? create.error.respMessage : create.error?.message;

  const { SelectField, TextField } = fieldsOf(form.control);
  return (
    <FormDialog
      open={open}
      onClose={() => onOpenChange(false)}
      trigger={
        <Button size={size} variant="outline" onClick={() => onOpenChange(true)}>
          {t('exports:dialog.button')}
        </Button>
      }
      title={t('exports:dialog.title')}
      onSubmit={() => void submit()}
      saving={create.isPending}
      submitLabel={t('exports:dialog.submit')}
      error={startedId === null ? (error ?? null) : null}
      closeButton
      footer={
        startedId === null ? undefined : (
          <Button type="button" onClick={() => setOpen(false)}>
            {t('common:close')}
          </Button>
        )
      }
    >
      {startedId !== null ? (
        <Stack gap="3" role="status">
          <Text>{t('exports:dialog.started')}</Text>
          <ChakraLink asChild colorPalette="blue" variant="underline">
            <Link href={downloadCenterHref} onClick={() => setOpen(false)}>
              {t('exports:dialog.open_download_center')}
            </Link>
          </ChakraLink>
        </Stack>
      ) : (
        <>
          <TextField
            name="description"
            label={t('exports:dialog.description')}
            required
            autoFocus
            maxLength={EXPORT_DESCRIPTION_MAX}
          />
          <SelectField
            name="format"
            label={t('exports:dialog.format')}
            options={[
              { value: 'csv', label: t('exports:format.csv') },
              { value: 'xlsx', label: t('exports:format.xlsx') },
            ]}
          />
        </>
      )}
    </FormDialog>
  );
}

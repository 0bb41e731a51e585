import {
  Alert,
  Button,
  CloseButton,
  Dialog,
  Link as ChakraLink,
  Portal,
  Stack,
  Text,
} from '@chakra-ui/react';
import { useState } from 'react';
import { Link } from 'wouter';
import { exportForm } from '@nine/shared/schemas/exports';
import { SelectField, TextField } from './form/fields.tsx';
import { applyServerIssues, useSchemaForm } from './form/use-schema-form.ts';
import { useAppTranslation } from '../lib/i18n.ts';
import { useNotify } from '../lib/toast.tsx';
import { ApiError } from '../lib/api-client.ts';
import { exportFilters, useCreateExport } from './export-dialog/create-export.ts';

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

  return (
    <Dialog.Root open={open} onOpenChange={(details) => onOpenChange(details.open)} size="md">
      <Dialog.Trigger asChild>
        <Button size={size} variant="outline">
          {t('exports:dialog.button')}
        </Button>
      </Dialog.Trigger>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <form onSubmit={(event) => void submit(event)} noValidate>
              <Dialog.Header>
                <Dialog.Title>{t('exports:dialog.title')}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
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
                  <Stack gap="4">
                    <TextField
                      control={form.control}
                      name="description"
                      label={t('exports:dialog.description')}
                      required
                      autoFocus
                      maxLength={EXPORT_DESCRIPTION_MAX}
                    />
                    <SelectField
                      control={form.control}
                      name="format"
                      label={t('exports:dialog.format')}
                      options={[
                        { value: 'csv', label: t('exports:format.csv') },
                        { value: 'xlsx', label: t('exports:format.xlsx') },
                      ]}
                    />
                    {error !== undefined && (
                      <Alert.Root status="error" role="alert">
                        <Alert.Indicator />
                        <Alert.Description>{error}</Alert.Description>
                      </Alert.Root>
                    )}
                  </Stack>
                )}
              </Dialog.Body>
              <Dialog.Footer>
                {startedId !== null ? (
                  <Button type="button" onClick={() => setOpen(false)}>
                    {t('common:close')}
                  </Button>
                ) : (
                  <>
                    <Button type="button" variant="outline" onClick={() => setOpen(false)}>
                      {t('exports:dialog.cancel')}
                    </Button>
                    <Button type="submit" colorPalette="blue" loading={create.isPending}>
                      {t('exports:dialog.submit')}
                    </Button>
                  </>
                )}
              </Dialog.Footer>
            </form>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={t('common:close')} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

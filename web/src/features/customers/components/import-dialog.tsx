import { Alert, Code, Field, Input, Stack, Text } from '@chakra-ui/react';
import { useEffect, useEffectEvent, useState } from 'react';
import { IMPORT_COLUMNS, IMPORT_MAX_BYTES, type ImportRefusedRow } from '@nine/shared/schemas/customers';
import { DataTable } from '../../../components/data-table/data-table.tsx';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useAppTranslation, type AppT } from '../../../lib/i18n.ts';
import { useNotify } from '../../../lib/toast.tsx';
import { useImportCustomers } from '../api/import-customers.ts';

const REFUSED = 1403;

interface RefusalReport {
  rows: ImportRefusedRow[];
  refused: number;
  accepted: number;
}

function refusalOf(error: unknown): RefusalReport | null {
  if (!(error instanceof ApiError) || error.respCode !== REFUSED) return null;
  const data = error.data as Partial<RefusalReport> | undefined;
  return Array.isArray(data?.rows) ? (data as RefusalReport) : null;
}

function problem(t: AppT, issue: { field: string; message: string }): string {
  const what =
    issue.message === 'required'
      ? t('customers:import.issue.required')
      : issue.message === 'too_long'
        ? t('customers:import.issue.too_long')
        : issue.message === 'columns'
          ? t('customers:import.issue.columns')
          : t('customers:import.issue.invalid');
  return issue.field === '' ? what : `${issue.field}: ${what}`;
}

/**
 * CSV upload (spec section 5: .csv only, at most 10 MB). The server checks every row first; when one is
 * refused nothing is imported and the report lists each refused row by its line in the file.
 */
export function ImportCustomersDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
}) {
  const { t } = useAppTranslation();
  const notify = useNotify();
  const upload = useImportCustomers();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);

  // Each opening starts clean: no file, no report of an earlier attempt.
  const startClean = useEffectEvent(() => {
    setFile(null);
    setFileError(null);
    upload.reset();
  });
  useEffect(() => {
    if (open) startClean();
  }, [open]);

  const pick = (picked: File | null) => {
    upload.reset();
    setFile(picked);
    if (picked === null) setFileError(null);
    else if (!/\.csv$/i.test(picked.name)) setFileError(t('customers:import.not_csv'));
    else if (picked.size > IMPORT_MAX_BYTES) setFileError(t('customers:import.too_large'));
    else setFileError(null);
  };

  const submit = async () => {
    if (file === null) {
      setFileError(t('customers:import.choose'));
      return;
    }
    if (fileError !== null || upload.isPending) return;
    const content = await file.text();
    upload.mutate(
      { filename: file.name, content },
      {
        onSuccess: ({ imported }) => {
          notify({
            type: 'success',
            title: t('customers:import.done_title'),
            message: t('customers:import.done', { count: imported }),
          });
          onOpenChange(false);
        },
      },
    );
  };

  const report = refusalOf(upload.error);
  const failure = upload.error && report === null ? (upload.error as Error).message : null;

  return (
    <FormDialog
      open={open}
      onClose={() => onOpenChange(false)}
      title={t('customers:import.title')}
      onSubmit={() => void submit()}
      saving={upload.isPending}
      submitLabel={t('customers:import.submit')}
      error={failure}
      size="lg"
      scrollInside
      closeButton
    >
      <Text fontSize="sm">{t('customers:import.intro')}</Text>
      <Code whiteSpace="normal" p="2">
        {IMPORT_COLUMNS.join(',')}
      </Code>
      <Field.Root required invalid={fileError !== null}>
        <Field.Label>
          {t('customers:import.file')}
          <Field.RequiredIndicator />
        </Field.Label>
        <Input
          type="file"
          name="file"
          accept=".csv,text/csv"
          p="1"
          onChange={(event) => pick(event.currentTarget.files?.[0] ?? null)}
        />
        <Field.HelperText>{t('customers:import.limits')}</Field.HelperText>
        {fileError !== null && <Field.ErrorText>{fileError}</Field.ErrorText>}
      </Field.Root>
      {report !== null && (
        <Stack gap="2" role="alert" aria-label={t('customers:import.report_title')}>
          <Alert.Root status="error">
            <Alert.Indicator />
            <Alert.Description>
              {t('customers:import.refused_summary', {
                refused: report.refused,
                total: report.refused + report.accepted,
              })}
            </Alert.Description>
          </Alert.Root>
          <DataTable<ImportRefusedRow>
            columns={[
              { id: 'line', title: t('customers:import.line'), cell: (row) => row.line },
              {
                id: 'problem',
                title: t('customers:import.problem'),
                cell: (row) => row.issues.map((i) => problem(t, i)).join('; '),
              },
            ]}
            rows={report.rows}
            rowId={(row) => row.line}
            caption={t('customers:import.report_title')}
            showCaption
          />
        </Stack>
      )}
    </FormDialog>
  );
}

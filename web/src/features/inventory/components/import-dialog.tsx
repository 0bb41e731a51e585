import { Code, Field, Stack, Text, chakra } from '@chakra-ui/react';
import { useId, useState } from 'react';
import {
  IMPORT_MAX_BYTES,
  importColumns,
  type ImportRefusal,
  type ImportReport,
} from '@nine/shared/schemas/inventory';
import { DataTable } from '../../../components/data-table/data-table.tsx';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { MessageAlert } from '../../../components/message-alert.tsx';
import { useAppTranslation } from '../../../lib/i18n.ts';
import { refusedReport, useImportInventory } from '../api/import-inventory.ts';

export interface ImportDialogProps {
  open: boolean;
  onClose(): void;
}

/**
 * CSV import: the file is checked here (.csv, 10 MB) and again on the server, which imports every row or
 * none and answers a refused file with each refused line and its reasons.
 */
export function ImportDialog({ open, onClose }: ImportDialogProps) {
  const { t } = useAppTranslation();
  const fileId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [report, setReport] = useState<ImportReport | null>(null);
  const run = useImportInventory();

  const reset = () => {
    setFile(null);
    setProblem(null);
    setReport(null);
    run.reset();
  };
  const choose = (next: File | null) => {
    reset();
    if (next === null) return;
    if (!/\.csv$/i.test(next.name)) setProblem(t('inventory:import.csv_only'));
    else if (next.size > IMPORT_MAX_BYTES) setProblem(t('inventory:import.too_large'));
    else setFile(next);
  };
  const submit = () => {
    if (file === null) return;
    setProblem(null);
    run.mutate(file, {
      onSuccess: setReport,
      onError: (error) => {
        const refused = refusedReport(error);
        if (refused) setReport(refused);
        else setProblem(error.message);
      },
    });
  };

  return (
    <FormDialog
      open={open}
      onClose={onClose}
      onExitComplete={reset}
      title={t('inventory:import.title')}
      onSubmit={submit}
      saving={run.isPending}
      submitLabel={t('inventory:import.submit')}
      submitDisabled={file === null || report?.imported === true}
      cancelLabel={t('inventory:actions.close')}
      error={problem}
      size="xl"
    >
      <Text>{t('inventory:import.intro')}</Text>
      <Code whiteSpace="normal" wordBreak="break-all">
        {importColumns.join(',')}
      </Code>
      <Field.Root invalid={problem !== null}>
        <Field.Label htmlFor={fileId}>{t('inventory:import.file')}</Field.Label>
        <chakra.input
          id={fileId}
          type="file"
          accept=".csv,text/csv"
          onChange={(e) => choose(e.currentTarget.files?.[0] ?? null)}
        />
        <Field.HelperText>{t('inventory:import.limits')}</Field.HelperText>
      </Field.Root>
      {report?.imported && (
        <MessageAlert status="success">
          {t('inventory:import.done', {
            rows: report.rows,
            products: report.products_created,
            items: report.items_created,
            stock: report.stock_rows,
          })}
        </MessageAlert>
      )}
      {report && !report.imported && <RefusedRows report={report} />}
    </FormDialog>
  );
}

function RefusedRows({ report }: { report: ImportReport }) {
  const { t } = useAppTranslation();
  return (
    <Stack gap="2">
      <MessageAlert status="error">
        {t('inventory:import.refused', { refused: report.refused.length, rows: report.rows })}
      </MessageAlert>
      <DataTable<ImportRefusal>
        columns={[
          { id: 'line', title: t('inventory:import.line'), cell: (r) => r.line },
          { id: 'sku', title: t('inventory:columns.sku'), cell: (r) => r.sku },
          {
            id: 'reasons',
            title: t('inventory:import.reasons_header'),
            cell: (r) => r.reasons.map((reason) => t(`inventory:import.reasons.${reason}`)).join('; '),
          },
        ]}
        rows={report.refused}
        rowId={(r) => r.line}
        caption={t('inventory:import.report_caption')}
        maxH="64"
      />
    </Stack>
  );
}

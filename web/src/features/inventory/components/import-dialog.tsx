import { Alert, Button, Code, Dialog, Field, Portal, Stack, Text, chakra } from '@chakra-ui/react';
import { useId, useState } from 'react';
import {
  IMPORT_MAX_BYTES,
  importColumns,
  type ImportRefusal,
  type ImportReport,
} from '@nine/shared/schemas/inventory';
import { DataTable } from '../../../components/data-table/data-table.tsx';
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
    <Dialog.Root open={open} size="xl" onOpenChange={(d) => !d.open && onClose()} onExitComplete={reset}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{t('inventory:import.title')}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="4">
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
                {problem !== null && (
                  <Alert.Root status="error" role="alert">
                    <Alert.Indicator />
                    <Alert.Description>{problem}</Alert.Description>
                  </Alert.Root>
                )}
                {report?.imported && (
                  <Alert.Root status="success" role="status">
                    <Alert.Indicator />
                    <Alert.Description>
                      {t('inventory:import.done', {
                        rows: report.rows,
                        products: report.products_created,
                        items: report.items_created,
                        stock: report.stock_rows,
                      })}
                    </Alert.Description>
                  </Alert.Root>
                )}
                {report && !report.imported && <RefusedRows report={report} />}
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onClose}>
                {t('inventory:actions.close')}
              </Button>
              <Button
                onClick={submit}
                disabled={file === null || report?.imported === true}
                loading={run.isPending}
              >
                {t('inventory:import.submit')}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

function RefusedRows({ report }: { report: ImportReport }) {
  const { t } = useAppTranslation();
  return (
    <Stack gap="2">
      <Alert.Root status="error" role="alert">
        <Alert.Indicator />
        <Alert.Description>
          {t('inventory:import.refused', { refused: report.refused.length, rows: report.rows })}
        </Alert.Description>
      </Alert.Root>
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

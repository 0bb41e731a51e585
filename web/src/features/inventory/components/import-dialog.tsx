import { Alert, Button, Code, Dialog, Field, Portal, Stack, Table, Text, chakra } from '@chakra-ui/react';
import { useId, useState } from 'react';
import { IMPORT_MAX_BYTES, importColumns, type ImportReport } from '@nine/shared/schemas/inventory';
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
      <Table.ScrollArea maxH="64" borderWidth="1px" rounded="md">
        <Table.Root size="sm">
          <Table.Caption srOnly>{t('inventory:import.report_caption')}</Table.Caption>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>{t('inventory:import.line')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('inventory:columns.sku')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('inventory:import.reasons_header')}</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {report.refused.map((r) => (
              <Table.Row key={r.line}>
                <Table.Cell>{r.line}</Table.Cell>
                <Table.Cell>{r.sku}</Table.Cell>
                <Table.Cell>
                  {r.reasons.map((reason) => t(`inventory:import.reasons.${reason}`)).join('; ')}
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
    </Stack>
  );
}

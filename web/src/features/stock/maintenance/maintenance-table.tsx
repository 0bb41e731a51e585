import { Text } from '@chakra-ui/react';
import type { RowData } from '@tanstack/react-table';
import { DataTable, type DataTableColumn } from '../../../components/data-table/data-table.tsx';
import { useAppTranslation } from '../../../lib/i18n.ts';

interface MaintenanceTableProps<Row> {
  label: string;
  pending: boolean;
  empty: boolean;
  emptyText: string;
  columns: readonly DataTableColumn<Row>[];
  rows: readonly Row[];
  rowId(row: Row): string | number;
}

/** A maintenance-page list: the loading text, the empty text, or the `DataTable` of its rows. */
export function MaintenanceTable<Row extends RowData>(props: MaintenanceTableProps<Row>) {
  const { t } = useAppTranslation();
  if (props.pending) return <Text>{t('stock:common.loading')}</Text>;
  if (props.empty) return <Text color="fg.muted">{props.emptyText}</Text>;
  return (
    <DataTable<Row> columns={props.columns} rows={props.rows} rowId={props.rowId} caption={props.label} />
  );
}

import { Table, Text } from '@chakra-ui/react';
import type { RowData } from '@tanstack/react-table';
import type { ReactNode } from 'react';
import { DataTable, type DataTableColumn } from '../../../components/data-table/data-table.tsx';
import { useAppTranslation } from '../../../lib/i18n.ts';

interface MaintenanceTableBase {
  label: string;
  pending: boolean;
  empty: boolean;
  emptyText: string;
}

/** A `DataTable` of rows and their columns. */
interface MaintenanceDataTableProps<Row> extends MaintenanceTableBase {
  columns: readonly DataTableColumn<Row>[];
  rows: readonly Row[];
  rowId(row: Row): string | number;
}

/**
 * Column titles over rows the caller renders. Kept only for repair-logs and maintenance-rules, whose forms
 * are being moved to the form kit; they move to the column form with them.
 */
interface MaintenanceChildrenTableProps extends MaintenanceTableBase {
  columns: readonly string[];
  children: ReactNode;
}

/** A maintenance-page list: the loading text, the empty text, or the table with its column headers. */
export function MaintenanceTable<Row extends RowData>(
  props: MaintenanceDataTableProps<Row> | MaintenanceChildrenTableProps,
) {
  const { t } = useAppTranslation();
  if (props.pending) return <Text>{t('stock:common.loading')}</Text>;
  if (props.empty) return <Text color="fg.muted">{props.emptyText}</Text>;
  if ('rows' in props)
    return (
      <DataTable<Row> columns={props.columns} rows={props.rows} rowId={props.rowId} caption={props.label} />
    );
  return (
    <Table.Root size="sm" aria-label={props.label}>
      <Table.Header>
        <Table.Row>
          {props.columns.map((column) => (
            <Table.ColumnHeader key={column}>{column}</Table.ColumnHeader>
          ))}
        </Table.Row>
      </Table.Header>
      <Table.Body>{props.children}</Table.Body>
    </Table.Root>
  );
}

import { Table, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useAppTranslation } from '../../../lib/i18n.ts';

/** A maintenance-page list: the loading text, the empty text, or the table with its column headers. */
export function MaintenanceTable({
  label,
  pending,
  empty,
  emptyText,
  columns,
  children,
}: {
  label: string;
  pending: boolean;
  empty: boolean;
  emptyText: string;
  columns: readonly string[];
  children: ReactNode;
}) {
  const { t } = useAppTranslation();
  if (pending) return <Text>{t('stock:common.loading')}</Text>;
  if (empty) return <Text color="fg.muted">{emptyText}</Text>;
  return (
    <Table.Root size="sm" aria-label={label}>
      <Table.Header>
        <Table.Row>
          {columns.map((column) => (
            <Table.ColumnHeader key={column}>{column}</Table.ColumnHeader>
          ))}
        </Table.Row>
      </Table.Header>
      <Table.Body>{children}</Table.Body>
    </Table.Root>
  );
}

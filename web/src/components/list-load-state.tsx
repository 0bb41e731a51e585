import { Text } from '@chakra-ui/react';
import type { DataTableQuery } from './data-table/data-table.tsx';
import { QueryError } from './query-error.tsx';
import { useAppTranslation } from '../lib/i18n.ts';

/*
 * A list that says its own load states above its table (the delivery report, the recurring orders): a failure
 * with a retry, a loading line before the first answer, and what an empty answer means. The table under it
 * then only shows that it is busy (`busyOnly`), so a failure is not said twice.
 */

export interface ListLoadStateProps {
  query: DataTableQuery & { isPending: boolean };
  /** Heads a failed load, above the server's message. */
  failed: string;
  /** Said when the answer has no rows. */
  empty: string;
  /** The rows answered; undefined before the first answer. */
  rows: readonly unknown[] | undefined;
}

export function ListLoadState({ query, failed, empty, rows }: ListLoadStateProps) {
  const { t } = useAppTranslation();
  return (
    <>
      {query.isError && (
        <QueryError
          title={failed}
          error={query.error}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      )}
      {query.isPending && <Text>{t('common:loading')}</Text>}
      {rows && rows.length === 0 && <Text color="fg.muted">{empty}</Text>}
    </>
  );
}

/** The table's view of a query whose failure the list says above it: busy while fetching, never failed. */
export const busyOnly = (query: DataTableQuery): DataTableQuery => ({
  isError: false,
  error: null,
  isFetching: query.isFetching,
  refetch: query.refetch,
});

import { Badge, HStack, Spinner, Stack } from '@chakra-ui/react';
import { useState } from 'react';
import { DataTable, type DataTableColumn } from '../../../components/data-table/data-table.tsx';
import { RowActionButton } from '../../../components/data-table/row-action-button.tsx';
import { ListStatus, pageSummary } from '../../../components/list-summary.tsx';
import { formatBytes, formatDateTime, formatNumber } from '../../../lib/format.ts';
import { currentLanguage, useAppTranslation } from '../../../lib/i18n.ts';
import { useNotify } from '../../../lib/toast.tsx';
import { createListCodec, listField, useListUrlState } from '../../../lib/use-list-url-state.ts';
import { saveFile } from '../../../lib/save-file.ts';
import { downloadExport } from '../api/download-export.ts';
import { useExports, type ExportRow, type ExportStatus } from '../api/get-exports.ts';
import { PageHeading } from '../../../components/page-heading.tsx';

export const DOWNLOAD_CENTER_PAGE_SIZE = 25;

export interface DownloadCenterProps {
  /** The session's bearer token: files come through a plain fetch, not the JSON client. */
  token: string;
  pageSize?: number;
}

// Newest first, a fixed page size: only the page lives in the URL.
const downloadCenterCodec = createListCodec<{ page: number; pageSize: number }>(
  { page: listField.page(), pageSize: listField.pageSize([]) },
  (pageSize) => ({ page: 1, pageSize }),
);

const statusPalette: Record<ExportStatus, string> = { in_progress: 'blue', ready: 'green', failed: 'red' };

/** The download center: the user's exports, newest first; running ones are polled until they finish. */
export function DownloadCenter({ token, pageSize = DOWNLOAD_CENTER_PAGE_SIZE }: DownloadCenterProps) {
  const { t } = useAppTranslation();
  const notify = useNotify();
  const { state, change } = useListUrlState(downloadCenterCodec, undefined, pageSize);
  const [downloading, setDownloading] = useState<number | null>(null);
  const query = useExports(state.page, pageSize);
  const data = query.data;
  const language = currentLanguage();
  const running = data?.rows.some((row) => row.status === 'in_progress') === true;

  const download = async (row: ExportRow) => {
    setDownloading(row.id);
    try {
      const file = await downloadExport(row.id, token);
      saveFile(file.blob, file.fileName);
    } catch (error) {
      notify({
        type: 'error',
        title: t('exports:center.download_failed'),
        message: error instanceof Error ? error.message : undefined,
      });
    } finally {
      setDownloading(null);
    }
  };

  const listName = (list: string) => t(`exports:lists.${list}`, { defaultValue: list });
  const columns: DataTableColumn<ExportRow>[] = [
    { id: 'description', title: t('exports:center.columns.description'), cell: (row) => row.description },
    { id: 'list', title: t('exports:center.columns.list'), cell: (row) => listName(row.list) },
    {
      id: 'format',
      title: t('exports:center.columns.format'),
      cell: (row) => t(`exports:format.${row.format}`),
    },
    {
      id: 'status',
      title: t('exports:center.columns.status'),
      cell: (row) => (
        <HStack gap="2">
          {row.status === 'in_progress' && <Spinner size="xs" aria-hidden />}
          <Badge colorPalette={statusPalette[row.status]}>{t(`exports:center.status.${row.status}`)}</Badge>
        </HStack>
      ),
    },
    {
      id: 'rows',
      title: t('exports:center.columns.rows'),
      align: 'end',
      cell: (row) => (row.row_count === null ? '' : formatNumber(row.row_count, {}, language)),
    },
    {
      id: 'size',
      title: t('exports:center.columns.size'),
      align: 'end',
      cell: (row) => (row.byte_count === null ? '' : formatBytes(row.byte_count, language)),
    },
    {
      id: 'created_at',
      title: t('exports:center.columns.created_at'),
      cell: (row) => formatDateTime(row.created_at, language),
    },
    {
      id: 'finished_at',
      title: t('exports:center.columns.finished_at'),
      cell: (row) => formatDateTime(row.finished_at, language),
    },
    {
      id: 'file',
      title: t('exports:center.columns.file'),
      cell: (row) =>
        row.status === 'ready' && (
          <RowActionButton
            colorPalette="blue"
            loading={downloading === row.id}
            label={t('exports:center.download')}
            name={t('exports:center.download_named', { name: row.description })}
            onClick={() => void download(row)}
          />
        ),
    },
  ];

  return (
    <Stack gap="5">
      <PageHeading title={t('exports:center.title')} intro={t('exports:center.intro')} />

      <ListStatus>
        {data === undefined && query.isError
          ? ''
          : pageSummary(data, {
              loading: t('exports:center.loading'),
              none: t('exports:center.none'),
              range: (range) =>
                running ? t('exports:center.refreshing') : t('exports:center.summary', range),
            })}
      </ListStatus>

      <DataTable<ExportRow>
        columns={columns}
        rows={data?.rows}
        rowId={(row) => row.id}
        caption={t('exports:center.caption')}
        query={query}
        errorTitle={t('exports:center.load_failed')}
        loading={false}
        pager={
          data !== undefined && data.total > pageSize
            ? { page: state.page, pageSize, total: data.total, onPage: (next) => change({ page: next }) }
            : undefined
        }
      />
    </Stack>
  );
}

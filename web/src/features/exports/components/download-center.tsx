import { Alert, Badge, Button, HStack, Heading, Spinner, Stack, Table, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { formatDateTime } from '../../../lib/format.ts';
import { currentLanguage, useAppTranslation } from '../../../lib/i18n.ts';
import { useNotify } from '../../../lib/toast.tsx';
import { downloadExport, saveFile } from '../api/download-export.ts';
import { useExports, type ExportRow, type ExportStatus } from '../api/get-exports.ts';

export const DOWNLOAD_CENTER_PAGE_SIZE = 25;

export interface DownloadCenterProps {
  /** The session's bearer token: files come through a plain fetch, not the JSON client. */
  token: string;
  pageSize?: number;
}

const statusPalette: Record<ExportStatus, string> = { in_progress: 'blue', ready: 'green', failed: 'red' };

function formatBytes(bytes: number, language: string): string {
  const units = ['B', 'KB', 'MB', 'GB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${new Intl.NumberFormat(language, { maximumFractionDigits: unit === 0 ? 0 : 1 }).format(value)} ${units[unit]}`;
}

/** The download center: the user's exports, newest first; running ones are polled until they finish. */
export function DownloadCenter({ token, pageSize = DOWNLOAD_CENTER_PAGE_SIZE }: DownloadCenterProps) {
  const { t } = useAppTranslation();
  const notify = useNotify();
  const [page, setPage] = useState(1);
  const [downloading, setDownloading] = useState<number | null>(null);
  const query = useExports(page, pageSize);
  const data = query.data;
  const language = currentLanguage();
  const number = new Intl.NumberFormat(language);
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
  const pages = data === undefined ? 1 : Math.max(1, Math.ceil(data.total / pageSize));

  return (
    <Stack gap="5">
      <Stack gap="1">
        <Heading as="h1" size="2xl">
          {t('exports:center.title')}
        </Heading>
        <Text color="fg.muted">{t('exports:center.intro')}</Text>
      </Stack>

      {query.isError && (
        <Alert.Root status="error" role="alert" alignItems="center">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{t('exports:center.load_failed')}</Alert.Title>
            <Alert.Description>{query.error.message}</Alert.Description>
          </Alert.Content>
          <Button size="sm" variant="outline" onClick={() => void query.refetch()} loading={query.isFetching}>
            {t('common:try_again')}
          </Button>
        </Alert.Root>
      )}

      <Text role="status" aria-live="polite" fontSize="sm" color="fg.muted">
        {data === undefined
          ? query.isError
            ? ''
            : t('exports:center.loading')
          : data.total === 0
            ? t('exports:center.none')
            : running
              ? t('exports:center.refreshing')
              : t('exports:center.summary', {
                  from: number.format((data.page - 1) * data.page_size + 1),
                  to: number.format((data.page - 1) * data.page_size + data.rows.length),
                  total: number.format(data.total),
                })}
      </Text>

      {data !== undefined && data.rows.length > 0 && (
        <Table.ScrollArea borderWidth="1px" rounded="md">
          <Table.Root size="sm" aria-busy={query.isFetching}>
            <Table.Caption srOnly>{t('exports:center.caption')}</Table.Caption>
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>{t('exports:center.columns.description')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('exports:center.columns.list')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('exports:center.columns.format')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('exports:center.columns.status')}</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">{t('exports:center.columns.rows')}</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">{t('exports:center.columns.size')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('exports:center.columns.created_at')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('exports:center.columns.finished_at')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('exports:center.columns.file')}</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {data.rows.map((row) => (
                <Table.Row key={row.id}>
                  <Table.Cell>{row.description}</Table.Cell>
                  <Table.Cell>{listName(row.list)}</Table.Cell>
                  <Table.Cell>{t(`exports:format.${row.format}`)}</Table.Cell>
                  <Table.Cell>
                    <HStack gap="2">
                      {row.status === 'in_progress' && <Spinner size="xs" aria-hidden />}
                      <Badge colorPalette={statusPalette[row.status]}>
                        {t(`exports:center.status.${row.status}`)}
                      </Badge>
                    </HStack>
                  </Table.Cell>
                  <Table.Cell textAlign="end">
                    {row.row_count === null ? '' : number.format(row.row_count)}
                  </Table.Cell>
                  <Table.Cell textAlign="end">
                    {row.byte_count === null ? '' : formatBytes(row.byte_count, language)}
                  </Table.Cell>
                  <Table.Cell>{formatDateTime(row.created_at, language)}</Table.Cell>
                  <Table.Cell>{formatDateTime(row.finished_at, language)}</Table.Cell>
                  <Table.Cell>
                    {row.status === 'ready' && (
                      <Button
                        size="xs"
                        variant="outline"
                        colorPalette="blue"
                        loading={downloading === row.id}
                        aria-label={t('exports:center.download_named', { name: row.description })}
                        onClick={() => void download(row)}
                      >
                        {t('exports:center.download')}
                      </Button>
                    )}
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      )}

      {data !== undefined && data.total > pageSize && (
        <HStack as="nav" justify="flex-end" gap="2">
          <Button size="sm" variant="outline" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            {t('exports:center.previous')}
          </Button>
          <Button size="sm" variant="outline" disabled={page >= pages} onClick={() => setPage(page + 1)}>
            {t('exports:center.next')}
          </Button>
        </HStack>
      )}
    </Stack>
  );
}

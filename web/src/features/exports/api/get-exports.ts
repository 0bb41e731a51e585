import type { ExportPage } from '@nine/shared/schemas/exports';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export type { ExportPage, ExportRow, ExportStatus } from '@nine/shared/schemas/exports';

/** While an export on screen is still running, the list asks again this often. */
export const EXPORT_POLL_MS = 3000;

export function getExports(page: number, pageSize: number, signal?: AbortSignal): Promise<ExportPage> {
  return api.get<ExportPage>('nine/exports', { searchParams: { page, page_size: pageSize }, signal });
}

// Same prefix as the export dialog's invalidation, so a started export shows at once.
export const exportsQueryOptions = (page: number, pageSize: number) =>
  queryOptions({
    queryKey: ['exports', 'list', { page, pageSize }] as const,
    queryFn: ({ signal }) => getExports(page, pageSize, signal),
    placeholderData: keepPreviousData,
    refetchInterval: (query) =>
      query.state.data?.rows.some((row) => row.status === 'in_progress') === true ? EXPORT_POLL_MS : false,
  });

export function useExports(page: number, pageSize: number) {
  return useQuery(exportsQueryOptions(page, pageSize));
}

import { quietApi } from '../../lib/api-client.ts';
import { useInvalidatingMutation } from '../../lib/invalidating-mutation.ts';

export type ExportFormat = 'csv' | 'xlsx';

export interface ExportCreateBody {
  /** An export source key of the server's `export-sources.ts` ('rent-orders', 'customers', …). */
  list: string;
  format: ExportFormat;
  description: string;
  filters: Record<string, unknown>;
}

export interface ExportStarted {
  id: number;
  status: string;
  created_at: string;
}

/** Every cached page of the download center, so a new export shows there at once. */
export const exportsQueryKey = ['exports', 'list'] as const;

/** POST /api/nine/exports; the dialog shows its own failures, hence the quiet client. */
export function createExport(body: ExportCreateBody): Promise<ExportStarted> {
  return quietApi.post<ExportStarted>('nine/exports', { json: body });
}

export function useCreateExport() {
  return useInvalidatingMutation(createExport, [exportsQueryKey]);
}

/** The list's filters as the server's filter schema reads them: unset values and paging left out. */
export function exportFilters(filters: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(filters)) {
    if (value === undefined || value === null || value === '') continue;
    if (key === 'page' || key === 'page_size') continue;
    out[key] = value;
  }
  return out;
}

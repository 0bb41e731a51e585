import type { ImportReport } from '@nine/shared/schemas/inventory';
import { ApiError, quietApi } from '../../../lib/api-client.ts';
import { useInvalidatingMutation } from '../../../lib/invalidating-mutation.ts';

export const IMPORT_REFUSED = 1309;

/** POST /api/nine/inventory/import (multipart): all rows or none. */
export function importInventory(file: File): Promise<ImportReport> {
  const body = new FormData();
  body.append('file', file, file.name);
  return quietApi.post<ImportReport>('nine/inventory/import', { body });
}

/** The row-by-row report of a refused import, from the 1309 answer's data. */
export function refusedReport(error: unknown): ImportReport | null {
  if (!(error instanceof ApiError) || error.respCode !== IMPORT_REFUSED) return null;
  const data = error.data as ImportReport | undefined;
  return data && Array.isArray(data.refused) ? data : null;
}

export function useImportInventory() {
  return useInvalidatingMutation(importInventory, [['inventory']]);
}

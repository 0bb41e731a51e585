import type { ImportResult } from '@nine/shared/schemas/customers';
import { quietApi } from '../../../lib/api-client.ts';
import { useInvalidatingMutation } from '../../../lib/invalidating-mutation.ts';

/**
 * POST /api/nine/customers/import with the file's text. The dialog shows the refusal report itself,
 * hence the quiet client.
 */
export function importCustomers(filename: string, content: string): Promise<ImportResult> {
  return quietApi.post<ImportResult>('nine/customers/import', { json: { filename, content } });
}

export function useImportCustomers() {
  return useInvalidatingMutation(
    (file: { filename: string; content: string }) => importCustomers(file.filename, file.content),
    [['customers', 'list']],
  );
}

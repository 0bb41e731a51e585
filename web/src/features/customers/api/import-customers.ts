import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ImportResult } from '@nine/shared/schemas/customers';
import { quietApi } from '../../../lib/api-client.ts';

/**
 * POST /api/nine/customers/import with the file's text. The dialog shows the refusal report itself,
 * hence the quiet client.
 */
export function importCustomers(filename: string, content: string): Promise<ImportResult> {
  return quietApi.post<ImportResult>('nine/customers/import', { json: { filename, content } });
}

export function useImportCustomers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: { filename: string; content: string }) => importCustomers(file.filename, file.content),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['customers', 'list'] }),
  });
}

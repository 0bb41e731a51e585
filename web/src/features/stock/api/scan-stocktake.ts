import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { StocktakeScanResult } from '@nine/shared/schemas/stock';
import { quietApi } from '../../../lib/api-client.ts';
import { currentStocktakeQueryKey } from './get-current-stocktake.ts';

export type { StocktakeScanResult };

/** POST /api/nine/stock/stocktakes/:id/scans. Quiet: an unknown code is shown beside the scan field. */
export function scanStocktake(id: number, code: string): Promise<StocktakeScanResult> {
  return quietApi.post<StocktakeScanResult>(`nine/stock/stocktakes/${id}/scans`, { json: { code } });
}

export function useScanStocktake(locationId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, code }: { id: number; code: string }) => scanStocktake(id, code),
    onSuccess: (result) =>
      queryClient.setQueryData(currentStocktakeQueryKey(locationId), { stocktake: result.stocktake }),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Stocktake } from '@nine/shared/schemas/stock';
import { quietApi } from '../../../lib/api-client.ts';
import { currentStocktakeQueryKey } from './get-current-stocktake.ts';

/** POST /api/nine/stock/stocktakes with an access key. Quiet: the key dialog shows a refusal in place. */
export function startStocktake(accessKey: string): Promise<Stocktake> {
  return quietApi.post<Stocktake>('nine/stock/stocktakes', { json: { access_key: accessKey } });
}

export function useStartStocktake(locationId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startStocktake,
    onSuccess: (stocktake) => {
      queryClient.setQueryData(currentStocktakeQueryKey(locationId), { stocktake });
      void queryClient.invalidateQueries({ queryKey: ['stock', locationId, 'stocktakes'] });
    },
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Stocktake } from '@nine/shared/schemas/stock';
import { api } from '../../../lib/api-client.ts';
import { currentStocktakeQueryKey } from './get-current-stocktake.ts';

/** POST /api/nine/stock/stocktakes/:id/close: writes the adjustments (lost and found items). */
export function closeStocktake(id: number): Promise<Stocktake> {
  return api.post<Stocktake>(`nine/stock/stocktakes/${id}/close`, { json: {} });
}

export function useCloseStocktake(locationId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: closeStocktake,
    onSuccess: () => {
      queryClient.setQueryData(currentStocktakeQueryKey(locationId), { stocktake: null });
      void queryClient.invalidateQueries({ queryKey: ['stock', locationId] });
    },
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DeliveryReportRow, UpdatedDelivery } from '@nine/shared/schemas/delivery';
import { api } from '../../../lib/api-client.ts';
import { deliveryReportQueryKey, type DeliveryStatus } from './get-delivery-report.ts';

export interface DeliveryUpdateBody {
  status?: DeliveryStatus;
  sort?: number;
}

export type { UpdatedDelivery } from '@nine/shared/schemas/delivery';

/** PATCH /api/nine/deliveries/:id: the report's status select (and sort). */
export function updateDelivery(id: number, body: DeliveryUpdateBody): Promise<UpdatedDelivery> {
  return api.patch<UpdatedDelivery>(`nine/deliveries/${id}`, { json: body });
}

export function useUpdateDelivery(locationId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: DeliveryUpdateBody }) => updateDelivery(id, body),
    onSuccess: (updated) => {
      // Every cached day showing this run shows its new status at once; then the report is asked again.
      queryClient.setQueriesData<DeliveryReportRow[]>(
        { queryKey: deliveryReportQueryKey(locationId) },
        (rows) =>
          rows?.map((row) =>
            row.id === updated.id ? { ...row, status: updated.status, sort: updated.sort } : row,
          ),
      );
      void queryClient.invalidateQueries({ queryKey: deliveryReportQueryKey(locationId) });
    },
  });
}

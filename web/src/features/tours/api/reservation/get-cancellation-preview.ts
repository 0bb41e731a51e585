import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TourCancellationPreview } from '@nine/shared/schemas/tours/reservation-changes';
import { api } from '../../../../lib/api-client.ts';

export type { TourCancellationPreview };

/** GET /api/nine/tours/reservations/:id/cancellation-preview: the fee tier that applies now, and the refund. */
export function getCancellationPreview(
  id: number,
  { signal }: { signal?: AbortSignal } = {},
): Promise<TourCancellationPreview> {
  return api.get<TourCancellationPreview>(`nine/tours/reservations/${id}/cancellation-preview`, { signal });
}

export const cancellationPreviewQueryOptions = (locationId: number, id: number) =>
  queryOptions({
    // Outside ['tours', 'reservations']: the cancel's own refresh must not ask for a preview of what it cancelled.
    queryKey: ['tours', 'cancellation-preview', locationId, id] as const,
    queryFn: ({ signal }) => getCancellationPreview(id, { signal }),
    // The fee depends on the hours left: asked afresh each time the dialog opens.
    staleTime: 0,
    gcTime: 0,
  });

/** Read while the cancel dialog is open only. */
export function useCancellationPreview(locationId: number, id: number, enabled: boolean) {
  return useQuery({ ...cancellationPreviewQueryOptions(locationId, id), enabled });
}

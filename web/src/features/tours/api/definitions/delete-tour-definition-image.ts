import { api } from '../../../../lib/api-client.ts';
import type { TourDefinitionDetail } from './get-tour-definition.ts';

/**
 * DELETE /api/nine/tours/definitions/:id/images/:imageId?version: the row goes, then its files; answers the
 * definition. A stale version is refused (409) and the image stays.
 */
export function deleteTourDefinitionImage(
  id: number,
  imageId: number,
  version: number,
): Promise<TourDefinitionDetail> {
  return api.delete<TourDefinitionDetail>(`nine/tours/definitions/${id}/images/${imageId}`, {
    searchParams: { version },
  });
}

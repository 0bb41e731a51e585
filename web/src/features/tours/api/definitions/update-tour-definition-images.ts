import type { TourImagesUpdate } from '@nine/shared/schemas/tours/definitions';
import { api } from '../../../../lib/api-client.ts';
import type { TourDefinitionDetail } from './get-tour-definition.ts';

/** PUT /api/nine/tours/definitions/:id/images: every image in its order, the cover and the alt texts. */
export function updateTourDefinitionImages(
  id: number,
  body: TourImagesUpdate,
): Promise<TourDefinitionDetail> {
  return api.put<TourDefinitionDetail>(`nine/tours/definitions/${id}/images`, { json: body });
}

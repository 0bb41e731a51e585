import type { TourTermsDraftSave, TourTermVersion } from '@nine/shared/schemas/tours/settings';
import { quietApi } from '../../../../lib/api-client.ts';
import { useInvalidatingMutation } from '../../../../lib/invalidating-mutation.ts';
import { tourTermsKey } from './get-tour-terms.ts';

/**
 * PUT /api/nine/tours/terms/:id/draft: starts the next draft (`draft_id` null) or saves the draft at its
 * version; a draft published meanwhile is 409 termsVersionPublished.
 */
export function saveTourTermsDraft({
  id,
  body,
}: {
  id: number;
  body: TourTermsDraftSave;
}): Promise<TourTermVersion> {
  return quietApi.put<TourTermVersion>(`nine/tours/terms/${id}/draft`, { json: body });
}

export function useSaveTourTermsDraft() {
  return useInvalidatingMutation(saveTourTermsDraft, [tourTermsKey]);
}

import type { TourTermsPublish, TourTermVersion } from '@nine/shared/schemas/tours/settings';
import { quietApi } from '../../../../lib/api-client.ts';
import { useInvalidatingMutation } from '../../../../lib/invalidating-mutation.ts';
import { tourTermsKey } from './get-tour-terms.ts';

/** POST /api/nine/tours/terms/:id/publish: the draft becomes a permanent, numbered version. */
export function publishTourTerms({
  id,
  body,
}: {
  id: number;
  body: TourTermsPublish;
}): Promise<TourTermVersion> {
  return quietApi.post<TourTermVersion>(`nine/tours/terms/${id}/publish`, { json: body });
}

export function usePublishTourTerms() {
  return useInvalidatingMutation(publishTourTerms, [tourTermsKey]);
}

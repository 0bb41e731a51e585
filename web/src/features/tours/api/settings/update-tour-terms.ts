import type { TourTerms, TourTermsUpdate } from '@nine/shared/schemas/tours/settings';
import { quietApi } from '../../../../lib/api-client.ts';
import { useInvalidatingMutation } from '../../../../lib/invalidating-mutation.ts';
import { tourTermsKey } from './get-tour-terms.ts';

/** PATCH /api/nine/tours/terms/:id: title and active, at the document's version. */
export function updateTourTerms({ id, body }: { id: number; body: TourTermsUpdate }): Promise<TourTerms> {
  return quietApi.patch<TourTerms>(`nine/tours/terms/${id}`, { json: body });
}

export function useUpdateTourTerms() {
  return useInvalidatingMutation(updateTourTerms, [tourTermsKey]);
}

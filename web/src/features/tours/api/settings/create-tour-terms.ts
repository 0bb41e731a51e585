import type { TourTerms, TourTermsCreate } from '@nine/shared/schemas/tours/settings';
import { quietApi } from '../../../../lib/api-client.ts';
import { useInvalidatingMutation } from '../../../../lib/invalidating-mutation.ts';
import { tourTermsKey } from './get-tour-terms.ts';

/** POST /api/nine/tours/terms: a document and its first draft; a taken title is 409 termsTitleTaken. */
export function createTourTerms(body: TourTermsCreate): Promise<TourTerms> {
  return quietApi.post<TourTerms>('nine/tours/terms', { json: body });
}

export function useCreateTourTerms() {
  return useInvalidatingMutation(createTourTerms, [tourTermsKey]);
}

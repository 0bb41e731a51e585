import type { TourDefinitionStatusInput } from '@nine/shared/schemas/tours/definitions';
import { api } from '../../../../lib/api-client.ts';
import { useInvalidatingMutation } from '../../../../lib/invalidating-mutation.ts';
import type { TourDefinitionDetail } from './get-tour-definition.ts';
import { tourDefinitionsKey } from './list-tour-definitions.ts';

/** POST /api/nine/tours/definitions/:id/status: active (every step must hold) or inactive, by the version shown. */
export function setTourDefinitionStatus({
  id,
  ...input
}: TourDefinitionStatusInput & { id: number }): Promise<TourDefinitionDetail> {
  return api.post<TourDefinitionDetail>(`nine/tours/definitions/${id}/status`, { json: input });
}

export function useSetTourDefinitionStatus() {
  return useInvalidatingMutation(setTourDefinitionStatus, [tourDefinitionsKey]);
}

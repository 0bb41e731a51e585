import type { TourDefinitionStepBody } from '@nine/shared/schemas/tours/definitions';
import { api } from '../../../../lib/api-client.ts';
import type { TourDefinitionDetail } from './get-tour-definition.ts';

/** PUT /api/nine/tours/definitions/:id/steps/:step: the step's fields with the definition's version. */
export function saveTourDefinitionStep(
  id: number,
  body: TourDefinitionStepBody,
): Promise<TourDefinitionDetail> {
  return api.put<TourDefinitionDetail>(`nine/tours/definitions/${id}/steps/${body.step}`, { json: body });
}

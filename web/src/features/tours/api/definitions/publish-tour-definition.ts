import { api } from '../../../../lib/api-client.ts';
import type { TourDefinitionDetail } from './get-tour-definition.ts';

/** POST /api/nine/tours/definitions/:id/publish: active, or 422 definitionIncomplete naming the missing steps. */
export function publishTourDefinition(id: number, version: number): Promise<TourDefinitionDetail> {
  return api.post<TourDefinitionDetail>(`nine/tours/definitions/${id}/publish`, { json: { version } });
}

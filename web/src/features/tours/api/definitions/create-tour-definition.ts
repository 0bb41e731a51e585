import type { TourBasicInfo } from '@nine/shared/schemas/tours/definitions';
import { api } from '../../../../lib/api-client.ts';
import type { TourDefinitionDetail } from './get-tour-definition.ts';

/** POST /api/nine/tours/definitions: the basic-info step creates the draft at the session's location. */
export function createTourDefinition(body: TourBasicInfo): Promise<TourDefinitionDetail> {
  return api.post<TourDefinitionDetail>('nine/tours/definitions', { json: body });
}

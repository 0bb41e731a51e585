import type { TourDefinitionListQuery } from '@nine/shared/schemas/tours/definitions';
import type { TourDefinitionPage } from '@nine/shared/schemas/tours/definition-contracts';
import { getWithParams } from '../../../../lib/api-client.ts';
import { useLocationQuery } from '../../../../lib/location-query.ts';
import { pageQueryOptions } from '../../../../lib/page-query.ts';

export type TourDefinitionListParams = Partial<TourDefinitionListQuery>;

/** Every definition query (list, detail) sits under this key: a write anywhere refreshes the lists. */
export const tourDefinitionsKey = ['tours', 'definitions'] as const;

/** GET /api/nine/tours/definitions: the location's tours, searched, filtered by group and status, paged. */
export const listTourDefinitions = getWithParams<TourDefinitionListParams, TourDefinitionPage>(
  'nine/tours/definitions',
);

export const tourDefinitionsQueryOptions = (locationId: number, params: TourDefinitionListParams) =>
  pageQueryOptions(
    [...tourDefinitionsKey, 'list', locationId, params] as const,
    (signal) => listTourDefinitions(params, { signal }),
    15_000,
  );

export function useTourDefinitions(locationId: number | null, params: TourDefinitionListParams) {
  return useLocationQuery(locationId, (id) => tourDefinitionsQueryOptions(id, params));
}

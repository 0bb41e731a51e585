import { queryOptions } from '@tanstack/react-query';
import type { TourDefinitionDetail } from '@nine/shared/schemas/tours/definitions';
import { api } from '../../../../lib/api-client.ts';
import { useLocationQuery } from '../../../../lib/location-query.ts';

export type { TourDefinitionDetail };

/** The cache key of one definition (the list's keys sit beside it under ['tours', 'definitions']). */
export const tourDefinitionKey = (id: number) => ['tours', 'definitions', 'detail', id] as const;

/** GET /api/nine/tours/definitions/:id: every step's data, the steps done, the version and the images. */
export function getTourDefinition(id: number, { signal }: { signal?: AbortSignal } = {}) {
  return api.get<TourDefinitionDetail>(`nine/tours/definitions/${id}`, { signal });
}

export const tourDefinitionQueryOptions = (id: number) =>
  queryOptions({
    queryKey: tourDefinitionKey(id),
    queryFn: ({ signal }) => getTourDefinition(id, { signal }),
    // The editor resumes from what the server holds, never from a stale copy.
    staleTime: 0,
  });

/** The definition being edited; idle for a new one (null) or until the session has a location. */
export function useTourDefinition(locationId: number | null, id: number | null) {
  return useLocationQuery(locationId, () => tourDefinitionQueryOptions(id ?? 0), id !== null);
}

import type { LocationLine, ProductLine } from '@nine/shared/schemas/product-lines';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { useLocationQuery } from '../../../lib/location-query.ts';
import { settingsMeta } from '../../../lib/settings-queries.ts';

export type { LocationLine } from '@nine/shared/schemas/product-lines';

/** GET /api/nine/settings/location-lines/:line: a location's values of a line and where each comes from. */
export function getLocationLine(
  line: ProductLine,
  locationId: number,
  { signal }: { signal?: AbortSignal } = {},
): Promise<LocationLine> {
  return api.get<LocationLine>(`nine/settings/location-lines/${line}`, {
    signal,
    searchParams: { location_id: locationId },
  });
}

export const locationLineQueryOptions = (line: ProductLine, locationId: number) =>
  queryOptions({
    queryKey: ['location-line', line, locationId],
    meta: settingsMeta,
    queryFn: ({ signal }) => getLocationLine(line, locationId, { signal }),
  });

export function useLocationLine(line: ProductLine, locationId: number | null) {
  return useLocationQuery(locationId, (locationId) => locationLineQueryOptions(line, locationId));
}

import type { LocationLine, LocationLineUpdate, ProductLine } from '@nine/shared/schemas/product-lines';
import { quietApi } from '../../../lib/api-client.ts';
import { useInvalidatingMutation } from '../../../lib/invalidating-mutation.ts';

/** PUT /api/nine/settings/location-lines/:line (location_setting change there); quiet like every form save. */
export function updateLocationLine({
  line,
  ...body
}: LocationLineUpdate & { line: ProductLine }): Promise<LocationLine> {
  return quietApi.put<LocationLine>(`nine/settings/location-lines/${line}`, { json: body });
}

export function useUpdateLocationLine() {
  return useInvalidatingMutation(
    updateLocationLine,
    [['location-line'], ['business-line'], ['activity-settings'], ['general-settings']],
    { awaitRefetch: true },
  );
}

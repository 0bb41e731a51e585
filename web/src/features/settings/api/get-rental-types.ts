import type { RentalType } from '@nine/shared/schemas/settings';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { useLocationQuery } from '../../../lib/location-query.ts';
import { settingsMeta } from '../../../lib/settings-queries.ts';

export type { RentalType } from '@nine/shared/schemas/settings';

/** The business's rental types (Rentals, Tours…), each with activity settings of its own. */
export function getRentalTypes({ signal }: { signal?: AbortSignal } = {}): Promise<RentalType[]> {
  return api.get<RentalType[]>('nine/rental-types', { signal });
}

export const rentalTypesQueryOptions = (locationId: number) =>
  queryOptions({
    queryKey: ['rental-types', locationId],
    meta: settingsMeta,
    queryFn: ({ signal }) => getRentalTypes({ signal }),
    staleTime: 5 * 60_000,
  });

export function useRentalTypes(locationId: number | null) {
  return useLocationQuery(locationId, rentalTypesQueryOptions);
}

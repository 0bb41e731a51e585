import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RentalGroup } from '@nine/shared/schemas/stock';
import { api } from '../../../lib/api-client.ts';

export type { RentalGroup };

/** GET /api/nine/stock/rental-groups: the rental types a maintenance rule can cover. */
export function getRentalGroups({ signal }: { signal?: AbortSignal } = {}): Promise<RentalGroup[]> {
  return api.get<RentalGroup[]>('nine/stock/rental-groups', { signal });
}

export const rentalGroupsQueryOptions = () =>
  queryOptions({
    queryKey: ['stock', 'rental-groups'] as const,
    queryFn: ({ signal }) => getRentalGroups({ signal }),
    staleTime: 5 * 60_000,
  });

export function useRentalGroups() {
  return useQuery(rentalGroupsQueryOptions());
}

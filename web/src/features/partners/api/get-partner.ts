import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PartnerDetail } from '@nine/shared/schemas/partners';
import { api } from '../../../lib/api-client.ts';

/** GET /api/nine/partners/:id with its commission rates and coupons. */
export function getPartner(id: number, { signal }: { signal?: AbortSignal } = {}) {
  return api.get<PartnerDetail>(`nine/partners/${id}`, { signal });
}

export const partnerQueryKey = (id: number) => ['partners', 'detail', id] as const;

export function usePartner(id: number | null) {
  return useQuery({
    ...queryOptions({
      queryKey: partnerQueryKey(id ?? 0),
      queryFn: ({ signal }) => getPartner(id!, { signal }),
      staleTime: 15_000,
    }),
    enabled: id !== null,
  });
}

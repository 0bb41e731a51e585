import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MaintenanceRule } from '@nine/shared/schemas/stock';
import { api } from '../../../lib/api-client.ts';

export type { MaintenanceRule };

/** GET /api/nine/stock/maintenance-rules: every rule, rental groups first. */
export function getMaintenanceRules({ signal }: { signal?: AbortSignal } = {}): Promise<MaintenanceRule[]> {
  return api.get<MaintenanceRule[]>('nine/stock/maintenance-rules', { signal });
}

export const maintenanceRulesQueryKey = ['stock', 'maintenance-rules'] as const;

export const maintenanceRulesQueryOptions = () =>
  queryOptions({
    queryKey: maintenanceRulesQueryKey,
    queryFn: ({ signal }) => getMaintenanceRules({ signal }),
  });

export function useMaintenanceRules() {
  return useQuery(maintenanceRulesQueryOptions());
}

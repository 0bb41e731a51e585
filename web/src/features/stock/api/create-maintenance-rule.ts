import type { maintenanceRuleCreate } from '@nine/shared/schemas/stock';
import { api } from '../../../lib/api-client.ts';
import { useInvalidatingMutation } from '../../../lib/invalidating-mutation.ts';
import type { SchemaInput } from '../schema-input.ts';
import { maintenanceRulesQueryKey } from './get-maintenance-rules.ts';

export type MaintenanceRuleBody = SchemaInput<typeof maintenanceRuleCreate>;

/** POST /api/nine/stock/maintenance-rules. */
export function createMaintenanceRule(body: MaintenanceRuleBody): Promise<{ id: number }> {
  return api.post<{ id: number }>('nine/stock/maintenance-rules', { json: body });
}

export function useCreateMaintenanceRule() {
  return useInvalidatingMutation(createMaintenanceRule, [maintenanceRulesQueryKey, ['stock']]);
}

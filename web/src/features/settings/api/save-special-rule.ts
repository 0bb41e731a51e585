import type { SpecialRuleRow, specialRuleForm } from '@nine/shared/schemas/price-settings';
import { quietApi } from '../../../lib/api-client.ts';
import { useInvalidatingMutation } from '../../../lib/invalidating-mutation.ts';
import { priceSettingsKey } from './get-price-settings.ts';

export type SpecialRuleValues = NonNullable<(typeof specialRuleForm)['~standard']['types']>['output'];

/** POST /api/nine/special-pricing-rules, or PUT /api/nine/special-pricing-rules/:id with the version read. */
export function saveSpecialRule(
  target: { locationId: number } | { id: number; version: number },
  body: SpecialRuleValues,
): Promise<SpecialRuleRow> {
  return 'id' in target
    ? quietApi.put<SpecialRuleRow>(`nine/special-pricing-rules/${target.id}`, {
        json: { ...body, version: target.version },
      })
    : quietApi.post<SpecialRuleRow>('nine/special-pricing-rules', {
        json: { ...body, location_id: target.locationId },
      });
}

export function useSaveSpecialRule() {
  return useInvalidatingMutation(
    (vars: { target: Parameters<typeof saveSpecialRule>[0]; body: SpecialRuleValues }) =>
      saveSpecialRule(vars.target, vars.body),
    [priceSettingsKey],
  );
}

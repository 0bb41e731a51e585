import type { RentRate, rentRateForm } from '@nine/shared/schemas/price-settings';
import { quietApi } from '../../../lib/api-client.ts';
import { useInvalidatingMutation } from '../../../lib/invalidating-mutation.ts';
import { priceSettingsKey } from './get-price-settings.ts';

export type RentRateValues = NonNullable<(typeof rentRateForm)['~standard']['types']>['output'];

/**
 * POST /api/nine/rent-rates (the product or category chosen), or PUT /api/nine/rent-rates/:id with the
 * version read (the rates only: the row's product or category stays).
 */
export function saveRentRate(
  target: { locationId: number } | { id: number; version: number },
  body: RentRateValues,
): Promise<RentRate> {
  if ('id' in target) {
    const { product_id: _product, category_id: _category, ...rates } = body;
    return quietApi.put<RentRate>(`nine/rent-rates/${target.id}`, {
      json: { ...rates, version: target.version },
    });
  }
  return quietApi.post<RentRate>('nine/rent-rates', { json: { ...body, location_id: target.locationId } });
}

export function useSaveRentRate() {
  return useInvalidatingMutation(
    (vars: { target: Parameters<typeof saveRentRate>[0]; body: RentRateValues }) =>
      saveRentRate(vars.target, vars.body),
    [priceSettingsKey],
  );
}

import type { RentalPeriod, rentalPeriodForm } from '@nine/shared/schemas/price-settings';
import { quietApi } from '../../../lib/api-client.ts';
import { useInvalidatingMutation } from '../../../lib/invalidating-mutation.ts';
import { priceSettingsKey } from './get-price-settings.ts';

export type RentalPeriodValues = NonNullable<(typeof rentalPeriodForm)['~standard']['types']>['output'];

/** POST /api/nine/rental-periods, or PUT /api/nine/rental-periods/:id with the version read. */
export function saveRentalPeriod(
  target: { locationId: number } | { id: number; version: number },
  body: RentalPeriodValues,
): Promise<RentalPeriod> {
  return 'id' in target
    ? quietApi.put<RentalPeriod>(`nine/rental-periods/${target.id}`, {
        json: { ...body, version: target.version },
      })
    : quietApi.post<RentalPeriod>('nine/rental-periods', {
        json: { ...body, location_id: target.locationId },
      });
}

export function useSaveRentalPeriod() {
  return useInvalidatingMutation(
    (vars: { target: Parameters<typeof saveRentalPeriod>[0]; body: RentalPeriodValues }) =>
      saveRentalPeriod(vars.target, vars.body),
    [priceSettingsKey],
  );
}

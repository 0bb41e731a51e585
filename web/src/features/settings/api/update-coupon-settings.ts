import type { CouponSettings, CouponSettingsUpdate } from '@nine/shared/schemas/coupon-settings';
import { quietApi } from '../../../lib/api-client.ts';
import { useInvalidatingMutation } from '../../../lib/invalidating-mutation.ts';
import { couponSettingsQueryKey } from './get-coupon-settings.ts';

/** PUT /api/nine/coupon-settings (business-wide); quiet: the form shows its own failures. */
export function updateCouponSettings(body: CouponSettingsUpdate): Promise<CouponSettings> {
  return quietApi.put<CouponSettings>('nine/coupon-settings', { json: body });
}

export function useUpdateCouponSettings() {
  return useInvalidatingMutation(updateCouponSettings, [couponSettingsQueryKey], { awaitRefetch: true });
}

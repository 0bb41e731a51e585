import type { CouponSettings } from '@nine/shared/schemas/coupon-settings';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { settingsMeta } from '../../../lib/settings-queries.ts';

export type { CouponSettings } from '@nine/shared/schemas/coupon-settings';

export const couponSettingsQueryKey = ['coupon-settings'] as const;

/** GET /api/nine/coupon-settings: the business-wide coupon defaults. */
export function getCouponSettings({ signal }: { signal?: AbortSignal } = {}) {
  return api.get<CouponSettings>('nine/coupon-settings', { signal });
}

export const couponSettingsQueryOptions = () =>
  queryOptions({
    queryKey: couponSettingsQueryKey,
    meta: settingsMeta,
    queryFn: ({ signal }) => getCouponSettings({ signal }),
  });

export function useCouponSettings() {
  return useQuery(couponSettingsQueryOptions());
}

import type { couponInput, CouponRow } from '@nine/shared/schemas/partners';
import { quietApi } from '../../../lib/api-client.ts';
import { useInvalidatingMutation } from '../../../lib/invalidating-mutation.ts';
import type { SchemaInput } from '../schema-input.ts';

export type CouponBody = SchemaInput<typeof couponInput>;

/** POST /api/nine/partners/:id/coupons, or PUT /api/nine/coupons/:id with the version read. */
export function saveCoupon(
  target: { partnerId: number } | { id: number; version: number },
  body: CouponBody,
): Promise<CouponRow> {
  return 'id' in target
    ? quietApi.put<CouponRow>(`nine/coupons/${target.id}`, { json: { ...body, version: target.version } })
    : quietApi.post<CouponRow>(`nine/partners/${target.partnerId}/coupons`, { json: body });
}

export function useSaveCoupon() {
  return useInvalidatingMutation(
    (vars: { target: Parameters<typeof saveCoupon>[0]; body: CouponBody }) =>
      saveCoupon(vars.target, vars.body),
    [['partners']],
  );
}

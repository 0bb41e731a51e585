import { z } from 'zod';

// Coupon settings (issue #18): one business-wide row (migration 0035), and coupons applied to orders.

/** What may follow a code's prefix: any = A-Z 0-9 - _, alphanumeric = A-Z 0-9, letters = A-Z, digits = 0-9. */
export const couponCodeCharsets = ['any', 'alphanumeric', 'letters', 'digits'] as const;
export type CouponCodeCharset = (typeof couponCodeCharsets)[number];

const CHARSET_CLASS: Record<CouponCodeCharset, string> = {
  any: '[A-Z0-9_-]',
  alphanumeric: '[A-Z0-9]',
  letters: '[A-Z]',
  digits: '[0-9]',
};

const couponSettingsFields = z.object({
  /** Every new code starts with it; counted in the lengths. Upper case letters and digits, may be empty. */
  code_prefix: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9]{0,10}$/, 'invalid_prefix'),
  code_min_length: z.number().int().min(3).max(32),
  code_max_length: z.number().int().min(3).max(32),
  code_charset: z.enum(couponCodeCharsets),
  /** A new coupon without an end date ends this many days after it starts; null: no end date. */
  default_validity_days: z.number().int().min(1).max(3650).nullable(),
  stack_coupons: z.boolean(),
  /** Off: a coupon is refused on an order whose lines carry a manual discount. */
  stack_with_discounts: z.boolean(),
  max_coupons_per_order: z.number().int().min(1).max(10),
});
export type CouponSettingsValues = z.infer<typeof couponSettingsFields>;

function checkLengths(s: CouponSettingsValues, ctx: z.RefinementCtx) {
  if (s.code_max_length < s.code_min_length)
    ctx.addIssue({ code: 'custom', path: ['code_max_length'], message: 'below_min' });
  else if (s.code_prefix.length >= s.code_max_length)
    ctx.addIssue({ code: 'custom', path: ['code_prefix'], message: 'prefix_too_long' });
}

/** The settings screen's form; the version is the one shown, added by the save. */
export const couponSettingsForm = couponSettingsFields.superRefine(checkLengths);
/** PUT /api/nine/coupon-settings */
export const couponSettingsUpdate = couponSettingsFields
  .extend({ version: z.number().int().min(1) })
  .superRefine(checkLengths);
export type CouponSettingsUpdate = z.infer<typeof couponSettingsUpdate>;

export const couponSettings = couponSettingsFields.extend({
  version: z.number(),
  updated_at: z.string(),
});
export type CouponSettings = z.infer<typeof couponSettings>;

/** Whether a (normalised, upper case) code follows the format; the server refuses others with 1680. */
export function couponCodeFits(
  s: Pick<CouponSettingsValues, 'code_prefix' | 'code_min_length' | 'code_max_length' | 'code_charset'>,
  code: string,
): boolean {
  const min = Math.max(0, s.code_min_length - s.code_prefix.length);
  const max = s.code_max_length - s.code_prefix.length;
  return (
    code.startsWith(s.code_prefix) &&
    new RegExp(`^${CHARSET_CLASS[s.code_charset]}{${min},${max}}$`).test(code.slice(s.code_prefix.length))
  );
}

/** A format as people read it, e.g. "PROMO + 4 to 8 letters and digits" is built from these by the screens. */
export function couponCodeExample(
  s: Pick<CouponSettingsValues, 'code_prefix' | 'code_min_length' | 'code_charset'>,
): string {
  const fill = { any: 'SUMMER-24', alphanumeric: 'SUMMER24', letters: 'SUMMERFUN', digits: '202406' }[
    s.code_charset
  ];
  const need = Math.max(s.code_min_length - s.code_prefix.length, 1);
  const body = fill.length >= need ? fill : fill.padEnd(need, s.code_charset === 'digits' ? '0' : 'X');
  return s.code_prefix + body;
}

/** POST /api/nine/orders/:id/coupons */
export const orderCouponApply = z.object({
  code: z.string().trim().toUpperCase().min(1).max(32),
});
export type OrderCouponApply = z.infer<typeof orderCouponApply>;

export const orderCouponParams = z.object({
  id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  couponId: z.coerce.number().int().positive().max(2_147_483_647),
});

export const appliedCoupon = z.object({
  coupon_id: z.number(),
  code: z.string(),
  title: z.string(),
  discount_kind: z.enum(['percent', 'amount']),
  /** Basis points for a percentage, minor units for an amount. */
  discount_value: z.number(),
  /** What the coupon took off this order, in minor units. */
  discount_minor: z.number(),
  applied_at: z.string(),
  applied_by_name: z.string().nullable(),
});
export type AppliedCoupon = z.infer<typeof appliedCoupon>;

/** An order's coupons and its total after them (GET, and the answer of apply and remove). */
export const orderCoupons = z.object({
  order_id: z.number(),
  version: z.number(),
  total_minor: z.number(),
  discount_minor: z.number(),
  coupons: z.array(appliedCoupon),
});
export type OrderCoupons = z.infer<typeof orderCoupons>;

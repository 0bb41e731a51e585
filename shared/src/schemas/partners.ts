import { z } from 'zod';
import { pageQuery } from './page.ts';

const optionalText = <T extends z.ZodType>(s: T) =>
  z.union([s, z.literal('').transform(() => null), z.null()]).optional();
const basisPoints = z.number().int().min(0).max(10_000);

export const partnerListQuery = pageQuery({
  sort: { fields: ['name', 'created_at'], default: 'name' },
}).extend({
  search: z.string().trim().max(100).optional(),
});
export type PartnerListQuery = z.infer<typeof partnerListQuery>;

export const commissionKinds = ['rent', 'sale', 'tour'] as const;
export type CommissionKind = (typeof commissionKinds)[number];

export const partnerInput = z.object({
  name: z.string().trim().min(1).max(200),
  email: optionalText(z.string().trim().toLowerCase().email().max(254)),
  phone: optionalText(
    z
      .string()
      .trim()
      .max(32)
      .regex(/^\+?[\d\s().-]{6,32}$/, 'invalid_phone'),
  ),
  /** The rate for every kind of order without its own rate below. */
  commission_rate_bp: basisPoints,
  rates: z
    .array(z.object({ applies_to: z.enum(commissionKinds), rate_bp: basisPoints }))
    .max(commissionKinds.length)
    .refine((rates) => new Set(rates.map((r) => r.applies_to)).size === rates.length, 'duplicate_kind')
    .default([]),
});
export type PartnerInput = z.infer<typeof partnerInput>;

/**
 * The partner form: one rate field per kind, null while empty (the default rate applies). Its issues keep
 * the form's row index; its output is a partnerInput.
 */
export const partnerForm = partnerInput.extend({
  rates: z
    .array(z.object({ applies_to: z.enum(commissionKinds), rate_bp: basisPoints.nullable() }))
    .transform((rates) =>
      rates.flatMap(({ applies_to, rate_bp }) => (rate_bp === null ? [] : [{ applies_to, rate_bp }])),
    ),
});
export const partnerUpdate = partnerInput.extend({ version: z.number().int().positive() });

export const partnerRow = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  commission_rate_bp: z.number(),
  coupon_count: z.number(),
  created_at: z.string(),
  version: z.number(),
});
export type PartnerRow = z.infer<typeof partnerRow>;

export const couponKinds = ['all', 'rent', 'sale', 'tour'] as const;

const couponFields = z.object({
  code: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9_-]{3,32}$/, 'invalid_code'),
  title: z.string().trim().min(1).max(100),
  discount_kind: z.enum(['percent', 'amount']),
  /** Basis points for a percentage (1000 = 10 %), minor units for an amount. */
  discount_value: z.number().int().positive().max(100_000_000),
  /** Null: the partner's rate applies. */
  commission_bp: basisPoints.nullable().default(null),
  applies_to: z.enum(couponKinds).default('all'),
  auto_apply: z.boolean().default(false),
  valid_from: z.iso.date(),
  valid_to: z.iso.date().nullable().default(null),
  is_active: z.boolean().default(true),
});

function checkCoupon(c: z.infer<typeof couponFields>, ctx: z.RefinementCtx) {
  if (c.discount_kind === 'percent' && c.discount_value > 10_000)
    ctx.addIssue({ code: 'custom', path: ['discount_value'], message: 'percent_over_100' });
  if (c.valid_to !== null && c.valid_to < c.valid_from)
    ctx.addIssue({ code: 'custom', path: ['valid_to'], message: 'ends_before_start' });
}

export const couponInput = couponFields.superRefine(checkCoupon);
export type CouponInput = z.infer<typeof couponInput>;
export const couponUpdate = couponFields
  .extend({ version: z.number().int().positive() })
  .superRefine(checkCoupon);

export const couponRow = z.object({
  id: z.number(),
  partner_id: z.number().nullable(),
  code: z.string(),
  title: z.string(),
  discount_kind: z.enum(['percent', 'amount']),
  discount_value: z.number(),
  commission_bp: z.number().nullable(),
  applies_to: z.enum(couponKinds),
  auto_apply: z.boolean(),
  valid_from: z.string(),
  valid_to: z.string().nullable(),
  is_active: z.boolean(),
  version: z.number(),
});
export type CouponRow = z.infer<typeof couponRow>;

export const partnerDetail = partnerRow.extend({
  rates: z.array(z.object({ applies_to: z.enum(commissionKinds), rate_bp: z.number() })),
  coupons: z.array(couponRow),
});
export type PartnerDetail = z.infer<typeof partnerDetail>;

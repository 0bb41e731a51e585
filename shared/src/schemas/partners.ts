import { z } from 'zod';

const optionalText = <T extends z.ZodType>(s: T) =>
  z.union([s, z.literal('').transform(() => null), z.null()]).optional();
const basisPoints = z.number().int().min(0).max(10_000);

export const partnerListQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(200).default(25),
  sort: z.enum(['name', 'created_at']).default('name'),
  sort_type: z.enum(['asc', 'desc']).default('asc'),
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
export const partnerUpdate = partnerInput.extend({ version: z.number().int().positive() });

export interface PartnerRow {
  id: number;
  name: string;
  email: string | null;
  phone: string | null;
  commission_rate_bp: number;
  coupon_count: number;
  created_at: string;
  version: number;
}

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

export interface CouponRow {
  id: number;
  partner_id: number | null;
  code: string;
  title: string;
  discount_kind: 'percent' | 'amount';
  discount_value: number;
  commission_bp: number | null;
  applies_to: (typeof couponKinds)[number];
  auto_apply: boolean;
  valid_from: string;
  valid_to: string | null;
  is_active: boolean;
  version: number;
}

export interface PartnerDetail extends PartnerRow {
  rates: { applies_to: CommissionKind; rate_bp: number }[];
  coupons: CouponRow[];
}

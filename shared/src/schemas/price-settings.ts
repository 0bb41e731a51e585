import { z } from 'zod';
import { amountMinor } from '../money.ts';
import { periodWithinMax } from './orders.ts';

// Price settings of a location (issue #18): rental periods, rates of a product or a category, and special
// pricing rules. The rule that prices with them is shared/src/rent-pricing.ts. Amounts are minor units,
// percentages basis points (negative: a discount).

const id = z.coerce.number().int().positive().max(2_147_483_647);
const version = z.number().int().min(1);
const name = z.string().trim().min(1).max(100);
const isoDay = z.iso.date().refine((day) => {
  const year = Number(day.slice(0, 4));
  return year >= 1900 && year <= 2200;
}, 'out_of_range');
const isoInstant = z.iso.datetime({ offset: true });
/** A select's value, "" for none. */
const pickedId = z
  .string()
  .regex(/^\d*$/)
  .transform((v) => (v === '' ? null : Number(v)));

export const rentalPeriodUnits = ['hour', 'day', 'week'] as const;

const periodFields = {
  name,
  unit: z.enum(rentalPeriodUnits),
  count: z.number().int().min(1).max(1000),
  sort: z.number().int().min(0).max(10_000),
  is_active: z.boolean(),
};
/** The rental period dialog. */
export const rentalPeriodForm = z.object(periodFields);
/** POST /api/nine/rental-periods. */
export const rentalPeriodCreate = z.object({ location_id: id, ...periodFields });
export type RentalPeriodCreate = z.infer<typeof rentalPeriodCreate>;
/** PUT /api/nine/rental-periods/:id. */
export const rentalPeriodUpdate = z.object({ version, ...periodFields });
export const rentalPeriod = z.object({
  id: z.number(),
  location_id: z.number(),
  name: z.string(),
  unit: z.enum(rentalPeriodUnits),
  count: z.number(),
  sort: z.number(),
  is_active: z.boolean(),
  version: z.number(),
});
export type RentalPeriod = z.infer<typeof rentalPeriod>;

const rateFields = {
  hourly_minor: amountMinor.nullable(),
  daily_minor: amountMinor.nullable(),
  weekly_minor: amountMinor.nullable(),
  first_hour_minor: amountMinor.nullable(),
  extra_hour_minor: amountMinor.nullable(),
  minimum_charge_minor: amountMinor,
};
/** A refine's check and where its failure shows, as `.refine(...rule)` takes them. */
type Rule<T> = [check: (value: T) => boolean, params: { path: string[]; message: string }];

const extraNeedsFirst: Rule<{ first_hour_minor: number | null; extra_hour_minor: number | null }> = [
  (r: { first_hour_minor: number | null; extra_hour_minor: number | null }) =>
    r.extra_hour_minor === null || r.first_hour_minor !== null,
  { path: ['extra_hour_minor'], message: 'needs_first_hour' },
];
const oneScope: Rule<{ product_id: number | null; category_id: number | null }> = [
  (r: { product_id: number | null; category_id: number | null }) =>
    (r.product_id === null) !== (r.category_id === null),
  { path: ['product_id'], message: 'one_scope' },
];
/** The rates a preview may be given in place of the saved ones (the dialog's unsaved values). */
export const rentRateValues = z.object(rateFields).refine(...extraNeedsFirst);
/** The rate dialog: the product or the category comes from a select, as text (a new rate only). */
export const rentRateForm = z
  .object({ ...rateFields, product_id: pickedId, category_id: pickedId })
  .refine(...extraNeedsFirst)
  .refine(...oneScope);
/** POST /api/nine/rent-rates: a product's or a category's rates, one row each per location. */
export const rentRateCreate = z
  .object({
    location_id: id,
    product_id: id.nullable(),
    category_id: id.nullable(),
    ...rateFields,
  })
  .refine(...extraNeedsFirst)
  .refine(...oneScope);
export type RentRateCreate = z.infer<typeof rentRateCreate>;
/** PUT /api/nine/rent-rates/:id: the rates as edited (not the product or category). */
export const rentRateUpdate = z.object({ version, ...rateFields }).refine(...extraNeedsFirst);
export const rentRate = z.object({
  id: z.number(),
  location_id: z.number(),
  product_id: z.number().nullable(),
  category_id: z.number().nullable(),
  /** The product's or the category's name, as the list shows it. */
  scope_name: z.string(),
  hourly_minor: z.number().nullable(),
  daily_minor: z.number().nullable(),
  weekly_minor: z.number().nullable(),
  first_hour_minor: z.number().nullable(),
  extra_hour_minor: z.number().nullable(),
  minimum_charge_minor: z.number(),
  version: z.number(),
});
export type RentRate = z.infer<typeof rentRate>;

export const specialKinds = ['weekend', 'season', 'category'] as const;
const specialFields = {
  name,
  kind: z.enum(specialKinds),
  category_id: id.nullable(),
  date_from: isoDay.nullable(),
  date_to: isoDay.nullable(),
  /** -100 % … +1000 %, never 0. */
  adjust_bp: z
    .number()
    .int()
    .min(-10_000)
    .max(100_000)
    .refine((bp) => bp !== 0, 'zero'),
  is_active: z.boolean(),
};
type SpecialShape = {
  kind: (typeof specialKinds)[number];
  category_id: number | null;
  date_from: string | null;
  date_to: string | null;
};
const seasonDates: Rule<SpecialShape> = [
  (s: SpecialShape) =>
    s.kind === 'season'
      ? s.date_from !== null && s.date_to !== null && s.date_from <= s.date_to
      : s.date_from === null && s.date_to === null,
  { path: ['date_to'], message: 'season_dates' },
];
const categoryNamed: Rule<SpecialShape> = [
  (s: SpecialShape) => s.kind !== 'category' || s.category_id !== null,
  { path: ['category_id'], message: 'required' },
];
/** The special pricing dialog: uplift or discount and a positive percentage, category as text. */
export const specialRuleForm = z
  .object({
    name,
    kind: z.enum(specialKinds),
    category_id: pickedId,
    date_from: isoDay.nullable(),
    date_to: isoDay.nullable(),
    direction: z.enum(['uplift', 'discount']),
    percent_bp: z.number().int().min(1).max(100_000),
    is_active: z.boolean(),
  })
  // Dates only count for a season: the dialog hides them for the other kinds.
  .transform(({ direction, percent_bp, ...rule }) => ({
    ...rule,
    date_from: rule.kind === 'season' ? rule.date_from : null,
    date_to: rule.kind === 'season' ? rule.date_to : null,
    adjust_bp: direction === 'discount' ? -percent_bp : percent_bp,
  }))
  .refine(...seasonDates)
  .refine(...categoryNamed)
  .refine((s) => s.adjust_bp >= -10_000, { path: ['percent_bp'], message: 'too_big' });
/** POST /api/nine/special-pricing-rules. */
export const specialRuleCreate = z
  .object({ location_id: id, ...specialFields })
  .refine(...seasonDates)
  .refine(...categoryNamed);
export type SpecialRuleCreate = z.infer<typeof specialRuleCreate>;
/** PUT /api/nine/special-pricing-rules/:id. */
export const specialRuleUpdate = z
  .object({ version, ...specialFields })
  .refine(...seasonDates)
  .refine(...categoryNamed);
export const specialRule = z.object({
  id: z.number(),
  location_id: z.number(),
  name: z.string(),
  kind: z.enum(specialKinds),
  category_id: z.number().nullable(),
  date_from: z.string().nullable(),
  date_to: z.string().nullable(),
  adjust_bp: z.number(),
  is_active: z.boolean(),
  version: z.number(),
});
export type SpecialRuleRow = z.infer<typeof specialRule>;

export const priceSettingsQuery = z.object({ location_id: id });

/**
 * PUT /api/nine/price-switches: a rental type's activity switches that belong to pricing, saved on its
 * activity settings row (the version read; a switch left out keeps its value).
 */
export const priceSwitchesUpdate = z.object({
  location_id: id,
  rental_type_id: id,
  version,
  enforce_using_rental_periods: z.boolean().optional(),
  special_pricing: z.boolean().optional(),
});
export type PriceSwitchesUpdate = z.infer<typeof priceSwitchesUpdate>;

/** GET /api/nine/price-settings. */
export const priceSettings = z.object({
  location_id: z.number(),
  time_zone: z.string(),
  currency_symbol: z.string(),
  periods: z.array(rentalPeriod),
  rates: z.array(rentRate),
  specials: z.array(specialRule),
  /** The activity switches that decide whether periods are enforced and special pricing applies. */
  switches: z.array(
    z.object({
      rental_type_id: z.number(),
      name: z.string(),
      enforce_using_rental_periods: z.boolean(),
      special_pricing: z.boolean(),
      /** The activity settings row's version; a rental type never saved reads as version 1. */
      version: z.number(),
    }),
  ),
  /** For the pickers: the categories and the active rent products. */
  categories: z.array(z.object({ id: z.number(), name: z.string() })),
  products: z.array(
    z.object({ id: z.number(), sku: z.string(), name: z.string(), category_id: z.number().nullable() }),
  ),
});
export type PriceSettings = z.infer<typeof priceSettings>;
export const priceSwitches = priceSettings.shape.switches.element;
export type PriceSwitches = z.infer<typeof priceSwitches>;

/**
 * POST /api/nine/price-preview: a product priced for a period at the location, with the saved settings or,
 * where given, the unsaved ones of a form (the rates in place of the product's, the special rules in place
 * of the location's, the switches of the rental type).
 */
export const pricePreviewRequest = z
  .object({
    location_id: id,
    product_id: id,
    rental_type_id: id.default(1),
    planned_start: isoInstant,
    planned_finish: isoInstant,
    rates: rentRateValues.nullable().optional(),
    specials: z.array(z.object(specialFields)).max(200).optional(),
    special_pricing: z.boolean().optional(),
  })
  .refine((p) => new Date(p.planned_finish) > new Date(p.planned_start), {
    path: ['planned_finish'],
    message: 'must be after planned_start',
  })
  .refine(...periodWithinMax);
export type PricePreviewRequest = z.input<typeof pricePreviewRequest>;

/** The preview's form: a product from a select, the period, special pricing on or off, rates to try. */
export const pricePreviewForm = z
  .object({
    product_id: pickedId,
    planned_start: isoInstant,
    planned_finish: isoInstant,
    /** Preview with special pricing on or off, whatever the switch says today. */
    special_pricing: z.boolean(),
    /** Preview with the rates typed below instead of the saved ones (nothing is saved). */
    try_rates: z.boolean(),
    ...rateFields,
  })
  .refine((p) => p.product_id !== null, { path: ['product_id'], message: 'required' })
  .refine((p) => !p.try_rates || extraNeedsFirst[0](p), extraNeedsFirst[1])
  .refine((p) => new Date(p.planned_finish) > new Date(p.planned_start), {
    path: ['planned_finish'],
    message: 'finish_before_start',
  })
  .refine(...periodWithinMax);

const pricePart = z.object({
  unit: z.enum(['week', 'day', 'hour', 'first_hour', 'extra_hour']),
  count: z.number(),
  unit_price_minor: z.number(),
  amount_minor: z.number(),
});
export const pricePreview = z.object({
  price_minor: z.number(),
  rule: z.enum(['per_day', 'rates']),
  /** Whose rates priced it: the product's row, its category's, the form's unsaved ones, or none (per day). */
  rate_source: z.enum(['product', 'category', 'draft', 'none']),
  parts: z.array(pricePart),
  base_minor: z.number(),
  minimum_applied: z.boolean(),
  adjustments: z.array(
    z.object({
      name: z.string(),
      kind: z.enum(specialKinds),
      adjust_bp: z.number(),
      share_bp: z.number(),
      amount_minor: z.number(),
    }),
  ),
  special_pricing: z.boolean(),
  enforce_using_rental_periods: z.boolean(),
  /** The active rental period the length matches; null when none does. */
  rental_period: z.string().nullable(),
  /** False when periods are enforced and none matches: an order for it would be refused. */
  allowed: z.boolean(),
});
export type PricePreview = z.infer<typeof pricePreview>;

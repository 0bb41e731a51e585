import { z } from 'zod';
import { amountMinor } from '../../money.ts';
import { pageQuery } from '../page.ts';
import { richTextDoc } from '../../rich-text.ts';
import { definitionQuestion } from './participants.ts';

// Tour definitions (issue #19, docs/design/tours.md S3): a draft written step by step by the editor, then
// published (active) or set inactive. Each step's input is its own schema: the editor's form parses the step
// fields, the PUT of a step adds `step` and the definition's `version`. Money in minor units, fees in basis points.

/** The editor's steps, in order; `steps_done` holds the ones saved valid. */
export const tourDefinitionSteps = [
  'basic-info',
  'pricing',
  'cancellation-fee',
  'gallery',
  'location',
  'items',
  'description',
] as const;
export type TourDefinitionStep = (typeof tourDefinitionSteps)[number];
export const tourDefinitionStep = z.enum(tourDefinitionSteps);

export const tourDefinitionStatuses = ['draft', 'active', 'inactive'] as const;
export type TourDefinitionStatus = (typeof tourDefinitionStatuses)[number];

/** Languages a tour is guided in (BCP 47 primary tags). */
export const tourLanguages = [
  'en',
  'es',
  'fr',
  'de',
  'it',
  'pt',
  'nl',
  'ca',
  'eu',
  'gl',
  'sv',
  'da',
  'no',
  'pl',
  'ja',
  'zh',
] as const;
export type TourLanguage = (typeof tourLanguages)[number];

export const MAX_TOUR_IMAGES = 20;
export const MAX_CANCELLATION_TIERS = 10;

const id = z.number().int().positive().max(2_147_483_647);
const version = z.number().int().min(1);
const feeBp = z.number().int().min(0).max(10_000);
/** A local calendar day, years PostgreSQL and Date.UTC agree on. */
const isoDay = z.iso.date().refine((day) => {
  const year = Number(day.slice(0, 4));
  return year >= 1900 && year <= 2200;
}, 'out_of_range');

/** The tour's code: letters, digits and dashes, unique across the business (sku of its seat product in part 2). */
export const tourDefinitionCode = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9-]{2,20}$/, { message: 'invalid_code' });

// ---- basic-info ----
const basicInfoShape = {
  code: tourDefinitionCode,
  name: z.string().trim().min(1).max(120),
  group_id: id.nullable(),
  duration_minutes: z.number().int().min(15).max(20_160),
  capacity: z.number().int().min(1).max(500),
  min_participants: z.number().int().min(1).max(500),
  participants_per_leader: z.number().int().min(1).max(500).nullable(),
  min_leaders: z.number().int().min(0).max(20),
  languages: z.array(z.enum(tourLanguages)).max(10),
};
type BasicInfoValues = z.infer<z.ZodObject<typeof basicInfoShape>>;
function checkBasicInfo(value: BasicInfoValues, ctx: z.RefinementCtx) {
  if (value.min_participants > value.capacity) {
    ctx.addIssue({ code: 'custom', path: ['min_participants'], message: 'above_capacity' });
  }
  if (new Set(value.languages).size !== value.languages.length) {
    ctx.addIssue({ code: 'custom', path: ['languages'], message: 'duplicate' });
  }
}
/** Step basic-info; also the body of POST /tours/definitions (creates the draft). */
export const tourBasicInfo = z.object(basicInfoShape).superRefine(checkBasicInfo);
export type TourBasicInfo = z.infer<typeof tourBasicInfo>;

// ---- pricing ----
const agePrice = z.object({ age_group_id: id, price_minor: amountMinor });
export type TourAgePrice = z.infer<typeof agePrice>;
const agePrices = z.array(agePrice).min(1).max(20);
const season = z.object({
  name: z.string().trim().min(1).max(60),
  first_day: isoDay,
  last_day: isoDay,
  prices: agePrices,
});
export type TourSeasonInput = z.infer<typeof season>;
const pricingShape = {
  prices: agePrices,
  private_price_minor: amountMinor.nullable(),
  taxable: z.boolean(),
  seasons: z.array(season).max(20),
};
type PricingValues = z.infer<z.ZodObject<typeof pricingShape>>;
function duplicateAgeGroups(prices: TourAgePrice[], path: (string | number)[], ctx: z.RefinementCtx) {
  const seen = new Set<number>();
  prices.forEach((p, i) => {
    if (seen.has(p.age_group_id))
      ctx.addIssue({ code: 'custom', path: [...path, i, 'age_group_id'], message: 'duplicate' });
    seen.add(p.age_group_id);
  });
}
function checkPricing(value: PricingValues, ctx: z.RefinementCtx) {
  duplicateAgeGroups(value.prices, ['prices'], ctx);
  const base = new Set(value.prices.map((p) => p.age_group_id));
  value.seasons.forEach((s, i) => {
    if (s.last_day < s.first_day) {
      ctx.addIssue({ code: 'custom', path: ['seasons', i, 'last_day'], message: 'before_first_day' });
    }
    duplicateAgeGroups(s.prices, ['seasons', i, 'prices'], ctx);
    // A season prices every age group the tour prices, so a day never falls back to a mix.
    const own = new Set(s.prices.map((p) => p.age_group_id));
    if (own.size !== base.size || [...base].some((g) => !own.has(g))) {
      ctx.addIssue({ code: 'custom', path: ['seasons', i, 'prices'], message: 'season_prices_incomplete' });
    }
  });
}
/** Seasons overlapping an earlier one of the list, on its first day (the form's field). */
function checkSeasonOverlap(value: PricingValues, ctx: z.RefinementCtx) {
  value.seasons.forEach((s, i) => {
    if (value.seasons.some((o, j) => j < i && s.first_day <= o.last_day && o.first_day <= s.last_day)) {
      ctx.addIssue({ code: 'custom', path: ['seasons', i, 'first_day'], message: 'season_overlap' });
    }
  });
}
/**
 * Step pricing: a price per age group (the server checks every active group has one), seasons by local day,
 * inclusive. The form also refuses overlapping seasons on the field; the API leaves that to the database's
 * exclusion rule, which answers 409 seasonOverlap (tourDefinitionStepInput).
 */
export const tourPricing = z.object(pricingShape).superRefine(checkPricing).superRefine(checkSeasonOverlap);
export type TourPricing = z.infer<typeof tourPricing>;

// ---- cancellation-fee ----
const tier = z.object({ hours_before: z.number().int().min(0).max(8760), fee_bp: feeBp });
export type TourCancellationTier = z.infer<typeof tier>;
const cancellationShape = {
  tiers: z.array(tier).min(1).max(MAX_CANCELLATION_TIERS),
  no_show_fee_bp: feeBp,
};
type CancellationValues = z.infer<z.ZodObject<typeof cancellationShape>>;
function checkCancellation(value: CancellationValues, ctx: z.RefinementCtx) {
  const seen = new Set<number>();
  value.tiers.forEach((t, i) => {
    if (seen.has(t.hours_before)) {
      ctx.addIssue({ code: 'custom', path: ['tiers', i, 'hours_before'], message: 'duplicate' });
    }
    seen.add(t.hours_before);
  });
  if (!seen.has(0)) ctx.addIssue({ code: 'custom', path: ['tiers'], message: 'zero_tier_required' });
  // The later one cancels (fewer hours before), the more it costs, never less.
  const order = value.tiers.map((t, i) => ({ ...t, i })).sort((a, b) => b.hours_before - a.hours_before);
  order.forEach((later, k) => {
    const earlier = order[k - 1];
    if (earlier && later.fee_bp < earlier.fee_bp && later.hours_before !== earlier.hours_before) {
      ctx.addIssue({ code: 'custom', path: ['tiers', later.i, 'fee_bp'], message: 'fee_decreases' });
    }
  });
}
/** Step cancellation-fee: tier h applies from h hours before the start up to the next larger tier. */
export const tourCancellationFee = z.object(cancellationShape).superRefine(checkCancellation);
export type TourCancellationFee = z.infer<typeof tourCancellationFee>;

// ---- gallery ----
/** Step gallery has no fields: it is done when the definition has an image and a cover (checked by the server). */
export const tourGallery = z.object({});

// ---- location ----
const locationShape = { meeting_point_id: id, site_id: id.nullable() };
/** Step location: places of the definition's location, of kind meeting_point and site. */
export const tourLocationStep = z.object(locationShape);
export type TourLocationStep = z.infer<typeof tourLocationStep>;

// ---- items ----
const item = z.object({
  product_id: id,
  per: z.enum(['participant', 'booking']),
  age_group_id: id.nullable(),
  units: z.number().int().min(1).max(50),
  per_count: z.number().int().min(1).max(50),
});
export type TourItemInput = z.infer<typeof item>;
const itemsShape = { items: z.array(item).max(30) };
type ItemsValues = z.infer<z.ZodObject<typeof itemsShape>>;
function checkItems(value: ItemsValues, ctx: z.RefinementCtx) {
  const seen = new Set<string>();
  value.items.forEach((it, i) => {
    if (it.per === 'booking' && it.age_group_id !== null) {
      ctx.addIssue({
        code: 'custom',
        path: ['items', i, 'age_group_id'],
        message: 'booking_has_no_age_group',
      });
    }
    const key = `${it.product_id}/${it.per}/${it.age_group_id ?? ''}`;
    if (seen.has(key))
      ctx.addIssue({ code: 'custom', path: ['items', i, 'product_id'], message: 'duplicate' });
    seen.add(key);
  });
}
/** Step items: rental equipment; "1 kayak per 2 adults" is units 1, per_count 2, per participant of Adult. */
export const tourItems = z.object(itemsShape).superRefine(checkItems);
export type TourItems = z.infer<typeof tourItems>;

// ---- description ----
const descriptionShape = {
  description: richTextDoc,
  what_to_bring: z.string().trim().max(2000),
  terms_id: id,
  waiver_id: id.nullable(),
};
/** Step description: the terms (kind terms) and optional waiver (kind waiver) need a published version. */
export const tourDescription = z.object(descriptionShape);
export type TourDescription = z.infer<typeof tourDescription>;

// ---- PUT /tours/definitions/:id/steps/:step ----
const put = { version };
/** The body of a step's PUT: the step's fields, its name and the definition's version. */
export const tourDefinitionStepInput = z.discriminatedUnion('step', [
  z.object({ step: z.literal('basic-info'), ...put, ...basicInfoShape }).superRefine(checkBasicInfo),
  z.object({ step: z.literal('pricing'), ...put, ...pricingShape }).superRefine(checkPricing),
  z
    .object({ step: z.literal('cancellation-fee'), ...put, ...cancellationShape })
    .superRefine(checkCancellation),
  z.object({ step: z.literal('gallery'), ...put }),
  z.object({ step: z.literal('location'), ...put, ...locationShape }),
  z.object({ step: z.literal('items'), ...put, ...itemsShape }).superRefine(checkItems),
  z.object({ step: z.literal('description'), ...put, ...descriptionShape }),
]);
export type TourDefinitionStepInput = z.infer<typeof tourDefinitionStepInput>;
export type TourDefinitionStepBody = z.input<typeof tourDefinitionStepInput>;

/** The step schema by name (without `step` and `version`): the editor's form for that step. */
export const tourStepSchemas = {
  'basic-info': tourBasicInfo,
  pricing: tourPricing,
  'cancellation-fee': tourCancellationFee,
  gallery: tourGallery,
  location: tourLocationStep,
  items: tourItems,
  description: tourDescription,
} as const;

/** POST /tours/definitions/:id/status. */
export const tourDefinitionStatusInput = z.object({ status: z.enum(['active', 'inactive']), version });
export type TourDefinitionStatusInput = z.infer<typeof tourDefinitionStatusInput>;
/** POST /tours/definitions/:id/publish. */
export const tourDefinitionPublishInput = z.object({ version });
/** DELETE /tours/definitions/:id?version= and DELETE /tours/definitions/:id/images/:imageId?version= */
export const tourDefinitionDeleteQuery = z.object({ version: z.coerce.number().int().min(1) });

// ---- images ----
/** PUT /tours/definitions/:id/images: every image in its new order, the cover and the alt texts. */
export const tourImagesUpdate = z
  .object({
    version,
    order: z.array(id).max(MAX_TOUR_IMAGES),
    cover_id: id.nullable(),
    alts: z.record(z.string().regex(/^\d+$/), z.string().trim().max(200)).default({}),
  })
  .superRefine((value, ctx) => {
    if (new Set(value.order).size !== value.order.length) {
      ctx.addIssue({ code: 'custom', path: ['order'], message: 'duplicate' });
    }
    if (value.cover_id !== null && !value.order.includes(value.cover_id)) {
      ctx.addIssue({ code: 'custom', path: ['cover_id'], message: 'not_in_order' });
    }
  });
export type TourImagesUpdate = z.input<typeof tourImagesUpdate>;
/** The public file of an image or its thumbnail: random hex names only. */
export const tourImageFileParams = z.object({ file: z.string().regex(/^[0-9a-f]{32}(-t)?\.webp$/) });

export const tourDefinitionImage = z.object({
  id: z.number(),
  url: z.string(),
  thumb_url: z.string(),
  width: z.number(),
  height: z.number(),
  size_bytes: z.number(),
  alt: z.string().nullable(),
  position: z.number(),
  is_cover: z.boolean(),
});
export type TourDefinitionImage = z.infer<typeof tourDefinitionImage>;

const groupRef = z.object({ id: z.number(), name: z.string(), color: z.string() }).nullable();

// ---- detail ----
export const tourDefinitionDetail = z.object({
  id: z.number(),
  location_id: z.number(),
  code: z.string(),
  name: z.string(),
  group_id: z.number().nullable(),
  group: groupRef,
  status: z.enum(tourDefinitionStatuses),
  steps_done: z.array(tourDefinitionStep),
  version: z.number(),
  // basic-info (null until saved: a draft is created from basic-info, so these are set)
  duration_minutes: z.number().nullable(),
  capacity: z.number().nullable(),
  min_participants: z.number().nullable(),
  participants_per_leader: z.number().nullable(),
  min_leaders: z.number(),
  languages: z.array(z.string()),
  // pricing
  prices: z.array(z.object({ age_group_id: z.number(), price_minor: z.number() })),
  private_price_minor: z.number().nullable(),
  taxable: z.boolean(),
  seasons: z.array(
    z.object({
      id: z.number(),
      name: z.string(),
      first_day: z.string(),
      last_day: z.string(),
      prices: z.array(z.object({ age_group_id: z.number(), price_minor: z.number() })),
    }),
  ),
  // cancellation-fee
  tiers: z.array(z.object({ hours_before: z.number(), fee_bp: z.number() })),
  no_show_fee_bp: z.number(),
  // gallery
  images: z.array(tourDefinitionImage),
  // location
  meeting_point_id: z.number().nullable(),
  site_id: z.number().nullable(),
  // items
  items: z.array(
    z.object({
      id: z.number(),
      product_id: z.number(),
      product_name: z.string(),
      sku: z.string(),
      per: z.enum(['participant', 'booking']),
      age_group_id: z.number().nullable(),
      units: z.number(),
      per_count: z.number(),
    }),
  ),
  // description
  description: z.unknown().nullable(),
  description_html: z.string().nullable(),
  what_to_bring: z.string().nullable(),
  terms_id: z.number().nullable(),
  waiver_id: z.number().nullable(),
  /** What the tour asks every participant (issue #20), edited with the description step. */
  questions: z.array(definitionQuestion),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TourDefinitionDetail = z.infer<typeof tourDefinitionDetail>;

/** The answer of publish when steps are missing: 422 definitionIncomplete, data `{ steps }`. */
export const tourDefinitionIncompleteData = z.object({ steps: z.array(tourDefinitionStep) });

// ---- list ----
export const tourDefinitionListQuery = pageQuery({
  sort: { fields: ['name', 'code', 'created_at', 'updated_at'], default: 'name' },
}).extend({
  search: z.string().trim().max(100).optional(),
  group_id: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  status: z.enum(tourDefinitionStatuses).optional(),
});
export type TourDefinitionListQuery = z.infer<typeof tourDefinitionListQuery>;

export const tourDefinitionRow = z.object({
  id: z.number(),
  code: z.string(),
  name: z.string(),
  status: z.enum(tourDefinitionStatuses),
  group: groupRef,
  capacity: z.number().nullable(),
  duration_minutes: z.number().nullable(),
  steps_done: z.array(tourDefinitionStep),
  version: z.number(),
  next_event_at: z.string().nullable(),
  cover_thumb_url: z.string().nullable(),
  updated_at: z.string(),
});
export type TourDefinitionRow = z.infer<typeof tourDefinitionRow>;

/** The first step not yet done (where "Continue draft" opens the editor), or the first step when all are. */
export function firstStepToDo(stepsDone: readonly string[]): TourDefinitionStep {
  return tourDefinitionSteps.find((s) => !stepsDone.includes(s)) ?? tourDefinitionSteps[0];
}

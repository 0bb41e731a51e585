import { z } from 'zod';
import { MAX_AMOUNT_MINOR } from '../../money.ts';
import { richTextDoc } from '../../rich-text.ts';
import { participantRequiredField } from './participants.ts';

// Tour settings (issue #19, docs/design/tours.md S1): the per-location settings, meeting points and tour
// sites per location, and the business-wide groups, age groups and terms/waiver documents.

const version = z.number().int().min(1).max(2_147_483_647);
/** A text a form may leave empty: blank is none. */
const optionalText = (max: number) =>
  z
    .union([z.string().trim().max(max), z.null()])
    .optional()
    .transform((v) => v || null);
/** A number a form may leave empty: null is none (NaN, a typed non-number, is refused). */
const optionalNumber = (min: number, max: number) => z.number().min(min).max(max).nullable();

// ---- General (per location) ----

export const BELOW_MINIMUM_ACTIONS = ['notify', 'cancel', 'run'] as const;
const MB = 1024 * 1024;
export const GALLERY_MAX_MB = 25;

/** GET /api/nine/tours/settings: the location's settings, its defaults as version 1 while never saved. */
export const tourSettings = z.object({
  location_id: z.number(),
  /** The location's own zone (Location settings); events are scheduled on its wall clock. Read-only here. */
  time_zone: z.string(),
  booking_cutoff_minutes: z.number().int(),
  default_capacity: z.number().int(),
  default_min_participants: z.number().int(),
  below_minimum_action: z.enum(BELOW_MINIMUM_ACTIONS),
  below_minimum_hours: z.number().int(),
  checkin_opens_minutes: z.number().int(),
  checkin_closes_minutes: z.number().int(),
  gallery_max_bytes: z.number().int(),
  gallery_max_mb: z.number().int(),
  /** The participant fields the share link, easy-sign and the counter require (issue #20). */
  participant_required_fields: z.array(participantRequiredField),
  /** The terms a rent order's riders sign through easy-sign; null: rent orders have none to sign. */
  rent_terms_id: z.number().nullable(),
  version: z.number().int(),
  /**
   * Whether the caller holds tour manage at every location: groups, age groups and terms are business-wide,
   * so only then may they change them (else 403 business_wide_only).
   */
  business_wide_editable: z.boolean(),
});
export type TourSettings = z.infer<typeof tourSettings>;

/** The General tab's fields; PUT /api/nine/tours/settings adds the version. */
export const tourSettingsForm = z
  .object({
    booking_cutoff_minutes: z.int().min(0).max(43_200),
    default_capacity: z.int().min(1).max(500),
    default_min_participants: z.int().min(1).max(500),
    below_minimum_action: z.enum(BELOW_MINIMUM_ACTIONS),
    below_minimum_hours: z.int().min(0).max(336),
    checkin_opens_minutes: z.int().min(0).max(1440),
    checkin_closes_minutes: z.int().min(-1440).max(1440),
    gallery_max_mb: z.int().min(1).max(GALLERY_MAX_MB),
    // Participant settings (issue #20); left out, they stay as they are.
    participant_required_fields: z
      .array(participantRequiredField)
      .max(4)
      .transform((f) => [...new Set(f)])
      .optional(),
    rent_terms_id: z.int().positive().nullable().optional(),
  })
  .refine((s) => s.default_min_participants <= s.default_capacity, {
    message: 'min_above_capacity',
    path: ['default_min_participants'],
  })
  // Both count minutes before the start: the window closes after it opens when fewer minutes remain.
  .refine((s) => s.checkin_closes_minutes < s.checkin_opens_minutes, {
    message: 'closes_before_opens',
    path: ['checkin_closes_minutes'],
  });
export type TourSettingsForm = z.infer<typeof tourSettingsForm>;
export type TourSettingsFormInput = z.input<typeof tourSettingsForm>;
export const tourSettingsUpdate = z.intersection(tourSettingsForm, z.object({ version }));
export type TourSettingsUpdate = z.infer<typeof tourSettingsUpdate>;

export const galleryBytesOf = (mb: number) => mb * MB;
export const galleryMbOf = (bytes: number) => Math.max(1, Math.round(bytes / MB));

// ---- Meeting points and sites (per location) ----

export const TOUR_PLACE_KINDS = ['meeting_point', 'site'] as const;
export const tourPlaceKind = z.enum(TOUR_PLACE_KINDS);
export type TourPlaceKind = z.infer<typeof tourPlaceKind>;

export const tourPlace = z.object({
  id: z.number(),
  location_id: z.number(),
  kind: tourPlaceKind,
  name: z.string(),
  address: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  instructions: z.string().nullable(),
  active: z.boolean(),
  /** A definition or an event names it: it can be deactivated, not deleted. */
  in_use: z.boolean(),
  version: z.number().int(),
});
export type TourPlace = z.infer<typeof tourPlace>;
export const tourPlaceList = z.object({ rows: z.array(tourPlace) });
export type TourPlaceList = z.infer<typeof tourPlaceList>;

const flag = z.enum(['true', 'false']).transform((v) => v === 'true');
/** GET /api/nine/tours/places?kind&active */
export const tourPlaceQuery = z.object({ kind: tourPlaceKind.optional(), active: flag.optional() });

/** The place dialog's fields (POST /api/nine/tours/places). A position is both coordinates or none. */
export const tourPlaceInput = z
  .object({
    kind: tourPlaceKind,
    name: z.string().trim().min(1).max(120),
    address: optionalText(300),
    latitude: optionalNumber(-90, 90),
    longitude: optionalNumber(-180, 180),
    instructions: optionalText(2000),
    active: z.boolean(),
  })
  .refine((p) => (p.latitude === null) === (p.longitude === null), {
    message: 'coordinates_pair',
    path: ['longitude'],
  });
export type TourPlaceInput = z.input<typeof tourPlaceInput>;
/** PATCH /api/nine/tours/places/:id */
export const tourPlaceUpdate = z.intersection(tourPlaceInput, z.object({ version }));

// ---- Groups (business-wide) ----

/** Chakra colour palettes: the calendar colours a group's events with its palette. */
export const TOUR_COLORS = [
  'gray',
  'red',
  'orange',
  'yellow',
  'green',
  'teal',
  'blue',
  'cyan',
  'purple',
  'pink',
] as const;
export const tourColor = z.enum(TOUR_COLORS);
export type TourColor = z.infer<typeof tourColor>;

export const tourGroup = z.object({
  id: z.number(),
  name: z.string(),
  color: tourColor,
  sort_order: z.number().int(),
  active: z.boolean(),
  in_use: z.boolean(),
  version: z.number().int(),
});
export type TourGroup = z.infer<typeof tourGroup>;
export const tourGroupList = z.object({ rows: z.array(tourGroup) });
export type TourGroupList = z.infer<typeof tourGroupList>;

export const tourGroupInput = z.object({
  name: z.string().trim().min(1).max(60),
  color: tourColor,
  sort_order: z.int().min(0).max(10_000),
  active: z.boolean(),
});
export type TourGroupInput = z.input<typeof tourGroupInput>;
export const tourGroupUpdate = tourGroupInput.extend({ version });

// ---- Age groups (business-wide) ----

export const AGE_PRICE_RULES = ['base', 'percent', 'fixed', 'free'] as const;
export const agePriceRule = z.enum(AGE_PRICE_RULES);
export type AgePriceRule = z.infer<typeof agePriceRule>;
export const MAX_AGE = 130;

export const tourAgeGroup = z.object({
  id: z.number(),
  name: z.string(),
  min_age: z.number().int(),
  max_age: z.number().int().nullable(),
  price_rule: agePriceRule,
  /** Basis points of the base price for `percent`, minor units for `fixed`, 0 otherwise. */
  price_value: z.number().int(),
  guardian_required: z.boolean(),
  sort_order: z.number().int(),
  active: z.boolean(),
  in_use: z.boolean(),
  version: z.number().int(),
});
export type TourAgeGroup = z.infer<typeof tourAgeGroup>;
export const tourAgeGroupList = z.object({ rows: z.array(tourAgeGroup) });
export type TourAgeGroupList = z.infer<typeof tourAgeGroupList>;

/** The age group dialog's fields: the value's meaning follows the rule (a percentage up to 1000 %, an amount). */
export const tourAgeGroupInput = z
  .object({
    name: z.string().trim().min(1).max(40),
    min_age: z.int().min(0).max(MAX_AGE),
    max_age: z.int().min(0).max(MAX_AGE).nullable(),
    price_rule: agePriceRule,
    price_value: z.int().min(0).max(MAX_AMOUNT_MINOR).nullable(),
    guardian_required: z.boolean(),
    sort_order: z.int().min(0).max(10_000),
    active: z.boolean(),
  })
  .refine((g) => g.max_age === null || g.max_age >= g.min_age, {
    message: 'max_below_min',
    path: ['max_age'],
  })
  .refine((g) => g.price_rule !== 'percent' || (g.price_value ?? 0) <= 100_000, {
    message: 'too_big',
    path: ['price_value'],
  })
  .refine((g) => (g.price_rule !== 'percent' && g.price_rule !== 'fixed') || g.price_value !== null, {
    message: 'required',
    path: ['price_value'],
  })
  // Base and free have no value of their own.
  .transform((g) => ({
    ...g,
    price_value: g.price_rule === 'percent' || g.price_rule === 'fixed' ? (g.price_value ?? 0) : 0,
  }));
export type TourAgeGroupInput = z.input<typeof tourAgeGroupInput>;
export const tourAgeGroupUpdate = z.intersection(tourAgeGroupInput, z.object({ version }));

// ---- Terms and waivers (business-wide, versioned) ----

export const TOUR_TERMS_KINDS = ['terms', 'waiver'] as const;
export const tourTermsKind = z.enum(TOUR_TERMS_KINDS);
export type TourTermsKind = z.infer<typeof tourTermsKind>;

const versionRef = z.object({ id: z.number(), number: z.number().int() });
/** A terms or waiver document: its latest published version (what a definition shows) and its draft. */
export const tourTerms = z.object({
  id: z.number(),
  kind: tourTermsKind,
  title: z.string(),
  active: z.boolean(),
  version: z.number().int(),
  published: versionRef.extend({ published_at: z.string() }).nullable(),
  draft: versionRef.extend({ version: z.number().int() }).nullable(),
});
export type TourTerms = z.infer<typeof tourTerms>;
export const tourTermsList = z.object({ rows: z.array(tourTerms) });
export type TourTermsList = z.infer<typeof tourTermsList>;

const TERMS_VERSION_STATUSES = ['draft', 'published'] as const;
/** One version in a document's history. */
export const tourTermVersionRow = z.object({
  id: z.number(),
  number: z.number().int(),
  status: z.enum(TERMS_VERSION_STATUSES),
  /** The document's title when this version was published (null for the draft). */
  title: z.string().nullable(),
  created_at: z.string(),
  created_by_name: z.string().nullable(),
  published_at: z.string().nullable(),
  published_by_name: z.string().nullable(),
  /** SHA-256 of the body's canonical JSON (keys sorted), hex: what a signed waiver quotes. */
  body_sha256: z.string(),
  version: z.number().int(),
});
export type TourTermVersionRow = z.infer<typeof tourTermVersionRow>;
export const tourTermVersions = z.object({ terms: tourTerms, versions: z.array(tourTermVersionRow) });
export type TourTermVersions = z.infer<typeof tourTermVersions>;
/** GET /api/nine/tours/term-versions/:id: a version with its body, the html and text rendered by the server. */
export const tourTermVersion = tourTermVersionRow.extend({
  terms_id: z.number(),
  body: richTextDoc,
  body_html: z.string(),
  body_text: z.string(),
});
export type TourTermVersion = z.infer<typeof tourTermVersion>;

/** POST /api/nine/tours/terms: a document and its first draft. */
export const tourTermsCreate = z.object({
  kind: tourTermsKind,
  title: z.string().trim().min(1).max(120),
  body: richTextDoc,
});
export type TourTermsCreate = z.input<typeof tourTermsCreate>;
/** PATCH /api/nine/tours/terms/:id: the title and whether definitions may choose it. */
export const tourTermsUpdate = z.object({
  title: z.string().trim().min(1).max(120),
  active: z.boolean(),
  version,
});
export type TourTermsUpdate = z.input<typeof tourTermsUpdate>;
/**
 * PUT /api/nine/tours/terms/:id/draft: `draft_id` null starts the next draft (from `body`, or a copy of the
 * latest published version); otherwise the draft it names is saved at its `version`.
 */
export const tourTermsDraftSave = z.union([
  z.object({ draft_id: z.null(), body: richTextDoc.optional() }),
  z.object({ draft_id: z.number().int().positive(), version, body: richTextDoc }),
]);
export type TourTermsDraftSave = z.input<typeof tourTermsDraftSave>;
/** The draft editor's one field. */
export const tourTermsDraftForm = z.object({ body: richTextDoc });
/**
 * POST /api/nine/tours/terms/:id/publish: the draft at the version the person saw; with `body`, unsaved edits
 * are saved and published in one step (both or neither).
 */
export const tourTermsPublish = z.object({
  draft_id: z.number().int().positive(),
  version,
  body: richTextDoc.optional(),
});
export type TourTermsPublish = z.input<typeof tourTermsPublish>;

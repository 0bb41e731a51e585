import { z } from 'zod';
import { SHOW_TAXES_MODES } from '../tax.ts';

// The Business settings screen (issue #18): one value for the whole business.

/** A text the form may leave empty: "" and null are stored as none. */
const optionalText = (max: number) =>
  z.union([z.string().trim().max(max), z.null()]).transform((v) => (v ? v : null));

const version = z.number().int().min(1);

/** PUT /api/nine/business-info: the General Information section. */
export const businessInfoUpdate = z.object({
  version,
  site_title: z.string().trim().min(1).max(200),
  site_url: optionalText(300).refine((v) => v === null || /^https?:\/\/\S+$/i.test(v), {
    message: 'invalid_url',
  }),
  url_prefix: optionalText(50).refine((v) => v === null || /^[a-z0-9-]+$/i.test(v), {
    message: 'invalid_prefix',
  }),
  address: optionalText(300),
  zip_code: optionalText(20),
  email: optionalText(254).refine((v) => v === null || z.email().safeParse(v).success, {
    message: 'invalid_email',
  }),
  tel: optionalText(30),
  /** The customer a quick sale is made for when none is chosen; null is the anonymous walk-in customer. */
  sale_default_customer_id: z.number().int().positive().nullable(),
  suspension_alert: optionalText(1000),
});
export type BusinessInfoUpdate = z.infer<typeof businessInfoUpdate>;
/** The section's form: the same rules; the version is the one shown, added by the save. */
export const businessInfoForm = businessInfoUpdate.omit({ version: true });

/** The business's own General Information (not the location's address): what the section edits. */
export const businessInfoSaved = z.object({
  version: z.number(),
  site_title: z.string(),
  site_url: z.string().nullable(),
  url_prefix: z.string().nullable(),
  address: z.string().nullable(),
  zip_code: z.string().nullable(),
  email: z.string().nullable(),
  tel: z.string().nullable(),
  sale_default_customer_id: z.number().nullable(),
  sale_default_customer_name: z.string().nullable(),
  suspension_alert: z.string().nullable(),
  site_logo: z.string().nullable(),
  invoice_logo: z.string().nullable(),
});
export type BusinessInfoSaved = z.infer<typeof businessInfoSaved>;

export const logoKinds = ['site', 'invoice'] as const;
export type LogoKind = (typeof logoKinds)[number];
export const logoParams = z.object({ kind: z.enum(logoKinds) });
/** Logos are shrunk on the server to fit this square (the screens show them at this size). */
export const LOGO_SIZE_PX = 50;
export const LOGO_MAX_BYTES = 2 * 1024 * 1024;
export const logoAnswer = z.object({
  kind: z.enum(logoKinds),
  url: z.string().nullable(),
  version: z.number(),
});
export type LogoAnswer = z.infer<typeof logoAnswer>;

const basisPoints = z.number().int().min(0).max(10_000);

/** POST /api/nine/taxes. */
export const taxInput = z.object({
  name: z.string().trim().min(1).max(100),
  rate_bp: basisPoints,
  is_active: z.boolean().default(true),
});
export type TaxInput = z.infer<typeof taxInput>;
/** PUT /api/nine/taxes/:id. */
export const taxUpdate = taxInput.extend({ version, is_active: z.boolean() });
export type TaxUpdate = z.infer<typeof taxUpdate>;

export const taxRow = z.object({
  id: z.number(),
  name: z.string(),
  rate_bp: z.number(),
  is_active: z.boolean(),
  version: z.number(),
  /** Named by a product or an invoice line: it can only be deactivated. */
  in_use: z.boolean(),
});
export type TaxRow = z.infer<typeof taxRow>;
export const taxList = z.object({ rows: z.array(taxRow) });
export type TaxList = z.infer<typeof taxList>;

/** The tax presentation of every location, saved together from the business screen. */
export const taxMode = z.object({
  is_tax_included: z.boolean(),
  show_taxes_mode: z.enum(SHOW_TAXES_MODES),
});
export type TaxMode = z.infer<typeof taxMode>;
export const taxModeUpdate = taxMode.extend({
  /** The version of the business view the person edited (it moves when any location's tax mode does). */
  version,
});
export type TaxModeUpdate = z.infer<typeof taxModeUpdate>;
export const taxModeView = taxMode.extend({
  version: z.number(),
  /** The locations do not all agree today; saving makes them agree. */
  mixed: z.boolean(),
});
export type TaxModeView = z.infer<typeof taxModeView>;

/** A general ledger code: digits and letters, as accountants write them. */
export const glCodeValue = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9.-]{1,20}$/);
export const glCodeParams = z.object({ code: glCodeValue });
export const glCodeInput = z.object({ code: glCodeValue, description: z.string().trim().min(1).max(200) });
export type GlCodeInput = z.infer<typeof glCodeInput>;
export const glCodeUpdate = z.object({ version, description: z.string().trim().min(1).max(200) });
export type GlCodeUpdate = z.infer<typeof glCodeUpdate>;
export const glCodeEditForm = glCodeUpdate.omit({ version: true });
export const glCodeRow = z.object({
  code: z.string(),
  description: z.string(),
  version: z.number(),
  /** Has ledger rows: it cannot be deleted. */
  in_use: z.boolean(),
  /** The server's own postings use it (cash, card, receivables, deposits, tax, revenue…): it stays. */
  built_in: z.boolean(),
});
export type GlCodeRow = z.infer<typeof glCodeRow>;
export const glCodeList = z.object({ rows: z.array(glCodeRow) });
export type GlCodeList = z.infer<typeof glCodeList>;

import { z } from 'zod';
import { glCodeValue } from './business-settings.ts';
import { paymentMethods } from './money.ts';

// Business settings, accounts (issue #18): which general ledger code each payment method, system posting,
// tax and product category posts to.

/**
 * The payment methods that move money into an account of their own: every payment method but account credit,
 * which draws on the customer credit system account. A new method needs its row in gl_payment_accounts.
 */
export const glPaymentMethod = z.enum(paymentMethods).exclude(['account_credit']);
export const GL_PAYMENT_METHODS = glPaymentMethod.options;
export type GlPaymentMethod = z.infer<typeof glPaymentMethod>;

/** The postings the server makes by itself, each to one account. */
export const GL_SYSTEM_POSTINGS = [
  'accounts_receivable',
  'customer_credit',
  'deposits_held',
  'tax_payable',
  'over_short',
  'rent_revenue',
  'sale_revenue',
  'damage_charges',
] as const;
export type GlSystemPosting = (typeof GL_SYSTEM_POSTINGS)[number];

/**
 * Money still open sits on these accounts (receivables that credit notes take back, deposits held, customers'
 * credit, whose balances are read from its entries): moving one would split it between two codes.
 */
export const GL_FIXED_POSTINGS: readonly GlSystemPosting[] = [
  'accounts_receivable',
  'customer_credit',
  'deposits_held',
];

export const GL_ACCOUNT_KINDS = ['payment', 'system', 'tax', 'category'] as const;
export type GlAccountKind = (typeof GL_ACCOUNT_KINDS)[number];

/** PUT /api/nine/gl-accounts/:kind/:key — key is the method, the posting, or the tax's or category's id. */
export const glAccountParams = z.object({
  kind: z.enum(GL_ACCOUNT_KINDS),
  key: z.string().regex(/^[a-z0-9_]{1,40}$/),
});
export type GlAccountParams = z.infer<typeof glAccountParams>;

/** null (taxes and categories only): back to the default account. */
export const glAccountUpdate = z.object({
  version: z.number().int().min(1),
  gl_code: glCodeValue.nullable(),
});
export type GlAccountUpdate = z.infer<typeof glAccountUpdate>;
/** The edit dialog's form: the code picked, "" for the default account. */
export const glAccountForm = z.object({ gl_code: z.string() });

export const glPaymentAccount = z.object({
  method: glPaymentMethod,
  gl_code: z.string(),
  version: z.number(),
});
export type GlPaymentAccount = z.infer<typeof glPaymentAccount>;

export const glSystemAccount = z.object({
  posting: z.enum(GL_SYSTEM_POSTINGS),
  gl_code: z.string(),
  version: z.number(),
  /** Cannot be moved to another code (see GL_FIXED_POSTINGS). */
  fixed: z.boolean(),
});
export type GlSystemAccount = z.infer<typeof glSystemAccount>;

export const glTaxAccount = z.object({
  tax_id: z.number(),
  name: z.string(),
  rate_bp: z.number(),
  is_active: z.boolean(),
  /** null: the system's tax payable account. */
  gl_code: z.string().nullable(),
  version: z.number(),
});
export type GlTaxAccount = z.infer<typeof glTaxAccount>;

export const glCategoryAccount = z.object({
  category_id: z.number(),
  /** The category's path from its top category, "Bikes / Kids". */
  name: z.string(),
  /** null: the revenue account of the invoice's product line (rent or sale). */
  gl_code: z.string().nullable(),
  version: z.number(),
});
export type GlCategoryAccount = z.infer<typeof glCategoryAccount>;

/** GET /api/nine/gl-accounts: the four sections. */
export const glAccounts = z.object({
  payment: z.array(glPaymentAccount),
  system: z.array(glSystemAccount),
  tax: z.array(glTaxAccount),
  category: z.array(glCategoryAccount),
});
export type GlAccounts = z.infer<typeof glAccounts>;

/** The answer to a save: the row as it now stands. */
export const glAccountSaved = z.object({
  kind: z.enum(GL_ACCOUNT_KINDS),
  key: z.string(),
  gl_code: z.string().nullable(),
  version: z.number(),
});
export type GlAccountSaved = z.infer<typeof glAccountSaved>;

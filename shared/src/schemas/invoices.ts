import { z } from 'zod';
import { pageQuery, type Page } from './page.ts';
import { positiveAmountMinor } from '../money.ts';

/** Invoice lists, the invoice view, credit notes and ad-hoc charges (spec sections 3 and 6). */

export const invoiceTypes = ['rent', 'sale', 'recurring', 'adhoc', 'credit_note'] as const;
export type InvoiceType = (typeof invoiceTypes)[number];
export const invoiceStatuses = ['in_progress', 'posted'] as const;
export type InvoiceStatus = (typeof invoiceStatuses)[number];
export const invoiceBalanceStatuses = ['paid', 'unpaid', 'partially_paid'] as const;
export type InvoiceBalanceStatus = (typeof invoiceBalanceStatuses)[number];

export const invoiceSortFields = [
  'number',
  'type',
  'created_at',
  'posted_at',
  'in_progress_at',
  'billing_from',
  'billing_to',
  'subtotal',
  'discount',
  'tax',
  'total',
  'paid',
  'balance',
] as const;
export type InvoiceSortField = (typeof invoiceSortFields)[number];

export const invoiceListQuery = pageQuery({
  maxPage: 100_000,
  sort: { fields: invoiceSortFields, default: 'created_at', dir: 'desc' },
}).extend({
  type: z.enum(invoiceTypes).optional(),
  status: z.enum(invoiceStatuses).optional(),
  balance_status: z.enum(invoiceBalanceStatuses).optional(),
  /** Calendar days in the location's time zone, both inclusive, on the created date. */
  from_date: z.iso.date().optional(),
  to_date: z.iso.date().optional(),
  /** An invoice or order number, or part of the customer's name, phone or e-mail. */
  search: z.string().trim().max(100).optional(),
  /** One order's invoices: also answers staff who may view that order (a tour's for tour:view). */
  order_id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
});
export type InvoiceListQuery = z.infer<typeof invoiceListQuery>;

export const invoiceRow = z.object({
  id: z.number(),
  number: z.number(),
  type: z.enum(invoiceTypes),
  status: z.enum(invoiceStatuses),
  order_id: z.number().nullable(),
  order_number: z.number().nullable(),
  order_type: z.string().nullable(),
  customer: z.string().nullable(),
  created_at: z.string(),
  in_progress_at: z.string(),
  posted_at: z.string().nullable(),
  /** The spec's "updated at (posted)". */
  updated_at: z.string(),
  billing_from: z.string().nullable(),
  billing_to: z.string().nullable(),
  subtotal_minor: z.number(),
  discount_minor: z.number(),
  tax_minor: z.number(),
  total_minor: z.number(),
  paid_minor: z.number(),
  /** What credit notes took off this invoice (zero or negative); a refund's own credit note carries its total back. */
  credited_minor: z.number(),
  /** total + credited − paid. */
  balance_minor: z.number(),
});
export type InvoiceRow = z.infer<typeof invoiceRow>;

export type InvoicePage = Page<InvoiceRow> & { total_capped: boolean };

export const invoiceLine = z.object({
  id: z.number(),
  description: z.string(),
  quantity: z.number(),
  unit_price_minor: z.number(),
  discount_minor: z.number(),
  tax_minor: z.number(),
  total_minor: z.number(),
});
export type InvoiceLine = z.infer<typeof invoiceLine>;

export const invoiceTaxLine = z.object({
  name: z.string(),
  rate_bp: z.number(),
  amount_minor: z.number(),
});
export type InvoiceTaxLine = z.infer<typeof invoiceTaxLine>;

export const invoiceRefund = z.object({
  id: z.number(),
  amount_minor: z.number(),
  reason: z.string().nullable(),
  created_at: z.string(),
});
export type InvoiceRefund = z.infer<typeof invoiceRefund>;

export const invoicePayment = z.object({
  id: z.number(),
  method: z.string(),
  amount_minor: z.number(),
  refunded_minor: z.number(),
  reference: z.string().nullable(),
  created_at: z.string(),
  created_by: z.string().nullable(),
  refunds: z.array(invoiceRefund),
});
export type InvoicePayment = z.infer<typeof invoicePayment>;

export const invoiceCustomer = z.object({
  id: z.number(),
  /** Null when both name parts are blank (an imported customer known only by phone or e-mail). */
  name: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  address: z.string().nullable(),
});
export type InvoiceCustomer = z.infer<typeof invoiceCustomer>;

export const invoiceDetail = invoiceRow.extend({
  customer_detail: invoiceCustomer.nullable(),
  lines: z.array(invoiceLine),
  /** The invoice's tax spread over the active taxes, per show_taxes_mode (empty when hidden). */
  taxes: z.array(invoiceTaxLine),
  payments: z.array(invoicePayment),
  refunded_minor: z.number(),
  /** The invoice this credit note corrects, or the credit note correcting this invoice. */
  credits: z.object({ id: z.number(), number: z.number() }).nullable(),
  credited_by: z.object({ id: z.number(), number: z.number() }).nullable(),
  /** Partial credit notes made by refunds after the order closed (a price reduction each), oldest first. */
  refund_credits: z.array(z.object({ id: z.number(), number: z.number(), total_minor: z.number() })),
  settings: z.object({
    is_tax_included: z.boolean(),
    show_taxes_mode: z.string(),
    tax_comment: z.string().nullable(),
    invoice_print_header: z.string().nullable(),
    currency_code: z.string(),
    currency_symbol: z.string(),
  }),
  /** What the caller may do now: permissions, settings and the invoice's state together. */
  actions: z.object({ post: z.boolean(), credit_note: z.boolean(), adhoc_charge: z.boolean() }),
});
export type InvoiceDetail = z.infer<typeof invoiceDetail>;

/** A credit note reverses a posted invoice in full; the reason is printed on it and kept in the audit log. */
export const creditNoteCreate = z.object({
  reason: z.string().trim().min(1).max(500),
});
export type CreditNoteCreate = z.infer<typeof creditNoteCreate>;

/** An ad-hoc charge (add_adhoc_to_order): its own invoice on the order, taxed by the one tax rule. */
export const adhocChargeCreate = z.object({
  description: z.string().trim().min(1).max(200),
  quantity: z.number().int().min(1).max(10_000),
  unit_price_minor: positiveAmountMinor,
  taxable: z.boolean().default(true),
});
export type AdhocChargeCreate = z.infer<typeof adhocChargeCreate>;
/** The ad-hoc charge form: the quantity as typed, then checked by the request's own rule. */
export const adhocChargeForm = adhocChargeCreate.extend({
  quantity: z
    .string()
    .trim()
    .regex(/^\d{1,5}$/)
    .transform(Number)
    .pipe(adhocChargeCreate.shape.quantity),
});

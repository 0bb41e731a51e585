import { z } from 'zod';
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

export const invoiceListQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  page_size: z.coerce.number().int().min(1).max(200).default(25),
  sort: z.enum(invoiceSortFields).default('created_at'),
  sort_type: z.enum(['asc', 'desc']).default('desc'),
  type: z.enum(invoiceTypes).optional(),
  status: z.enum(invoiceStatuses).optional(),
  balance_status: z.enum(invoiceBalanceStatuses).optional(),
  /** Calendar days in the location's time zone, both inclusive, on the created date. */
  from_date: z.iso.date().optional(),
  to_date: z.iso.date().optional(),
  /** An invoice or order number, or part of the customer's name, phone or e-mail. */
  search: z.string().trim().max(100).optional(),
});
export type InvoiceListQuery = z.infer<typeof invoiceListQuery>;

export interface InvoiceRow {
  id: number;
  number: number;
  type: InvoiceType;
  status: InvoiceStatus;
  order_id: number | null;
  order_number: number | null;
  order_type: string | null;
  customer: string | null;
  created_at: string;
  in_progress_at: string;
  posted_at: string | null;
  /** The spec's "updated at (posted)". */
  updated_at: string;
  billing_from: string | null;
  billing_to: string | null;
  subtotal_minor: number;
  discount_minor: number;
  tax_minor: number;
  total_minor: number;
  paid_minor: number;
  /** What credit notes took off this invoice (zero or negative); a refund's own credit note carries its total back. */
  credited_minor: number;
  /** total + credited − paid. */
  balance_minor: number;
}

export interface InvoicePage {
  rows: InvoiceRow[];
  total: number;
  total_capped: boolean;
  page: number;
  page_size: number;
}

export interface InvoiceLine {
  id: number;
  description: string;
  quantity: number;
  unit_price_minor: number;
  discount_minor: number;
  tax_minor: number;
  total_minor: number;
}

export interface InvoiceTaxLine {
  name: string;
  rate_bp: number;
  amount_minor: number;
}

export interface InvoiceRefund {
  id: number;
  amount_minor: number;
  reason: string | null;
  created_at: string;
}

export interface InvoicePayment {
  id: number;
  method: string;
  amount_minor: number;
  refunded_minor: number;
  reference: string | null;
  created_at: string;
  created_by: string | null;
  refunds: InvoiceRefund[];
}

export interface InvoiceCustomer {
  id: number;
  name: string;
  phone: string | null;
  email: string | null;
  address: string | null;
}

export interface InvoiceDetail extends InvoiceRow {
  customer_detail: InvoiceCustomer | null;
  lines: InvoiceLine[];
  /** The invoice's tax spread over the active taxes, per show_taxes_mode (empty when hidden). */
  taxes: InvoiceTaxLine[];
  payments: InvoicePayment[];
  refunded_minor: number;
  /** The invoice this credit note corrects, or the credit note correcting this invoice. */
  credits: { id: number; number: number } | null;
  credited_by: { id: number; number: number } | null;
  /** Partial credit notes made by refunds after the order closed (a price reduction each), oldest first. */
  refund_credits: { id: number; number: number; total_minor: number }[];
  settings: {
    is_tax_included: boolean;
    show_taxes_mode: string;
    tax_comment: string | null;
    invoice_print_header: string | null;
    currency_code: string;
    currency_symbol: string;
  };
  /** What the caller may do now: permissions, settings and the invoice's state together. */
  actions: { post: boolean; credit_note: boolean; adhoc_charge: boolean };
}

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

import { z } from 'zod';
import { pageQuery } from './page.ts';
import { amountMinor, positiveAmountMinor } from '../money.ts';
import { approverAccessKey } from './auth.ts';

export const paymentMethods = ['cash', 'card', 'external', 'account_credit'] as const;
export type PaymentMethod = (typeof paymentMethods)[number];

export const paymentCreate = z
  .object({
    order_id: z.number().int().positive(),
    method: z.enum(paymentMethods),
    amount_minor: positiveAmountMinor,
    /** Cash handed over; the change is tendered − amount. */
    tendered_minor: positiveAmountMinor.optional(),
    reference: z.string().trim().max(100).optional(),
    /** The counter's own register when the location has several (multi_register). */
    cash_register_id: z.number().int().positive().optional(),
    /**
     * Paying beyond the balance keeps the rest as account credit only when asked (and pay and balance
     * forward is on): a double-clicked "pay the balance" must not take the money twice.
     */
    keep_credit: z.boolean().optional(),
  })
  .refine((p) => p.tendered_minor === undefined || p.method === 'cash', {
    path: ['tendered_minor'],
    message: 'cash only',
  })
  .refine((p) => p.tendered_minor === undefined || p.tendered_minor >= p.amount_minor, {
    path: ['tendered_minor'],
    message: 'less than the amount',
  });
export type PaymentCreate = z.infer<typeof paymentCreate>;

export const refundCreate = z.object({
  amount_minor: positiveAmountMinor,
  reason: z.string().trim().min(1).max(500),
  access_key: approverAccessKey.optional(),
  /** A cash refund leaves this counter's register when the location has several (multi_register). */
  cash_register_id: z.number().int().positive().optional(),
});
export type RefundCreate = z.infer<typeof refundCreate>;

export const depositMove = z.object({
  kind: z.enum(['held', 'claimed', 'returned']),
  method: z.enum(paymentMethods).default('cash'),
  amount_minor: positiveAmountMinor,
  reason: z.string().trim().min(1).max(500).optional(),
  /** Cash held or returned goes through this counter's register when the location has several (multi_register). */
  cash_register_id: z.number().int().positive().optional(),
});
export type DepositMove = z.infer<typeof depositMove>;

export const invoiceListQuery = pageQuery({
  sort: {
    fields: ['number', 'created_at', 'posted_at', 'total', 'balance'],
    default: 'created_at',
    dir: 'desc',
  },
}).extend({
  status: z.enum(['in_progress', 'posted']).optional(),
  balance_status: z.enum(['paid', 'partially_paid', 'unpaid']).optional(),
  from_date: z.iso.date().optional(),
  to_date: z.iso.date().optional(),
  search: z.string().trim().max(100).optional(),
});

export interface InvoiceRow {
  id: number;
  number: number;
  type: string;
  status: 'in_progress' | 'posted';
  order_id: number | null;
  order_number: number | null;
  customer: string | null;
  created_at: string;
  in_progress_at: string;
  posted_at: string | null;
  updated_at: string;
  billing_from: string | null;
  billing_to: string | null;
  subtotal_minor: number;
  discount_minor: number;
  tax_minor: number;
  total_minor: number;
  paid_minor: number;
  balance_minor: number;
}

export const registerOpen = z.object({ float_minor: amountMinor });
export const registerMovement = z.object({
  kind: z.enum(['cash_in', 'cash_out']),
  amount_minor: positiveAmountMinor,
  reason: z.string().trim().min(1).max(200),
});
export const registerClose = z.object({ counted_minor: amountMinor });
/** The register card's form: one action at a time, each checked by the body its route parses. */
export const registerActionForm = z.discriminatedUnion('kind', [
  registerOpen.extend({ kind: z.literal('open') }),
  registerMovement,
  registerClose.extend({ kind: z.literal('close') }),
]);
export type RegisterActionForm = z.infer<typeof registerActionForm>;

/** Change cost (spec: changeCost) and overriding a required deposit: both logged with an approver. */
export const priceOverride = z.object({
  order_item_id: z.number().int().positive(),
  unit_price_minor: amountMinor,
  version: z.number().int().positive(),
  comment: z.string().trim().min(1).max(500),
  access_key: approverAccessKey.optional(),
});
/** The change-cost form: price and reason by the server's rules; an empty access key is sent as none. */
export const priceOverrideForm = priceOverride
  .pick({ unit_price_minor: true, comment: true })
  .extend({ access_key: z.string().trim().max(64) });
export const depositOverride = z.object({
  deposit_minor: amountMinor,
  version: z.number().int().positive(),
  comment: z.string().trim().min(1).max(500),
  access_key: approverAccessKey,
});

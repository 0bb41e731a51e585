import { z } from 'zod';
import { pageQuery } from './page.ts';

export const billingFrequencies = ['weekly', 'biweekly', 'monthly'] as const;

/** 'Start Auto Billing / Edit Auto Billing': how often, from when, and on or off. */
export const autoBillingInput = z.object({
  frequency: z.enum(billingFrequencies),
  next_invoice_date: z.iso.date(),
  active: z.boolean().default(true),
});

/** The columns of active-recurring-orders (spec section 3) the server sorts by. */
export const recurringSortFields = [
  'order_number',
  'customer',
  'email',
  'issued_invoice_count',
  'total_invoiced_minor',
  'plan_start',
  'actual_start',
  'plan_finish',
  'next_invoice_date',
] as const;
export type RecurringSortField = (typeof recurringSortFields)[number];

export const recurringOrderListQuery = pageQuery({
  sort: { fields: recurringSortFields, default: 'next_invoice_date' },
});
export type RecurringOrderListQuery = z.infer<typeof recurringOrderListQuery>;

/** A rent order's plan as the 'Start / Edit Auto Billing' modal reads it; null when billing never started. */
export const autoBillingPlan = z.object({
  order_id: z.number(),
  frequency: z.enum(billingFrequencies),
  next_invoice_date: z.string(),
  active: z.boolean(),
  issued_invoice_count: z.number().int(),
});
export type AutoBillingPlan = z.infer<typeof autoBillingPlan>;

export const recurringOrderRow = z.object({
  order_id: z.number(),
  order_number: z.number(),
  customer: z.string().nullable(),
  email: z.string().nullable(),
  issued_invoice_count: z.number().int(),
  total_invoiced_minor: z.number().int(),
  plan_start: z.string().nullable(),
  actual_start: z.string().nullable(),
  plan_finish: z.string().nullable(),
  next_invoice_date: z.string(),
  frequency: z.enum(billingFrequencies),
  active: z.boolean(),
});
export type RecurringOrderRow = z.infer<typeof recurringOrderRow>;

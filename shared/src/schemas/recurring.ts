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
export interface AutoBillingPlan {
  order_id: number;
  frequency: (typeof billingFrequencies)[number];
  next_invoice_date: string;
  active: boolean;
  issued_invoice_count: number;
}

export interface RecurringOrderRow {
  order_id: number;
  order_number: number;
  customer: string | null;
  email: string | null;
  issued_invoice_count: number;
  total_invoiced_minor: number;
  plan_start: string | null;
  actual_start: string | null;
  plan_finish: string | null;
  next_invoice_date: string;
  frequency: (typeof billingFrequencies)[number];
  active: boolean;
}

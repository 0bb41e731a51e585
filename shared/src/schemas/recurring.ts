import { z } from 'zod';

export const billingFrequencies = ['weekly', 'biweekly', 'monthly'] as const;

/** 'Start Auto Billing / Edit Auto Billing': how often, from when, and on or off. */
export const autoBillingInput = z.object({
  frequency: z.enum(billingFrequencies),
  next_invoice_date: z.iso.date(),
  active: z.boolean().default(true),
});

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

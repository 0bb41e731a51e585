import { z } from 'zod';
import { paymentMethods } from './money.ts';

/** A payment as the order's money panel lists it. */
export const orderPaymentRow = z.object({
  id: z.number(),
  method: z.enum(paymentMethods),
  amount_minor: z.number(),
  tendered_minor: z.number().nullable(),
  change_minor: z.number(),
  refunded_minor: z.number(),
  reference: z.string().nullable(),
  created_at: z.string(),
  created_by: z.string().nullable(),
});
export type OrderPaymentRow = z.infer<typeof orderPaymentRow>;

/** A payment as GET/POST /api/nine/payments answer it: what its receipt ('Print Payment') shows. */
export const paymentView = orderPaymentRow.extend({
  order_id: z.number(),
  order_number: z.number(),
  order_type: z.string(),
  invoice_id: z.number().nullable(),
  customer: z.string().nullable(),
  order_total_minor: z.number(),
  order_paid_minor: z.number(),
  order_balance_minor: z.number(),
  order_status: z.string(),
  register: z.string().nullable(),
});
export type PaymentView = z.infer<typeof paymentView>;

export const depositMovementRow = z.object({
  id: z.number(),
  kind: z.enum(['held', 'claimed', 'returned']),
  method: z.enum(paymentMethods),
  amount_minor: z.number(),
  reason: z.string().nullable(),
  created_at: z.string(),
  created_by: z.string().nullable(),
});
export type DepositMovementRow = z.infer<typeof depositMovementRow>;

/** The settings that decide which methods and refunds the counter may offer. */
export const paymentRules = z.object({
  allow_staff_credit_card_entry: z.boolean(),
  accept_external_payments: z.boolean(),
  has_pay_and_balance_forward: z.boolean(),
  confirm_change_return: z.boolean(),
  process_external_refunds: z.boolean(),
  refund_level1_minor: z.number(),
  refund_level2_minor: z.number(),
  multi_register: z.boolean(),
  current_cash_register: z.number().nullable(),
});
export type PaymentRules = z.infer<typeof paymentRules>;

/** GET /api/nine/orders/:id/money: every figure derived from payments, refunds and deposit movements. */
export const orderMoney = z.object({
  order_id: z.number(),
  order_type: z.string(),
  order_version: z.number(),
  order_status: z.string(),
  total_minor: z.number(),
  paid_minor: z.number(),
  balance_minor: z.number(),
  deposit_required_minor: z.number(),
  deposit_held_minor: z.number(),
  deposit_in_custody: z.boolean(),
  customer_credit_minor: z.number(),
  /** Refunded on the order without an approver, and without a manager: the L1/L2 levels bound these totals. */
  refunds_unapproved_minor: z.number(),
  refunds_below_level2_minor: z.number(),
  payments: z.array(orderPaymentRow),
  deposits: z.array(depositMovementRow),
  rules: paymentRules,
});
export type OrderMoney = z.infer<typeof orderMoney>;

export const registerSession = z.object({
  id: z.number(),
  opened_at: z.string(),
  opened_by: z.string(),
  float_minor: z.number(),
  cash_sales_minor: z.number(),
  cash_refunds_minor: z.number(),
  /** Security deposits collected and given back in cash through this session. */
  cash_deposits_held_minor: z.number(),
  cash_deposits_returned_minor: z.number(),
  cash_in_minor: z.number(),
  cash_out_minor: z.number(),
  expected_minor: z.number(),
});
export type RegisterSession = z.infer<typeof registerSession>;

/** A cash register with its open session (null when closed); expected cash is derived, never stored. */
export const cashRegisterState = z.object({
  id: z.number(),
  name: z.string(),
  header_title: z.string().nullable(),
  default_terminal: z.string().nullable(),
  /** A retired register takes no session and is listed only on request (Location settings). */
  is_active: z.boolean(),
  version: z.number(),
  session: registerSession.nullable(),
});
export type CashRegisterState = z.infer<typeof cashRegisterState>;

export const registerCloseOutcome = z.object({
  expected_minor: z.number(),
  counted_minor: z.number(),
  difference_minor: z.number(),
});
export type RegisterCloseOutcome = z.infer<typeof registerCloseOutcome>;

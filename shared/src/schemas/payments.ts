import type { PaymentMethod } from './money.ts';

/** A payment as GET/POST /api/nine/payments answer it: what its receipt ('Print Payment') shows. */
export interface PaymentView {
  id: number;
  order_id: number;
  order_number: number;
  order_type: string;
  invoice_id: number | null;
  method: PaymentMethod;
  amount_minor: number;
  tendered_minor: number | null;
  change_minor: number;
  refunded_minor: number;
  reference: string | null;
  created_at: string;
  created_by: string | null;
  customer: string | null;
  order_total_minor: number;
  order_paid_minor: number;
  order_balance_minor: number;
  order_status: string;
  register: string | null;
}

export interface OrderPaymentRow {
  id: number;
  method: PaymentMethod;
  amount_minor: number;
  tendered_minor: number | null;
  change_minor: number;
  refunded_minor: number;
  reference: string | null;
  created_at: string;
  created_by: string | null;
}

export interface DepositMovementRow {
  id: number;
  kind: 'held' | 'claimed' | 'returned';
  method: PaymentMethod;
  amount_minor: number;
  reason: string | null;
  created_at: string;
  created_by: string | null;
}

/** The settings that decide which methods and refunds the counter may offer. */
export interface PaymentRules {
  allow_staff_credit_card_entry: boolean;
  accept_external_payments: boolean;
  has_pay_and_balance_forward: boolean;
  confirm_change_return: boolean;
  process_external_refunds: boolean;
  refund_level1_minor: number;
  refund_level2_minor: number;
  multi_register: boolean;
  current_cash_register: number | null;
}

/** GET /api/nine/orders/:id/money: every figure derived from payments, refunds and deposit movements. */
export interface OrderMoney {
  order_id: number;
  order_type: string;
  order_version: number;
  order_status: string;
  total_minor: number;
  paid_minor: number;
  balance_minor: number;
  deposit_required_minor: number;
  deposit_held_minor: number;
  deposit_in_custody: boolean;
  customer_credit_minor: number;
  /** Refunded on the order without an approver, and without a manager: the L1/L2 levels bound these totals. */
  refunds_unapproved_minor: number;
  refunds_below_level2_minor: number;
  payments: OrderPaymentRow[];
  deposits: DepositMovementRow[];
  rules: PaymentRules;
}

export interface RegisterSession {
  id: number;
  opened_at: string;
  opened_by: string;
  float_minor: number;
  cash_sales_minor: number;
  cash_refunds_minor: number;
  /** Security deposits collected and given back in cash through this session. */
  cash_deposits_held_minor: number;
  cash_deposits_returned_minor: number;
  cash_in_minor: number;
  cash_out_minor: number;
  expected_minor: number;
}

/** A cash register with its open session (null when closed); expected cash is derived, never stored. */
export interface CashRegisterState {
  id: number;
  name: string;
  header_title: string | null;
  default_terminal: string | null;
  session: RegisterSession | null;
}

export interface RegisterCloseOutcome {
  expected_minor: number;
  counted_minor: number;
  difference_minor: number;
}

import { z } from 'zod';
import { approverAccessKey } from './auth.ts';
import { depositMove, depositOverride, paymentCreate, refundCreate } from './money.ts';

/*
 * The payment dialogs' forms, cut from the bodies their endpoints parse. Their bounds come from the order's
 * live state (what is left to refund, the approval levels), so each is a factory the dialog calls with it.
 */

/** What the order already refunded without an approver, and without a manager (the levels bound totals). */
export interface RefundedSoFar {
  unapprovedMinor: number;
  belowLevel2Minor: number;
}

export interface RefundLevels {
  refund_level1_minor: number;
  refund_level2_minor: number;
}

/**
 * Which approver a refund of this amount needs, counting what the order already refunded: none while the
 * unapproved total stays within L1, a refund approver within L2, a manager above. The server decides the same.
 */
export function refundLevel(
  amountMinor: number,
  levels: RefundLevels,
  soFar: RefundedSoFar = { unapprovedMinor: 0, belowLevel2Minor: 0 },
): 0 | 1 | 2 {
  if (soFar.belowLevel2Minor + amountMinor > levels.refund_level2_minor) return 2;
  if (soFar.unapprovedMinor + amountMinor > levels.refund_level1_minor) return 1;
  return 0;
}

export interface RefundBounds {
  /** What is left to refund of the payment. */
  refundableMinor: number;
  levels: RefundLevels;
  soFar?: RefundedSoFar;
  /** The clerk may not refund: an approver's key is asked for whatever the amount. */
  approverRequired?: boolean;
}

/**
 * Refund a payment: the amount (at most what is left, token `exceeds_refundable`), the reason, and the
 * approver's key when the amount or the clerk needs one (token `key_required`); the key is left out of the
 * body otherwise.
 */
export const refundForm = ({ refundableMinor, levels, soFar, approverRequired = false }: RefundBounds) =>
  z
    .object({
      amount_minor: refundCreate.shape.amount_minor.refine(
        (minor) => minor <= refundableMinor,
        'exceeds_refundable',
      ),
      reason: refundCreate.shape.reason,
      access_key: z.string(),
    })
    .superRefine((form, ctx) => {
      // The key is asked for once the amount stands (its level depends on it).
      if (form.amount_minor > refundableMinor) return;
      if (needsApprover(form.amount_minor, { levels, soFar, approverRequired }) && !validKey(form.access_key))
        ctx.addIssue({ code: 'custom', path: ['access_key'], message: 'key_required' });
    })
    .transform(({ access_key, ...refund }) =>
      needsApprover(refund.amount_minor, { levels, soFar, approverRequired })
        ? { ...refund, access_key }
        : refund,
    );

const validKey = (key: string) => approverAccessKey.safeParse(key).success;

/** Whether a refund of this amount asks for an approver's key. */
export function needsApprover(
  amountMinor: number,
  { levels, soFar, approverRequired = false }: Omit<RefundBounds, 'refundableMinor'>,
): boolean {
  return approverRequired || refundLevel(amountMinor, levels, soFar) > 0;
}

const payment = paymentCreate.shape;

/**
 * One part of a payment: the amount, the cash handed over (at least the amount, token `tendered_short`),
 * and the reference a card part needs (token `card_reference_required`).
 */
export const tenderForm = z
  .object({
    method: payment.method,
    amount_minor: payment.amount_minor,
    tendered_minor: payment.tendered_minor.unwrap().nullable(),
    reference: z.string(),
  })
  .superRefine((tender, ctx) => {
    if (
      tender.method === 'cash' &&
      tender.tendered_minor !== null &&
      tender.tendered_minor < tender.amount_minor
    )
      ctx.addIssue({ code: 'custom', path: ['tendered_minor'], message: 'tendered_short' });
    if (tender.method === 'card' && !payment.reference.unwrap().min(1).safeParse(tender.reference).success)
      ctx.addIssue({ code: 'custom', path: ['reference'], message: 'card_reference_required' });
  });

export interface TakePaymentBounds {
  balanceMinor: number;
  creditMinor: number;
  /** Paying beyond the balance keeps the rest as account credit; without it the parts stop at the balance. */
  payAndBalanceForward: boolean;
}

/**
 * Take a payment, possibly split into parts: together at most the balance unless the rest goes forward as
 * credit (token `exceeds_balance`), and the account-credit parts at most the customer's credit
 * (`exceeds_credit`), both on `tenders`.
 */
export const takePaymentForm = ({ balanceMinor, creditMinor, payAndBalanceForward }: TakePaymentBounds) =>
  z.object({ tenders: z.array(tenderForm).min(1) }).superRefine(({ tenders }, ctx) => {
    const total = tenders.reduce((sum, tender) => sum + tender.amount_minor, 0);
    const credit = tenders
      .filter((tender) => tender.method === 'account_credit')
      .reduce((sum, tender) => sum + tender.amount_minor, 0);
    if (total > balanceMinor && !payAndBalanceForward)
      ctx.addIssue({ code: 'custom', path: ['tenders'], message: 'exceeds_balance' });
    else if (credit > creditMinor)
      ctx.addIssue({ code: 'custom', path: ['tenders'], message: 'exceeds_credit' });
  });

const move = depositMove.shape;
const override = depositOverride.shape;
// What every deposit action holds: the deposit held (not typed: the bound of a claim or a return, kept in
// the values so a refetched order moves it), and the fields the other actions use.
const depositFields = z.object({
  held_minor: z.number(),
  method: move.method,
  reason: z.string(),
  access_key: z.string(),
});
const withinHeld = <T extends { amount_minor: number; held_minor: number }>(deposit: T) =>
  deposit.amount_minor <= deposit.held_minor;
const aboveHeld = { path: ['amount_minor'], message: 'exceeds_deposit_held' };

/**
 * The deposit panel's form, one action at a time: collect, claim (at most what is held, with a reason),
 * return (at most what is held), or override the required amount (a comment and an approver's key).
 */
export const depositForm = z.discriminatedUnion('move', [
  depositFields.extend({ move: z.literal('held'), amount_minor: move.amount_minor }),
  depositFields
    .extend({ move: z.literal('claimed'), amount_minor: move.amount_minor, reason: move.reason.unwrap() })
    .refine(withinHeld, aboveHeld),
  depositFields
    .extend({ move: z.literal('returned'), amount_minor: move.amount_minor })
    .refine(withinHeld, aboveHeld),
  depositFields.extend({
    move: z.literal('override'),
    amount_minor: override.deposit_minor,
    reason: override.comment,
    access_key: override.access_key,
  }),
]);
export type DepositForm = z.infer<typeof depositForm>;

/** Cash at the counter for the whole balance: what the customer hands over covers it (`tendered_short`). */
export const cashTenderForm = (balanceMinor: number) =>
  z.object({
    tendered_minor: payment.tendered_minor
      .unwrap()
      .refine((minor) => minor >= balanceMinor, 'tendered_short'),
  });

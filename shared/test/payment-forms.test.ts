import { describe, expect, it } from 'vitest';
import { depositForm, refundForm, refundLevel, takePaymentForm } from '../src/schemas/payment-forms.ts';

const levels = { refund_level1_minor: 1000, refund_level2_minor: 5000 };

describe('the refund form, bounded by the payment and the order it refunds', () => {
  it('refuses more than is left to refund, and an empty or zero amount', () => {
    const form = refundForm({ refundableMinor: 12000, levels });
    const over = form.safeParse({ amount_minor: 12001, reason: 'Late', access_key: '' });
    expect(over.error?.issues).toEqual([
      expect.objectContaining({ path: ['amount_minor'], message: 'exceeds_refundable' }),
    ]);
    expect(form.safeParse({ amount_minor: null, reason: 'Late', access_key: '' }).success).toBe(false);
    expect(form.safeParse({ amount_minor: 0, reason: 'Late', access_key: '' }).success).toBe(false);
  });

  it('asks for a key past L1 counting what the order already refunded, and sends it only then', () => {
    const form = refundForm({
      refundableMinor: 12000,
      levels,
      soFar: { unapprovedMinor: 800, belowLevel2Minor: 800 },
    });
    expect(form.parse({ amount_minor: 200, reason: ' Late ', access_key: 'x' })).toEqual({
      amount_minor: 200,
      reason: 'Late',
    });
    const issue = form.safeParse({ amount_minor: 500, reason: 'Late', access_key: '' }).error?.issues[0];
    expect(issue).toMatchObject({ path: ['access_key'], message: 'key_required' });
    expect(form.parse({ amount_minor: 500, reason: 'Late', access_key: '1234' })).toEqual({
      amount_minor: 500,
      reason: 'Late',
      access_key: '1234',
    });
  });

  it('asks a clerk who may not refund for a key whatever the amount', () => {
    const form = refundForm({ refundableMinor: 12000, levels, approverRequired: true });
    expect(form.safeParse({ amount_minor: 1, reason: 'Late', access_key: '' }).success).toBe(false);
  });

  it('names the level: none within L1, a refund approver within L2, a manager above', () => {
    expect(refundLevel(1000, levels)).toBe(0);
    expect(refundLevel(1001, levels)).toBe(1);
    expect(refundLevel(4000, levels, { unapprovedMinor: 0, belowLevel2Minor: 1001 })).toBe(2);
  });
});

describe("the take-payment form, bounded by the balance and the customer's credit", () => {
  const cash = (amount: number, tendered: number | null = null) => ({
    method: 'cash' as const,
    amount_minor: amount,
    tendered_minor: tendered,
    reference: '',
  });
  const bounds = { balanceMinor: 2598, creditMinor: 500, payAndBalanceForward: false };

  it('refuses cash handed over below the part, and a card part without its reference', () => {
    const form = takePaymentForm(bounds);
    const issues = form.safeParse({
      tenders: [
        cash(1000, 900),
        { method: 'card', amount_minor: 1598, tendered_minor: null, reference: ' ' },
      ],
    }).error?.issues;
    expect(issues?.map((i) => [i.path, i.message])).toEqual([
      [['tenders', 0, 'tendered_minor'], 'tendered_short'],
      [['tenders', 1, 'reference'], 'card_reference_required'],
    ]);
    expect(form.parse({ tenders: [cash(2598, 3000)] }).tenders).toEqual([cash(2598, 3000)]);
  });

  it('refuses parts above the balance unless the rest goes forward as credit', () => {
    const over = { tenders: [cash(2000), cash(1000)] };
    expect(takePaymentForm(bounds).safeParse(over).error?.issues[0]).toMatchObject({
      path: ['tenders'],
      message: 'exceeds_balance',
    });
    expect(takePaymentForm({ ...bounds, payAndBalanceForward: true }).safeParse(over).success).toBe(true);
  });

  it('refuses more account credit than the customer has', () => {
    const credit = {
      method: 'account_credit' as const,
      amount_minor: 600,
      tendered_minor: null,
      reference: '',
    };
    expect(takePaymentForm(bounds).safeParse({ tenders: [credit] }).error?.issues[0]?.message).toBe(
      'exceeds_credit',
    );
  });
});

describe('the deposit form, one action at a time', () => {
  const values = { held_minor: 20000, method: 'cash', reason: '', access_key: '' };

  it('claims or returns at most what is held, a claim with its reason', () => {
    const claim = depositForm.safeParse({ ...values, move: 'claimed', amount_minor: 25000 });
    expect(claim.error?.issues.map((i) => [i.path, i.message])).toEqual(
      expect.arrayContaining([[['amount_minor'], 'exceeds_deposit_held']]),
    );
    expect(claim.error?.issues.some((i) => i.path[0] === 'reason')).toBe(true);
    expect(depositForm.safeParse({ ...values, move: 'returned', amount_minor: 20001 }).success).toBe(false);
    expect(depositForm.safeParse({ ...values, move: 'held', amount_minor: 30000 }).success).toBe(true);
  });

  it('overrides the required deposit, zero included, only with a comment and an approver key', () => {
    const override = { ...values, move: 'override', amount_minor: 0, reason: 'Regular' };
    expect(depositForm.safeParse(override).error?.issues[0]?.path).toEqual(['access_key']);
    expect(depositForm.parse({ ...override, access_key: '1234' })).toMatchObject({
      move: 'override',
      amount_minor: 0,
      reason: 'Regular',
      access_key: '1234',
    });
  });
});

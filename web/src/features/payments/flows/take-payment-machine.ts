import { assign, fromPromise, setup } from 'xstate';
import type { PaymentCreate, PaymentMethod } from '@nine/shared/schemas/money';
import type { PaymentView } from '@nine/shared/schemas/payments';
import { newIdempotencyKey } from '../../../lib/random-id.ts';

/** One part of a payment: a split pays several in one go (part cash, part card). */
export interface Tender {
  method: PaymentMethod;
  amountMinor: number;
  /** Cash handed over (cash only); the change is tendered − amount. */
  tenderedMinor: number | null;
  /** Card: last 4 digits or the terminal's reference; external: the provider's reference. */
  reference: string;
  /** The customer keeps what is paid beyond the balance as account credit (pay and balance forward). */
  keepCredit?: boolean;
}

export interface TakePaymentContext {
  orderId: number;
  cashRegisterId: number | null;
  tenders: Tender[];
  /** One Idempotency-Key per tender attempt, kept for its retry so a lost answer never pays twice. */
  keys: string[];
  /** Payments already taken, in tender order: a failed split resumes after them. */
  paid: PaymentView[];
  error: unknown;
  newKey: () => string;
}

export type TakePaymentEvent = { type: 'SUBMIT'; tenders: Tender[] } | { type: 'RETRY' } | { type: 'EDIT' };

export interface TakePaymentInput {
  orderId: number;
  cashRegisterId: number | null;
  newKey?: () => string;
}

export function paymentBody(context: Pick<TakePaymentContext, 'orderId' | 'cashRegisterId'>, tender: Tender) {
  const body: PaymentCreate = {
    order_id: context.orderId,
    method: tender.method,
    amount_minor: tender.amountMinor,
  };
  // What was handed over, even the exact amount: the receipt prints it as "Cash received".
  if (tender.method === 'cash' && tender.tenderedMinor !== null && tender.tenderedMinor >= tender.amountMinor)
    body.tendered_minor = tender.tenderedMinor;
  if (tender.method !== 'cash' && tender.reference.trim() !== '') body.reference = tender.reference.trim();
  if (context.cashRegisterId !== null) body.cash_register_id = context.cashRegisterId;
  if (tender.keepCredit) body.keep_credit = true;
  return body;
}

/**
 * Taking a payment, possibly split: each tender is posted in turn with its own key. A failure stops the
 * flow with what was already taken kept; a retry resends the failed tender with the same key, and
 * editing only changes the tenders not yet taken.
 */
export const takePaymentMachine = setup({
  types: {
    context: {} as TakePaymentContext,
    events: {} as TakePaymentEvent,
    input: {} as TakePaymentInput,
  },
  actors: {
    pay: fromPromise<PaymentView, { body: PaymentCreate; key: string }>(() => {
      throw new Error('provide the pay actor');
    }),
  },
  guards: {
    moreToPay: ({ context }) => context.paid.length < context.tenders.length,
    hasTenders: ({ event }) => event.type === 'SUBMIT' && event.tenders.length > 0,
  },
}).createMachine({
  id: 'takePayment',
  context: ({ input }) => ({
    orderId: input.orderId,
    cashRegisterId: input.cashRegisterId,
    tenders: [],
    keys: [],
    paid: [],
    error: null,
    newKey: input.newKey ?? (() => newIdempotencyKey()),
  }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        SUBMIT: {
          guard: 'hasTenders',
          target: 'paying',
          actions: assign(({ context, event }) => {
            // Tenders already taken stay as they were; the rest are new attempts with new keys.
            const taken = context.tenders.slice(0, context.paid.length);
            const rest = event.tenders.slice(context.paid.length);
            return {
              tenders: [...taken, ...rest],
              keys: [...context.keys.slice(0, context.paid.length), ...rest.map(() => context.newKey())],
              error: null,
            };
          }),
        },
      },
    },
    paying: {
      invoke: {
        src: 'pay',
        input: ({ context }) => ({
          body: paymentBody(context, context.tenders[context.paid.length]!),
          key: context.keys[context.paid.length]!,
        }),
        onDone: {
          target: 'next',
          actions: assign({ paid: ({ context, event }) => [...context.paid, event.output] }),
        },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => event.error }) },
      },
    },
    next: {
      always: [{ guard: 'moreToPay', target: 'paying' }, { target: 'done' }],
    },
    failed: {
      on: {
        RETRY: { target: 'paying', actions: assign({ error: null }) },
        EDIT: { target: 'editing' },
      },
    },
    done: { type: 'final' },
  },
});

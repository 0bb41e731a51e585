import { assign, fromPromise, setup } from 'xstate';
import type { KioskProduct } from '@nine/shared/schemas/kiosk';
import { newIdempotencyKey } from '../../lib/random-id.ts';

/** The kiosk starts over after this long untouched (app/pages/kiosk-page.tsx). */
export const KIOSK_IDLE_SECONDS = 90;

/** A rental from now (the next whole minute) for `days` days, as the order API takes it. */
export function rentalPeriod(days: number, now: Date): { planned_start: string; planned_finish: string } {
  const start = new Date(Math.ceil(now.getTime() / 60_000) * 60_000);
  return {
    planned_start: start.toISOString(),
    planned_finish: new Date(start.getTime() + days * 86_400_000).toISOString(),
  };
}

export interface KioskCustomerDetails {
  first_name: string;
  last_name: string;
  phone: string;
}

/** The order the kiosk made: enough to tell the customer and print the receipt. */
export interface KioskOrder {
  id: number;
  number: number;
}

export interface KioskRentRequest {
  product: KioskProduct;
  days: number;
  customer: KioskCustomerDetails;
  /** Made once per attempt: a retry after a lost answer cannot make two orders. */
  idempotencyKey: string;
}

interface KioskContext {
  product: KioskProduct | null;
  days: number | null;
  /** The server's quote for the chosen days, shown as the price. */
  totalMinor: number | null;
  customer: KioskCustomerDetails | null;
  idempotencyKey: string | null;
  order: KioskOrder | null;
  error: unknown;
}

/**
 * The customer's way through the kiosk: a product, how long, their name and phone, then the order is made
 * (the `rent` actor, given by the screen) and the kiosk says to pay at the counter.
 */
export const kioskRentalMachine = setup({
  types: {
    context: {} as KioskContext,
    events: {} as
      | { type: 'PICK'; product: KioskProduct }
      | { type: 'DAYS'; days: number; totalMinor: number }
      | { type: 'SUBMIT'; customer: KioskCustomerDetails }
      | { type: 'BACK' },
  },
  actors: {
    rent: fromPromise<KioskOrder, KioskRentRequest>(() => Promise.reject(new Error('no rent actor given'))),
  },
}).createMachine({
  id: 'kioskRental',
  initial: 'products',
  context: {
    product: null,
    days: null,
    totalMinor: null,
    customer: null,
    idempotencyKey: null,
    order: null,
    error: null,
  },
  states: {
    products: {
      on: { PICK: { target: 'period', actions: assign({ product: ({ event }) => event.product }) } },
    },
    period: {
      on: {
        DAYS: {
          target: 'details',
          actions: assign({ days: ({ event }) => event.days, totalMinor: ({ event }) => event.totalMinor }),
        },
        BACK: 'products',
      },
    },
    details: {
      entry: assign({ idempotencyKey: () => newIdempotencyKey(), error: null }),
      on: {
        SUBMIT: { target: 'renting', actions: assign({ customer: ({ event }) => event.customer }) },
        BACK: 'period',
      },
    },
    renting: {
      invoke: {
        src: 'rent',
        input: ({ context }) => ({
          product: context.product!,
          days: context.days!,
          customer: context.customer!,
          idempotencyKey: context.idempotencyKey!,
        }),
        onDone: { target: 'done', actions: assign({ order: ({ event }) => event.output }) },
        // The same key on the next try: the server answers the order it made, if it made one.
        onError: { target: 'failed', actions: assign({ error: ({ event }) => event.error }) },
      },
    },
    failed: {
      on: {
        SUBMIT: {
          target: 'renting',
          // Other details make another order: a new key, else the server would refuse the reused one.
          actions: assign(({ context, event }) => ({
            customer: event.customer,
            idempotencyKey:
              JSON.stringify(context.customer) === JSON.stringify(event.customer)
                ? context.idempotencyKey
                : newIdempotencyKey(),
          })),
        },
        BACK: 'details',
      },
    },
    done: { type: 'final' },
  },
});

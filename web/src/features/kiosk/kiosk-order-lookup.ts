import { assign, fromPromise, setup } from 'xstate';
import type { KioskOrderLookup, KioskOrderSignRequest, KioskOrderSummary } from '@nine/shared/schemas/kiosk';

interface LookupContext {
  lookup: KioskOrderLookup | null;
  order: KioskOrderSummary | null;
  error: unknown;
}

/**
 * "Find my order" at the kiosk: the number and phone or e-mail are looked up (`find`), the order shown, and
 * signed (`sign`, which sends the same lookup, so the server checks it again). The screen gives the actors.
 */
export const kioskOrderLookupMachine = setup({
  types: {
    context: {} as LookupContext,
    events: {} as
      | { type: 'FIND'; lookup: KioskOrderLookup }
      | { type: 'SIGN'; signature: KioskOrderSignRequest['signature'] }
      | { type: 'BACK' },
  },
  actors: {
    find: fromPromise<KioskOrderSummary, KioskOrderLookup>(() =>
      Promise.reject(new Error('no find actor given')),
    ),
    sign: fromPromise<KioskOrderSummary, KioskOrderSignRequest>(() =>
      Promise.reject(new Error('no sign actor given')),
    ),
  },
}).createMachine({
  id: 'kioskOrderLookup',
  initial: 'lookup',
  context: { lookup: null, order: null, error: null },
  states: {
    lookup: {
      on: {
        FIND: { target: 'finding', actions: assign({ lookup: ({ event }) => event.lookup, error: null }) },
      },
    },
    finding: {
      invoke: {
        src: 'find',
        input: ({ context }) => context.lookup!,
        onDone: { target: 'found', actions: assign({ order: ({ event }) => event.output }) },
        onError: { target: 'lookup', actions: assign({ error: ({ event }) => event.error }) },
      },
    },
    found: {
      on: {
        SIGN: 'signing',
        BACK: { target: 'lookup', actions: assign({ order: null, error: null }) },
      },
    },
    signing: {
      entry: assign({ error: null }),
      invoke: {
        src: 'sign',
        input: ({ context, event }) => ({
          lookup: context.lookup!,
          signature: (event as { type: 'SIGN'; signature: KioskOrderSignRequest['signature'] }).signature,
        }),
        onDone: { target: 'signed', actions: assign({ order: ({ event }) => event.output }) },
        onError: { target: 'found', actions: assign({ error: ({ event }) => event.error }) },
      },
    },
    signed: { type: 'final' },
  },
});

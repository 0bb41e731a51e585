import { assign, fromPromise, setup } from 'xstate';
import { errorCatalogue } from '@nine/shared/errors';
import { orderPeriodForm } from '@nine/shared/schemas/order-forms';
import type { RentOrderCreateBody } from '../api/create-rent-order.ts';
import type { OrderDetail } from '../api/get-order.ts';
import type { CatalogueMatch, CatalogueMatches } from '../api/lookup-catalogue.ts';
import type { RentQuote, RentQuoteBody } from '../api/quote-rent-order.ts';
import type { CustomerMatch } from '../api/search-customers.ts';
import { addMatch, setQuantity, type DraftLine } from './draft-lines.ts';
import {
  failedLookup,
  messageOf,
  missedLookup,
  oneMatch,
  refusedRecords,
  respCodeOf,
  type MissedLookup,
} from './lookup-answer.ts';
import { newIdempotencyKey } from '../../../lib/random-id.ts';

export const createSteps = ['customer', 'period', 'items', 'review'] as const;
export type CreateStep = (typeof createSteps)[number];

export type LookupState =
  | { status: 'idle' }
  | { status: 'looking'; code: string }
  | MissedLookup
  | { status: 'already_added'; code: string; label: string }
  | { status: 'failed'; code: string; message: string };

/** An unavailable-item record of a 1207/1208 answer. */
export interface UnavailableRecord {
  product_sku?: string;
  product_category?: string;
  item_id?: number;
}

export interface CreateOrderContext {
  customer: CustomerMatch | null;
  /** ISO instants. */
  start: string | null;
  finish: string | null;
  lines: DraftLine[];
  status: 'pending' | 'confirmed';
  staffNote: string;
  customerNote: string;
  ccSkipped: boolean;
  lookup: LookupState;
  quote: RentQuote | null;
  /** Made once per create attempt, sent again on a retry, dropped as soon as the draft changes. */
  idempotencyKey: string | null;
  unavailable: UnavailableRecord[];
  error: string | null;
  created: OrderDetail | null;
  newKey: () => string;
}

export type CreateOrderEvent =
  | { type: 'CHOOSE_CUSTOMER'; customer: CustomerMatch }
  | { type: 'CLEAR_CUSTOMER' }
  | { type: 'SET_PERIOD'; start: string | null; finish: string | null }
  | { type: 'SCAN'; code: string }
  | { type: 'ADD_MATCH'; match: CatalogueMatch }
  | { type: 'REMOVE_LINE'; key: string }
  | { type: 'SET_QUANTITY'; key: string; quantity: number }
  | {
      type: 'SET_DETAILS';
      status?: 'pending' | 'confirmed';
      staffNote?: string;
      customerNote?: string;
      ccSkipped?: boolean;
    }
  | { type: 'NEXT' }
  | { type: 'BACK' }
  | { type: 'SUBMIT' }
  | { type: 'RETRY' }
  | { type: 'EDIT' }
  | { type: 'START_OVER' };

export interface CreateOrderInput {
  /** A fresh idempotency key; lib/random-id.ts by default. */
  newKey?: () => string;
}

/** The period as the create checks it (the shared rule; the wizard's period form hands it over checked). */
const periodValid = (context: Pick<CreateOrderContext, 'start' | 'finish'>): boolean =>
  orderPeriodForm.safeParse({ planned_start: context.start, planned_finish: context.finish }).success;

type Details = Pick<CreateOrderContext, 'status' | 'staffNote' | 'customerNote' | 'ccSkipped'>;
const sameDetails = (a: Details, b: Details) =>
  a.status === b.status &&
  a.staffNote === b.staffNote &&
  a.customerNote === b.customerNote &&
  a.ccSkipped === b.ccSkipped;

/** The create call's body from the draft. */
export function createBody(context: CreateOrderContext): RentOrderCreateBody {
  const body: RentOrderCreateBody = {
    customer_id: context.customer!.id,
    planned_start: context.start!,
    planned_finish: context.finish!,
    status: context.status,
    items: context.lines.map((line) =>
      line.match.kind === 'item' && line.match.item_id !== null
        ? { item_id: line.match.item_id }
        : { product_id: line.match.product_id, quantity: line.quantity },
    ),
    cc_skipped: context.ccSkipped,
  };
  if (context.staffNote.trim() !== '') body.staff_note = context.staffNote.trim();
  if (context.customerNote.trim() !== '') body.customer_note = context.customerNote.trim();
  return body;
}

export function quoteBody(context: CreateOrderContext): RentQuoteBody {
  const body = createBody(context);
  return { planned_start: body.planned_start, planned_finish: body.planned_finish, items: body.items };
}

/** Marks lines by the quote's availability (the quote answers lines in the order asked). */
function withQuote(lines: DraftLine[], quote: RentQuote): DraftLine[] {
  return lines.map((line, index) => ({ ...line, available: quote.lines[index]?.available ?? null }));
}

/** Marks lines named by a 1207/1208 as unavailable. */
function withUnavailable(lines: DraftLine[], records: UnavailableRecord[]): DraftLine[] {
  return lines.map((line) => {
    const hit = records.some(
      (r) =>
        (r.item_id !== undefined && r.item_id === line.match.item_id) ||
        (r.item_id === undefined && r.product_sku !== undefined && r.product_sku === line.match.product_sku),
    );
    return hit ? { ...line, available: false } : line;
  });
}

/** The unavailable records of a 1207/1208. */
function unavailableRecords(error: unknown): UnavailableRecord[] {
  return refusedRecords(error).map((r) => ({
    ...(typeof r.product_sku === 'string' ? { product_sku: r.product_sku } : {}),
    ...(typeof r.product_category === 'string' ? { product_category: r.product_category } : {}),
    ...(typeof r.item_id === 'number' ? { item_id: r.item_id } : {}),
  }));
}

const conflictCodes = [
  errorCatalogue.itemsUnavailable.code,
  errorCatalogue.productsUnavailable.code,
] as const;

function emptyDraft(newKey: () => string): CreateOrderContext {
  return {
    customer: null,
    start: null,
    finish: null,
    lines: [],
    status: 'confirmed',
    staffNote: '',
    customerNote: '',
    ccSkipped: false,
    lookup: { status: 'idle' },
    quote: null,
    idempotencyKey: null,
    unavailable: [],
    error: null,
    created: null,
    newKey,
  };
}

/** Any change to what would be sent: the next attempt is a different request with a new key. */
const changed = { idempotencyKey: null, error: null } as const;

/**
 * Creating a rent order (the /create-order flow of the spec): customer, period, items by scan or search
 * with live availability and price (a quote), review, then an idempotent create. Conflicts (1207/1208)
 * send the clerk back to the items with the unavailable ones marked; other failures can be retried with
 * the same key, so a retry can never make two orders.
 */
export const createOrderMachine = setup({
  types: {} as { context: CreateOrderContext; events: CreateOrderEvent; input: CreateOrderInput },
  actors: {
    lookup: fromPromise<CatalogueMatches, { code: string }>(async () => {
      throw new Error('lookup must be provided');
    }),
    quote: fromPromise<RentQuote, RentQuoteBody>(async () => {
      throw new Error('quote must be provided');
    }),
    create: fromPromise<OrderDetail, { body: RentOrderCreateBody; key: string }>(async () => {
      throw new Error('create must be provided');
    }),
  },
  guards: {
    hasCode: ({ event }) => event.type === 'SCAN' && event.code.trim() !== '',
    hasCustomer: ({ context }) => context.customer !== null,
    periodValid: ({ context }) => periodValid(context),
    hasLines: ({ context }) => context.lines.length > 0,
    // The details come from the review form, checked there by the create's own schema.
    readyToSubmit: ({ context }) =>
      context.customer !== null && periodValid(context) && context.lines.length > 0,
  },
  actions: {
    startLookup: assign({
      lookup: ({ event }) => ({
        status: 'looking' as const,
        code: event.type === 'SCAN' ? event.code.trim() : '',
      }),
    }),
    addMatch: assign(({ context }, match: CatalogueMatch) => {
      const result = addMatch(context.lines, match);
      if (!result.added) {
        return {
          lookup: {
            status: 'already_added' as const,
            code: match.item_sku ?? match.product_sku,
            label: match.item_sku ?? match.product_name,
          },
        };
      }
      return { lines: result.lines, lookup: { status: 'idle' as const }, unavailable: [], ...changed };
    }),
  },
}).createMachine({
  id: 'createOrder',
  context: ({ input }) => emptyDraft(input.newKey ?? newIdempotencyKey),
  initial: 'customer',
  on: {
    // The same details again (submitting once more after Edit) are the same request, with its key.
    SET_DETAILS: {
      actions: assign(({ context, event }) => {
        const details: Details = {
          status: event.status ?? context.status,
          staffNote: event.staffNote ?? context.staffNote,
          customerNote: event.customerNote ?? context.customerNote,
          ccSkipped: event.ccSkipped ?? context.ccSkipped,
        };
        return sameDetails(details, context) ? {} : { ...details, ...changed };
      }),
    },
  },
  states: {
    customer: {
      on: {
        CHOOSE_CUSTOMER: { actions: assign({ customer: ({ event }) => event.customer, ...changed }) },
        CLEAR_CUSTOMER: { actions: assign({ customer: null, ...changed }) },
        NEXT: { guard: 'hasCustomer', target: 'period' },
      },
    },
    period: {
      on: {
        SET_PERIOD: {
          actions: assign(({ context, event }) =>
            event.start === context.start && event.finish === context.finish
              ? {}
              : { start: event.start, finish: event.finish, quote: null, ...changed },
          ),
        },
        NEXT: { guard: 'periodValid', target: 'items' },
        BACK: 'customer',
      },
    },
    items: {
      initial: 'quoting',
      on: {
        // Re-entering restarts the quote for the changed draft even while one is running.
        ADD_MATCH: {
          target: '.quoting',
          reenter: true,
          actions: { type: 'addMatch', params: ({ event }) => event.match },
        },
        REMOVE_LINE: {
          target: '.quoting',
          reenter: true,
          actions: assign({
            lines: ({ context, event }) => context.lines.filter((line) => line.key !== event.key),
            ...changed,
          }),
        },
        SET_QUANTITY: {
          target: '.quoting',
          reenter: true,
          actions: assign({
            lines: ({ context, event }) => setQuantity(context.lines, event.key, event.quantity),
            ...changed,
          }),
        },
        NEXT: { guard: 'hasLines', target: 'review' },
        BACK: 'period',
      },
      states: {
        // A scan starts a lookup unless one is running (the scan field waits for it).
        ready: {
          on: {
            SCAN: { guard: 'hasCode', target: 'lookingUp', actions: 'startLookup' },
          },
        },
        lookingUp: {
          invoke: {
            src: 'lookup',
            input: ({ context }) => ({
              code: context.lookup.status === 'looking' ? context.lookup.code : '',
            }),
            onDone: [
              {
                guard: oneMatch,
                target: 'quoting',
                actions: { type: 'addMatch', params: ({ event }) => event.output.matches[0]! },
              },
              {
                target: 'ready',
                actions: assign({
                  lookup: ({ context, event }) => missedLookup(codeIn(context), event.output.matches),
                }),
              },
            ],
            onError: {
              target: 'ready',
              actions: assign({ lookup: ({ context, event }) => failedLookup(codeIn(context), event.error) }),
            },
          },
        },
        quoting: {
          on: {
            SCAN: { guard: 'hasCode', target: 'lookingUp', actions: 'startLookup' },
          },
          always: { guard: ({ context }) => context.lines.length === 0, target: 'ready' },
          invoke: {
            src: 'quote',
            input: ({ context }) => quoteBody(context),
            onDone: {
              target: 'ready',
              actions: assign(({ context, event }) => ({
                quote: event.output,
                lines: withQuote(context.lines, event.output),
              })),
            },
            // The quote only informs: without it the clerk can still go on, and the create decides.
            onError: { target: 'ready', actions: assign({ quote: null }) },
          },
        },
      },
    },
    review: {
      on: {
        BACK: 'items',
        SUBMIT: { guard: 'readyToSubmit', target: 'submitting' },
      },
    },
    submitting: {
      entry: assign({
        idempotencyKey: ({ context }) => context.idempotencyKey ?? context.newKey(),
        error: null,
      }),
      invoke: {
        src: 'create',
        input: ({ context }) => ({ body: createBody(context), key: context.idempotencyKey! }),
        onDone: { target: 'done', actions: assign({ created: ({ event }) => event.output }) },
        onError: [
          {
            guard: ({ event }) =>
              (conflictCodes as readonly (number | null)[]).includes(respCodeOf(event.error)),
            target: 'items.ready',
            actions: assign(({ context, event }) => {
              const records = unavailableRecords(event.error);
              return {
                unavailable: records,
                lines: withUnavailable(context.lines, records),
                error: messageOf(event.error),
                idempotencyKey: null,
              };
            }),
          },
          { target: 'failed', actions: assign({ error: ({ event }) => messageOf(event.error) }) },
        ],
      },
    },
    failed: {
      on: {
        RETRY: 'submitting',
        EDIT: 'review',
      },
    },
    done: {
      on: {
        START_OVER: { target: 'customer', actions: assign(({ context }) => emptyDraft(context.newKey)) },
      },
    },
  },
});

function codeIn(context: CreateOrderContext): string {
  return context.lookup.status === 'idle' ? '' : context.lookup.code;
}

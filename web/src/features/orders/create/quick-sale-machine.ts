import { assign, fromPromise, setup } from 'xstate';
import { errorCatalogue } from '@nine/shared/errors';
import type { SaleOrderCreateBody } from '../api/create-sale-order.ts';
import type { OrderDetail } from '../api/get-order.ts';
import type { CatalogueMatch, CatalogueMatches } from '../api/lookup-catalogue.ts';
import { addMatch, discountValid, setQuantity, type DraftLine } from './draft-lines.ts';
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

export type ScanState =
  | { status: 'idle' }
  | { status: 'looking'; code: string }
  | MissedLookup
  | { status: 'not_for_sale'; code: string; label: string }
  | { status: 'failed'; code: string; message: string };

/** A customer picked from the search, named so the counter can show who the sale is for. */
export interface SaleCustomer {
  id: number;
  name: string;
}

export interface QuickSaleContext {
  lines: DraftLine[];
  /** null: the business's default customer (sale_order_default_customer), which the server picks. */
  customer: SaleCustomer | null;
  staffNote: string;
  scan: ScanState;
  /** Codes scanned while an earlier one is still being looked up, in order. */
  queue: string[];
  idempotencyKey: string | null;
  error: string | null;
  /** SKUs the server found short of stock (1208). */
  outOfStock: string[];
  created: OrderDetail | null;
  newKey: () => string;
}

export type QuickSaleEvent =
  | { type: 'SCAN'; code: string }
  | { type: 'ADD_MATCH'; match: CatalogueMatch }
  | { type: 'SET_QUANTITY'; key: string; quantity: number }
  /** + / − at the scan field: the last line's quantity. */
  | { type: 'STEP_LAST'; by: 1 | -1 }
  | { type: 'SET_DISCOUNT'; key: string; discountMinor: number }
  | { type: 'REMOVE_LINE'; key: string }
  /** null goes back to the business's default customer. */
  | { type: 'SET_CUSTOMER'; customer: SaleCustomer | null }
  | { type: 'SET_NOTE'; staffNote: string }
  | { type: 'CHECKOUT' }
  | { type: 'RETRY' }
  | { type: 'EDIT' }
  | { type: 'NEW_SALE' };

export function saleBody(context: QuickSaleContext): SaleOrderCreateBody {
  const body: SaleOrderCreateBody = {
    items: context.lines.map((line) => ({
      product_id: line.match.product_id,
      quantity: line.quantity,
      discount_minor: line.discountMinor,
    })),
  };
  if (context.customer !== null) body.customer_id = context.customer.id;
  if (context.staffNote.trim() !== '') body.staff_note = context.staffNote.trim();
  return body;
}

/** Net of the lines before tax (the server adds tax per the settings and answers the total). */
export function saleSubtotalMinor(lines: readonly DraftLine[]): number {
  return lines.reduce((sum, line) => sum + line.match.price_minor * line.quantity - line.discountMinor, 0);
}

function fresh(newKey: () => string): QuickSaleContext {
  return {
    lines: [],
    customer: null,
    staffNote: '',
    scan: { status: 'idle' },
    queue: [],
    idempotencyKey: null,
    error: null,
    outOfStock: [],
    created: null,
    newKey,
  };
}

const changed = { idempotencyKey: null, error: null, outOfStock: [] as string[] } as const;
const codeIn = (context: QuickSaleContext) => (context.scan.status === 'idle' ? '' : context.scan.code);

/**
 * The quick-sale counter: scans add lines (a second scan of a product adds one more), quantities and
 * discounts change from the keyboard, and checkout creates the sale once, idempotently; the receipt is
 * printed by the page once the payment is taken (through the agent when paired).
 */
export const quickSaleMachine = setup({
  types: {} as { context: QuickSaleContext; events: QuickSaleEvent; input: { newKey?: () => string } },
  actors: {
    lookup: fromPromise<CatalogueMatches, { code: string }>(async () => {
      throw new Error('lookup must be provided');
    }),
    create: fromPromise<OrderDetail, { body: SaleOrderCreateBody; key: string }>(async () => {
      throw new Error('create must be provided');
    }),
  },
  guards: {
    // The note and the discounts come from the sale's form, checked there by the sale's own schema.
    canCheckout: ({ context }) => context.lines.length > 0 && context.lines.every(discountValid),
  },
  actions: {
    addMatch: assign(({ context }, match: CatalogueMatch) => {
      if (match.kind !== 'product') {
        return {
          scan: {
            status: 'not_for_sale' as const,
            code: codeIn(context),
            label: match.item_sku ?? match.product_name,
          },
        };
      }
      return { lines: addMatch(context.lines, match).lines, scan: { status: 'idle' as const }, ...changed };
    }),
  },
}).createMachine({
  id: 'quickSale',
  context: ({ input }) => fresh(input.newKey ?? newIdempotencyKey),
  initial: 'scanning',
  states: {
    scanning: {
      initial: 'ready',
      on: {
        ADD_MATCH: { target: '.ready', actions: { type: 'addMatch', params: ({ event }) => event.match } },
        SET_QUANTITY: {
          actions: assign({
            lines: ({ context, event }) => setQuantity(context.lines, event.key, event.quantity),
            ...changed,
          }),
        },
        STEP_LAST: {
          guard: ({ context }) => context.lines.length > 0,
          actions: assign({
            lines: ({ context, event }) => {
              const last = context.lines[context.lines.length - 1]!;
              return setQuantity(context.lines, last.key, last.quantity + event.by);
            },
            ...changed,
          }),
        },
        // The same discount or note again (checking out once more after Edit) keeps the attempt's key.
        SET_DISCOUNT: {
          actions: assign(({ context, event }) => {
            const discountMinor = Math.max(0, Math.round(event.discountMinor));
            const line = context.lines.find((l) => l.key === event.key);
            if (line === undefined || line.discountMinor === discountMinor) return {};
            return {
              lines: context.lines.map((l) => (l === line ? { ...l, discountMinor } : l)),
              ...changed,
            };
          }),
        },
        REMOVE_LINE: {
          actions: assign({
            lines: ({ context, event }) => context.lines.filter((l) => l.key !== event.key),
            ...changed,
          }),
        },
        SET_CUSTOMER: {
          actions: assign({
            // Only what the sale needs: a search match carries more than id and name.
            customer: ({ event }) =>
              event.customer === null ? null : { id: event.customer.id, name: event.customer.name },
            ...changed,
          }),
        },
        SET_NOTE: {
          actions: assign(({ context, event }) =>
            event.staffNote === context.staffNote ? {} : { staffNote: event.staffNote, ...changed },
          ),
        },
        CHECKOUT: { guard: 'canCheckout', target: 'submitting' },
      },
      states: {
        ready: {
          on: {
            SCAN: {
              guard: ({ event }) => event.code.trim() !== '',
              target: 'lookingUp',
              actions: assign({
                scan: ({ event }) => ({ status: 'looking' as const, code: event.code.trim() }),
              }),
            },
          },
        },
        // A scanner can be faster than the lookups: later codes wait their turn, none is lost.
        draining: {
          always: [
            {
              guard: ({ context }) => context.queue.length > 0,
              target: 'lookingUp',
              actions: assign(({ context }) => ({
                scan: { status: 'looking' as const, code: context.queue[0]! },
                queue: context.queue.slice(1),
              })),
            },
            { target: 'ready' },
          ],
        },
        lookingUp: {
          on: {
            SCAN: {
              guard: ({ event }) => event.code.trim() !== '',
              actions: assign({ queue: ({ context, event }) => [...context.queue, event.code.trim()] }),
            },
          },
          invoke: {
            src: 'lookup',
            input: ({ context }) => ({ code: codeIn(context) }),
            onDone: [
              {
                guard: oneMatch,
                target: 'draining',
                actions: { type: 'addMatch', params: ({ event }) => event.output.matches[0]! },
              },
              {
                target: 'draining',
                actions: assign({
                  scan: ({ context, event }) => missedLookup(codeIn(context), event.output.matches),
                }),
              },
            ],
            onError: {
              target: 'draining',
              actions: assign({ scan: ({ context, event }) => failedLookup(codeIn(context), event.error) }),
            },
          },
        },
      },
    },
    submitting: {
      entry: assign({
        idempotencyKey: ({ context }) => context.idempotencyKey ?? context.newKey(),
        error: null,
      }),
      invoke: {
        src: 'create',
        input: ({ context }) => ({ body: saleBody(context), key: context.idempotencyKey! }),
        onDone: { target: 'done', actions: assign({ created: ({ event }) => event.output }) },
        onError: [
          {
            guard: ({ event }) => respCodeOf(event.error) === errorCatalogue.productsUnavailable.code,
            target: 'scanning',
            actions: assign({
              outOfStock: ({ event }) =>
                refusedRecords(event.error).flatMap((r) =>
                  typeof r.product_sku === 'string' ? [r.product_sku] : [],
                ),
              error: ({ event }) => messageOf(event.error),
              idempotencyKey: null,
            }),
          },
          { target: 'failed', actions: assign({ error: ({ event }) => messageOf(event.error) }) },
        ],
      },
    },
    failed: {
      on: { RETRY: 'submitting', EDIT: 'scanning' },
    },
    done: {
      on: { NEW_SALE: { target: 'scanning', actions: assign(({ context }) => fresh(context.newKey)) } },
    },
  },
});

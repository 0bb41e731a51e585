import { assign, fromPromise, setup } from 'xstate';
import { errorCatalogue } from '@nine/shared/errors';
import type { OrderEventType } from '@nine/shared/order-machine';
import { orderWarnings, type OrderWarning } from '@nine/shared/schemas/orders';
import type { OrderDetail } from '../api/get-order.ts';
import type { OrderEventBody } from '../api/send-order-event.ts';
import type { OrderAction } from './order-actions.ts';

/** Why an action did not go through, for the message the view shows. */
export type ActionFailureReason = 'stale' | 'refused' | 'unpaid_denied' | 'locked' | 'unsettled' | 'other';

/** What keeps an order from closing: a deposit still held, a balance still due, with its amount. */
export interface UnsettledMoney {
  reason: 'deposit_held' | 'balance_due';
  amount_minor: number;
}

export interface ActionFailure {
  reason: ActionFailureReason;
  /** The server's translated message (resp_message), shown as is. */
  message: string;
  /** For a refused transition (1203): the items it concerned. */
  itemIds: number[];
  /** For a close refused with money unsettled (1254): what is left to settle. */
  unsettled?: UnsettledMoney[];
}

export interface OrderActionContext {
  action: OrderAction | null;
  /** The order's version as displayed when the action started: a stale one is refused (1021). */
  version: number;
  /** Cancelling an order with a payment asks 'has payment, are you sure to proceed?'. */
  hasPayment: boolean;
  acknowledge: OrderWarning[];
  /** Warnings the server wants confirmed (1205) before it goes ahead. */
  warnings: OrderWarning[];
  /** The amounts behind the deposit_held and balance_due warnings, when the server sends them. */
  unsettled: UnsettledMoney[];
  accessKey: string | null;
  /** The server's message after a wrong or missing access key (1206). */
  keyError: string | null;
  failure: ActionFailure | null;
  /** The last action that went through, for a polite status message. */
  completed: OrderEventType | null;
}

export type OrderActionEvent =
  | { type: 'START'; action: OrderAction; version: number; hasPayment: boolean }
  | { type: 'SUBMIT_ACCESS_KEY'; accessKey: string }
  | { type: 'CONFIRM_WARNINGS' }
  | { type: 'DISMISS' };

const codes = {
  confirmationRequired: errorCatalogue.confirmationRequired.code,
  accessKeyRequired: errorCatalogue.accessKeyRequired.code,
  versionConflict: errorCatalogue.versionConflict.code,
  stateTransitionFailed: errorCatalogue.stateTransitionFailed.code,
  orderNotSettled: errorCatalogue.orderNotSettled.code,
  deliverUnpaidDenied: errorCatalogue.deliverUnpaidDenied.code,
  accountLocked: errorCatalogue.accountLocked.code,
};

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

/** The catalogue code of a failed call (an ApiError carries it as respCode). */
export function failureCode(error: unknown): number | null {
  return isRecord(error) && typeof error.respCode === 'number' ? error.respCode : null;
}

function failureMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** 1205 answers `data.warnings`; anything unknown is left out. */
export function warningsOf(error: unknown): OrderWarning[] {
  const data = isRecord(error) ? error.data : undefined;
  const list = isRecord(data) && Array.isArray(data.warnings) ? data.warnings : [];
  return list.filter((w): w is OrderWarning => (orderWarnings as readonly unknown[]).includes(w));
}

/** 1254 (and 1205 when closing) answer `data.reasons: [{ reason, amount_minor }]`; anything unknown is left out. */
export function unsettledOf(error: unknown): UnsettledMoney[] {
  const data = isRecord(error) ? error.data : undefined;
  const list = isRecord(data) && Array.isArray(data.reasons) ? data.reasons : [];
  return list.flatMap((entry) =>
    isRecord(entry) &&
    (entry.reason === 'deposit_held' || entry.reason === 'balance_due') &&
    typeof entry.amount_minor === 'number'
      ? [{ reason: entry.reason, amount_minor: entry.amount_minor }]
      : [],
  );
}

/** 1203 answers `[{ item_id }]`. */
export function refusedItemIds(error: unknown): number[] {
  const data = isRecord(error) ? error.data : undefined;
  if (!Array.isArray(data)) return [];
  return data.flatMap((entry) =>
    isRecord(entry) && typeof entry.item_id === 'number' ? [entry.item_id] : [],
  );
}

function reasonOf(code: number | null): ActionFailureReason {
  switch (code) {
    case codes.versionConflict:
      return 'stale';
    case codes.stateTransitionFailed:
      return 'refused';
    case codes.deliverUnpaidDenied:
      return 'unpaid_denied';
    case codes.accountLocked:
      return 'locked';
    case codes.orderNotSettled:
      return 'unsettled';
    default:
      return 'other';
  }
}

/** The request body for the current attempt. */
export function eventBody(context: OrderActionContext): OrderEventBody {
  const action = context.action!;
  const body: OrderEventBody = { type: action.type, version: context.version };
  if (action.itemIds !== undefined) body.item_ids = action.itemIds;
  if (context.acknowledge.length > 0) body.acknowledge = [...context.acknowledge];
  if (context.accessKey !== null) body.access_key = context.accessKey;
  return body;
}

const idle: Omit<OrderActionContext, 'completed'> = {
  action: null,
  version: 0,
  hasPayment: false,
  acknowledge: [],
  warnings: [],
  unsettled: [],
  accessKey: null,
  keyError: null,
  failure: null,
};

/**
 * One order action from click to result: CANCEL asks for an access key first; warnings the server wants
 * confirmed (1205) are shown and the event is sent again acknowledging them; a wrong key (1206) asks again;
 * anything else ends in a failure the view explains, after which the order is reloaded so it shows the
 * truth (a stale version, 1021, above all). The sending itself and what happens to the updated order are
 * provided by the view (and by tests).
 */
export const orderActionMachine = setup({
  types: {} as { context: OrderActionContext; events: OrderActionEvent },
  actors: {
    sendEvent: fromPromise<OrderDetail, OrderEventBody>(async () => {
      throw new Error('sendEvent must be provided');
    }),
  },
  actions: {
    /** Receives the updated order (the view puts it into the query cache). */
    orderChanged: (_, _order: OrderDetail) => {},
    /** Fetches the order again (the view invalidates its query). */
    reloadOrder: () => {},
  },
  guards: {
    needsAccessKey: ({ event }) => event.type === 'START' && event.action.type === 'CANCEL',
  },
}).createMachine({
  id: 'orderAction',
  context: { ...idle, completed: null },
  initial: 'idle',
  states: {
    idle: {
      on: {
        START: [
          {
            guard: 'needsAccessKey',
            target: 'askingAccessKey',
            actions: assign(({ event }) => ({ ...idle, ...begin(event), completed: null })),
          },
          {
            target: 'sending',
            actions: assign(({ event }) => ({ ...idle, ...begin(event), completed: null })),
          },
        ],
      },
    },
    askingAccessKey: {
      on: {
        SUBMIT_ACCESS_KEY: {
          guard: ({ event }) => event.accessKey.trim() !== '',
          target: 'sending',
          actions: assign({ accessKey: ({ event }) => event.accessKey.trim(), keyError: null }),
        },
        DISMISS: { target: 'idle', actions: assign({ ...idle }) },
      },
    },
    sending: {
      invoke: {
        src: 'sendEvent',
        input: ({ context }) => eventBody(context),
        onDone: {
          target: 'idle',
          actions: [
            { type: 'orderChanged', params: ({ event }) => event.output },
            assign(({ context }) => ({ ...idle, completed: context.action?.type ?? null })),
          ],
        },
        onError: [
          {
            guard: ({ event }) =>
              failureCode(event.error) === codes.confirmationRequired && warningsOf(event.error).length > 0,
            target: 'confirming',
            actions: assign({
              warnings: ({ event }) => warningsOf(event.error),
              unsettled: ({ event }) => unsettledOf(event.error),
            }),
          },
          {
            guard: ({ event }) => failureCode(event.error) === codes.accessKeyRequired,
            target: 'askingAccessKey',
            actions: assign({ accessKey: null, keyError: ({ event }) => failureMessage(event.error) }),
          },
          {
            target: 'failed',
            actions: [
              assign({
                failure: ({ event }) => {
                  const unsettled = unsettledOf(event.error);
                  return {
                    reason: reasonOf(failureCode(event.error)),
                    message: failureMessage(event.error),
                    itemIds: refusedItemIds(event.error),
                    ...(unsettled.length > 0 ? { unsettled } : {}),
                  };
                },
              }),
              'reloadOrder',
            ],
          },
        ],
      },
    },
    confirming: {
      on: {
        CONFIRM_WARNINGS: {
          target: 'sending',
          actions: assign({
            acknowledge: ({ context }) => [...new Set([...context.acknowledge, ...context.warnings])],
            warnings: [],
          }),
        },
        DISMISS: { target: 'idle', actions: assign({ ...idle }) },
      },
    },
    failed: {
      on: { DISMISS: { target: 'idle', actions: assign({ ...idle }) } },
    },
  },
});

function begin(event: OrderActionEvent): Partial<OrderActionContext> {
  if (event.type !== 'START') return {};
  return { action: event.action, version: event.version, hasPayment: event.hasPayment };
}

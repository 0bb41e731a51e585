import {
  assign,
  enqueueActions,
  fromCallback,
  fromPromise,
  setup,
  type ActorRefFrom,
  type SnapshotFrom,
} from 'xstate';
import type {
  AgentEvent,
  AgentResult,
  JobInfo,
  PrinterInfo,
  PrinterStatus,
} from '@nine/shared/agent-protocol';
import {
  AgentRequestError,
  BrowserAgentSocket,
  createAgentConnection,
  type AgentConnection,
  type AgentFailureCode,
  type AgentSocketConstructor,
} from './agent-connection.ts';
import { DEFAULT_AGENT_URL, secureAgentStorage, type AgentStorage } from './agent-settings.ts';

export type AgentHello = AgentResult<'hello'>;

export interface AgentProblem {
  code: AgentFailureCode | 'unreachable';
  message: string;
}

export interface AgentBackoff {
  /** First wait after a failed or lost connection. */
  initialMs: number;
  /** The wait doubles after each failure up to this. */
  maxMs: number;
}

export interface AgentMachineInput {
  storage?: AgentStorage;
  webSocket?: AgentSocketConstructor;
  backoff?: Partial<AgentBackoff>;
  /** How long the socket may take to open before the attempt counts as failed. */
  connectTimeoutMs?: number;
  /** Deadline of the hello, pairing and status requests the machine makes itself. */
  requestTimeoutMs?: number;
}

interface AgentDeps {
  storage: AgentStorage;
  webSocket: AgentSocketConstructor;
  backoff: AgentBackoff;
  connectTimeoutMs: number;
  requestTimeoutMs: number;
}

export interface AgentContext {
  url: string;
  /**
   * An address chosen (SET_URL) while the saved one is read: it wins over what the read brings back, so a
   * Connect pressed while the connection starts is not undone by the stored or announced address.
   */
  chosenUrl: string | null;
  /** The pairing token (also in encrypted local storage); sent in every hello. */
  token: string | null;
  /** The open connection while online; requests from screens go through it. */
  connection: AgentConnection | null;
  /** What the agent said in its last hello: its name, version, printers and scanners. */
  agent: AgentHello | null;
  /** Printer status by printer id, from the status request and the agent's printer-status events. */
  printerStatus: Record<string, PrinterStatus>;
  /** Failed or lost connections in a row; sets the back-off. */
  attempt: number;
  /** When the next attempt starts (epoch ms), while disconnected. */
  retryAt: number | null;
  /** Why the last connection failed or ended. */
  problem: AgentProblem | null;
  /** Why the last pairing code was refused. */
  pairingError: AgentProblem | null;
  deps: AgentDeps;
}

export type AgentMachineEvent =
  /** Start connecting (and keep reconnecting); sent while someone is signed in. */
  | { type: 'CONNECT' }
  /** Close the connection and stop trying. */
  | { type: 'DISCONNECT' }
  /** Try again now instead of waiting out the back-off. */
  | { type: 'RETRY' }
  | { type: 'SET_URL'; url: string }
  | { type: 'PAIR'; code: string }
  /** Drop the pairing token on this PC; the next connection starts unpaired. */
  | { type: 'FORGET' }
  | { type: 'socket.open'; connection: AgentConnection }
  | { type: 'socket.closed'; code: number; reason: string }
  | { type: 'agent.event'; event: AgentEvent };

/** Agent events handed on to whoever listens (`actor.on('scan', …)`). */
export type AgentEmitted =
  { type: 'scan'; scannerId: string; code: string; at: string } | { type: 'job'; job: JobInfo };

export const DEFAULT_BACKOFF: AgentBackoff = { initialMs: 1000, maxMs: 30_000 };
const DEFAULT_CONNECT_TIMEOUT_MS = 5000;
const DEFAULT_MACHINE_REQUEST_TIMEOUT_MS = 5000;
export const PAIRING_CODE_PATTERN = /^\d{6}$/;

/** 1 s, 2 s, 4 s … up to the maximum, for the nth failure in a row (n ≥ 1). */
export function backoffDelay(attempt: number, backoff: AgentBackoff): number {
  const exponent = Math.max(0, Math.min(attempt - 1, 20));
  return Math.min(backoff.maxMs, backoff.initialMs * 2 ** exponent);
}

function problemOf(error: unknown, fallback: AgentProblem['code'] = 'unreachable'): AgentProblem {
  if (error instanceof AgentRequestError) return { code: error.code, message: error.message };
  return { code: fallback, message: error instanceof Error ? error.message : String(error) };
}

function connectionOf(context: AgentContext): AgentConnection {
  if (context.connection === null) throw new AgentRequestError('not-connected', 'the agent is not connected');
  return context.connection;
}

interface SocketInput {
  url: string;
  webSocket: AgentSocketConstructor;
  requestTimeoutMs: number;
}

/** Opens the websocket and reports its life to the machine; closing it is the cleanup. */
const socketLogic = fromCallback<AgentMachineEvent, SocketInput>(({ input, sendBack }) => {
  let stopped = false;
  let connection: AgentConnection | null = null;
  try {
    const socket = new input.webSocket(input.url);
    const opened = createAgentConnection(
      socket,
      {
        onOpen: () => {
          if (!stopped) sendBack({ type: 'socket.open', connection: opened });
        },
        onEvent: (event) => {
          if (!stopped) sendBack({ type: 'agent.event', event });
        },
        onClose: ({ code, reason }) => {
          if (!stopped) sendBack({ type: 'socket.closed', code, reason });
        },
      },
      { requestTimeoutMs: input.requestTimeoutMs },
    );
    connection = opened;
  } catch (error) {
    // The browser refuses some addresses outright (a blocked port): that is a failed attempt too.
    sendBack({ type: 'socket.closed', code: 0, reason: error instanceof Error ? error.message : 'refused' });
  }
  return () => {
    stopped = true;
    connection?.close();
  };
});

export const agentMachine = setup({
  types: {
    context: {} as AgentContext,
    events: {} as AgentMachineEvent,
    input: {} as AgentMachineInput,
    emitted: {} as AgentEmitted,
  },
  actors: {
    load: fromPromise<{ url: string; token: string | null }, AgentStorage>(({ input }) => input.load()),
    socket: socketLogic,
    hello: fromPromise<AgentHello, { context: AgentContext }>(({ input }) => {
      const { token, deps } = input.context;
      return connectionOf(input.context).request(
        'hello',
        { ...(token !== null ? { token } : {}), client: 'nine-back-office' },
        { timeoutMs: deps.requestTimeoutMs },
      );
    }),
    pair: fromPromise<AgentResult<'pair'>, { context: AgentContext; code: string }>(({ input }) =>
      connectionOf(input.context).request(
        'pair',
        { code: input.code },
        { timeoutMs: input.context.deps.requestTimeoutMs },
      ),
    ),
    printerStatus: fromPromise<AgentResult<'printer-status'>, { context: AgentContext }>(({ input }) =>
      connectionOf(input.context).request(
        'printer-status',
        {},
        { timeoutMs: input.context.deps.requestTimeoutMs },
      ),
    ),
  },
  actions: {
    persistToken: ({ context }) => {
      if (context.token !== null) context.deps.storage.saveToken(context.token);
    },
    forgetToken: enqueueActions(({ context, enqueue }) => {
      context.deps.storage.forgetToken();
      enqueue.assign({ token: null, pairingError: null });
    }),
    scheduleRetry: assign(({ context }) => {
      const attempt = context.attempt + 1;
      return { attempt, retryAt: Date.now() + backoffDelay(attempt, context.deps.backoff), connection: null };
    }),
    handleAgentEvent: enqueueActions(({ event, enqueue }) => {
      if (event.type !== 'agent.event') return;
      const frame = event.event;
      switch (frame.event) {
        case 'scan':
          enqueue.emit({ type: 'scan', ...frame.payload });
          break;
        case 'printer-status':
          enqueue.assign({
            printerStatus: ({ context }) => ({
              ...context.printerStatus,
              [frame.payload.printerId]: frame.payload.status,
            }),
          });
          break;
        case 'job-status':
          enqueue.emit({ type: 'job', job: frame.payload });
          break;
      }
    }),
  },
  guards: {
    pairedByHello: ({ event }) => 'output' in event && (event.output as AgentHello).paired,
    validCode: ({ event }) => event.type === 'PAIR' && PAIRING_CODE_PATTERN.test(event.code),
    hasToken: ({ context }) => context.token !== null,
    urlChanged: ({ context, event }) => event.type === 'SET_URL' && event.url !== context.url,
  },
  delays: {
    backoff: ({ context }) => backoffDelay(context.attempt, context.deps.backoff),
    connectTimeout: ({ context }) => context.deps.connectTimeoutMs,
  },
}).createMachine({
  id: 'agent',
  context: ({ input }) => ({
    url: DEFAULT_AGENT_URL,
    chosenUrl: null,
    token: null,
    connection: null,
    agent: null,
    printerStatus: {},
    attempt: 0,
    retryAt: null,
    problem: null,
    pairingError: null,
    deps: {
      storage: input.storage ?? secureAgentStorage,
      webSocket: input.webSocket ?? BrowserAgentSocket,
      backoff: { ...DEFAULT_BACKOFF, ...input.backoff },
      connectTimeoutMs: input.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS,
      requestTimeoutMs: input.requestTimeoutMs ?? DEFAULT_MACHINE_REQUEST_TIMEOUT_MS,
    },
  }),
  initial: 'off',
  on: {
    DISCONNECT: { target: '.off' },
  },
  states: {
    off: {
      entry: assign({ connection: null, attempt: 0, retryAt: null }),
      on: { CONNECT: 'loading' },
    },
    /** Reads the address and the token from encrypted storage. */
    loading: {
      entry: assign({ chosenUrl: null }),
      invoke: {
        src: 'load',
        input: ({ context }) => context.deps.storage,
        onDone: {
          target: 'online',
          actions: assign(({ context, event }) => ({
            url: context.chosenUrl ?? event.output.url,
            token: event.output.token,
          })),
        },
        onError: 'online',
      },
      on: {
        SET_URL: { actions: assign(({ event }) => ({ url: event.url, chosenUrl: event.url })) },
      },
    },
    /** A socket is open or opening; it closes when this state is left. */
    online: {
      invoke: {
        id: 'socket',
        src: 'socket',
        input: ({ context }) => ({
          url: context.url,
          webSocket: context.deps.webSocket,
          requestTimeoutMs: context.deps.requestTimeoutMs,
        }),
      },
      exit: assign({ connection: null }),
      on: {
        'socket.closed': {
          target: 'disconnected',
          actions: assign({
            problem: ({ event }) => ({
              code: 'unreachable' as const,
              message: event.reason !== '' ? event.reason : `connection closed (${event.code})`,
            }),
          }),
        },
        'agent.event': { actions: 'handleAgentEvent' },
        SET_URL: {
          guard: 'urlChanged',
          target: 'online',
          reenter: true,
          actions: assign({ url: ({ event }) => event.url, attempt: 0, agent: null, printerStatus: {} }),
        },
      },
      initial: 'connecting',
      states: {
        connecting: {
          on: {
            // Connect pressed while an attempt to the same address is still under way starts afresh, rather
            // than waiting for that attempt to time out and then for the back-off.
            RETRY: { target: '#agent.online', reenter: true, actions: assign({ attempt: 0, retryAt: null }) },
            'socket.open': {
              target: 'greeting',
              actions: assign({ connection: ({ event }) => event.connection }),
            },
          },
          after: {
            connectTimeout: {
              target: '#agent.disconnected',
              actions: assign({
                problem: { code: 'timeout', message: 'the agent did not accept the connection in time' },
              }),
            },
          },
        },
        /** Says hello with the token: a valid one pairs this connection again without a code. */
        greeting: {
          invoke: {
            src: 'hello',
            input: ({ context }) => ({ context }),
            onDone: [
              {
                guard: 'pairedByHello',
                target: 'ready',
                actions: assign(({ event }) => ({
                  agent: event.output,
                  attempt: 0,
                  retryAt: null,
                  problem: null,
                })),
              },
              {
                target: 'pairing',
                actions: [
                  assign(({ event }) => ({ agent: event.output, attempt: 0, retryAt: null, problem: null })),
                  // A token the agent no longer knows (its data was reset, or it was revoked) is useless.
                  enqueueActions(({ check, enqueue }) => {
                    if (check('hasToken')) enqueue('forgetToken');
                  }),
                ],
              },
            ],
            onError: {
              target: '#agent.disconnected',
              actions: assign({ problem: ({ event }) => problemOf(event.error) }),
            },
          },
        },
        pairing: {
          initial: 'waiting',
          states: {
            waiting: {
              on: {
                PAIR: [
                  { guard: 'validCode', target: 'submitting', actions: assign({ pairingError: null }) },
                  {
                    actions: assign({
                      pairingError: { code: 'invalid-payload', message: 'the code has six digits' },
                    }),
                  },
                ],
              },
            },
            submitting: {
              invoke: {
                src: 'pair',
                input: ({ context, event }) => ({
                  context,
                  code: event.type === 'PAIR' ? event.code : '',
                }),
                onDone: {
                  target: '#agent.online.ready',
                  actions: [
                    assign(({ event, context }) => ({
                      token: event.output.token,
                      pairingError: null,
                      agent: context.agent === null ? null : { ...context.agent, paired: true },
                    })),
                    'persistToken',
                  ],
                },
                onError: {
                  target: 'waiting',
                  actions: assign({ pairingError: ({ event }) => problemOf(event.error) }),
                },
              },
            },
          },
        },
        ready: {
          invoke: {
            src: 'printerStatus',
            input: ({ context }) => ({ context }),
            onDone: {
              actions: assign({
                printerStatus: ({ context, event }) => ({
                  ...context.printerStatus,
                  ...Object.fromEntries(event.output.printers.map((p) => [p.printerId, p.status])),
                }),
              }),
            },
            // Status is a nicety: printing works without it, and events keep it current.
            onError: {},
          },
          on: {
            FORGET: { target: '#agent.online', reenter: true, actions: ['forgetToken'] },
          },
        },
      },
    },
    /** Waits out the back-off, then tries again. */
    disconnected: {
      entry: 'scheduleRetry',
      after: { backoff: 'online' },
      on: {
        RETRY: { target: 'online', actions: assign({ attempt: 0, retryAt: null }) },
        SET_URL: {
          target: 'online',
          actions: assign({ url: ({ event }) => event.url, attempt: 0, retryAt: null, agent: null }),
        },
        FORGET: { actions: 'forgetToken' },
      },
    },
  },
});

export type AgentActorRef = ActorRefFrom<typeof agentMachine>;
export type AgentSnapshot = SnapshotFrom<typeof agentMachine>;

export type AgentPhase = 'off' | 'disconnected' | 'connecting' | 'pairing' | 'ready';

/** The four states the interface tells apart (plus off, before anyone signed in). */
export function agentPhase(snapshot: AgentSnapshot): AgentPhase {
  if (snapshot.matches('off')) return 'off';
  if (snapshot.matches('disconnected')) return 'disconnected';
  if (snapshot.matches({ online: 'ready' })) return 'ready';
  if (snapshot.matches({ online: 'pairing' })) return 'pairing';
  return 'connecting';
}

/** The printer receipts go to: the chosen one when the agent still has it, else the agent's first. */
export function activePrinter(snapshot: AgentSnapshot, preferredId: string | null): PrinterInfo | null {
  const printers = snapshot.context.agent?.printers ?? [];
  return printers.find((p) => p.id === preferredId) ?? printers[0] ?? null;
}

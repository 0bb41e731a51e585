import {
  AGENT_PROTOCOL_VERSION,
  parseAgentMessage,
  type AgentErrorCode,
  type AgentEvent,
  type AgentRequestInput,
  type AgentRequestType,
  type AgentResult,
} from '@nine/shared/agent-protocol';

/** The part of a WebSocket the connection uses; the browser's is adapted below, tests bring a fake. */
export interface AgentSocket {
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: (() => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: ((event: { code: number; reason: string }) => void) | null;
  onerror: (() => void) | null;
}

export type AgentSocketConstructor = new (url: string) => AgentSocket;

/** The browser's WebSocket behind the AgentSocket shape. */
export class BrowserAgentSocket implements AgentSocket {
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onclose: ((event: { code: number; reason: string }) => void) | null = null;
  onerror: (() => void) | null = null;
  readonly #socket: WebSocket;

  constructor(url: string) {
    this.#socket = new WebSocket(url);
    this.#socket.onopen = () => this.onopen?.();
    this.#socket.onmessage = (event) => this.onmessage?.({ data: event.data });
    this.#socket.onclose = (event) => this.onclose?.({ code: event.code, reason: event.reason });
    this.#socket.onerror = () => this.onerror?.();
  }

  send(data: string): void {
    this.#socket.send(data);
  }

  close(code?: number, reason?: string): void {
    this.#socket.close(code, reason);
  }
}

/** Failures of a request: the agent's error codes, plus what can go wrong on the way. */
export type AgentFailureCode = AgentErrorCode | 'timeout' | 'closed' | 'not-connected';

export class AgentRequestError extends Error {
  override readonly name = 'AgentRequestError';
  readonly code: AgentFailureCode;

  constructor(code: AgentFailureCode, message: string) {
    super(message);
    this.code = code;
  }
}

export const DEFAULT_REQUEST_TIMEOUT_MS = 10_000;

export interface AgentConnectionHandlers {
  onOpen(): void;
  onEvent(event: AgentEvent): void;
  onClose(info: { code: number; reason: string }): void;
}

export type AgentPayload<T extends AgentRequestType> = AgentRequestInput<T>['payload'];

export interface AgentConnection {
  /** Sends a request and resolves with the agent's validated result; rejects with an AgentRequestError. */
  request<T extends AgentRequestType>(
    type: T,
    payload: AgentPayload<T>,
    options?: { timeoutMs?: number },
  ): Promise<AgentResult<T>>;
  close(): void;
}

interface Pending {
  type: AgentRequestType;
  resolve: (result: unknown) => void;
  reject: (error: AgentRequestError) => void;
  timer: ReturnType<typeof setTimeout>;
}

let sequence = 0;

/**
 * One websocket to the agent: numbers requests, matches replies to them (validated against the schema of
 * the request each answers), hands events on, and fails whatever is pending when the socket closes.
 */
export function createAgentConnection(
  socket: AgentSocket,
  handlers: AgentConnectionHandlers,
  options: { requestTimeoutMs?: number } = {},
): AgentConnection {
  const pending = new Map<string, Pending>();
  const prefix = Math.random().toString(36).slice(2, 8);
  let open = false;
  let closed = false;

  const failAll = (error: AgentRequestError) => {
    for (const [id, entry] of pending) {
      clearTimeout(entry.timer);
      pending.delete(id);
      entry.reject(error);
    }
  };

  socket.onopen = () => {
    if (closed) return;
    open = true;
    handlers.onOpen();
  };
  socket.onmessage = ({ data }) => {
    if (closed) return;
    const message = parseAgentMessage(data, (id) => pending.get(id)?.type);
    if (message.kind === 'event') {
      handlers.onEvent(message.event);
      return;
    }
    if (message.kind === 'invalid') {
      console.warn(`[agent] ignored a message: ${message.message}`);
      return;
    }
    const reply = message.reply;
    const entry = reply.id === null ? undefined : pending.get(reply.id);
    if (reply.id === null || entry === undefined) {
      if (!reply.ok) console.warn(`[agent] ${reply.error.code}: ${reply.error.message}`);
      return;
    }
    pending.delete(reply.id);
    clearTimeout(entry.timer);
    if (reply.ok) entry.resolve(reply.result);
    else entry.reject(new AgentRequestError(reply.error.code, reply.error.message));
  };
  socket.onerror = () => {
    // A close always follows; the reason is reported there.
  };
  socket.onclose = ({ code, reason }) => {
    if (closed) return;
    closed = true;
    open = false;
    failAll(new AgentRequestError('closed', 'the connection to the agent closed'));
    handlers.onClose({ code, reason });
  };

  return {
    request(type, payload, requestOptions = {}) {
      if (!open || closed) {
        return Promise.reject(new AgentRequestError('not-connected', 'the agent is not connected'));
      }
      const id = `${prefix}-${++sequence}`;
      const frame: AgentRequestInput = { v: AGENT_PROTOCOL_VERSION, id, type, payload };
      return new Promise((resolve, reject) => {
        const timeoutMs = requestOptions.timeoutMs ?? options.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS;
        const timer = setTimeout(() => {
          pending.delete(id);
          reject(new AgentRequestError('timeout', `the agent did not answer '${type}' in time`));
        }, timeoutMs);
        pending.set(id, { type, resolve: resolve as (result: unknown) => void, reject, timer });
        try {
          socket.send(JSON.stringify(frame));
        } catch {
          clearTimeout(timer);
          pending.delete(id);
          reject(new AgentRequestError('closed', 'the connection to the agent closed'));
        }
      });
    },
    close() {
      if (closed) return;
      closed = true;
      open = false;
      failAll(new AgentRequestError('closed', 'the connection to the agent closed'));
      try {
        socket.close(1000, 'closed by the back office');
      } catch {
        // Already closing.
      }
    },
  };
}

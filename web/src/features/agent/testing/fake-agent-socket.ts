import type { AgentResult, PrinterInfo } from '@nine/shared/agent-protocol';
import type { AgentSocket } from '../agent-connection.ts';

/**
 * Test code only: a WebSocket stand-in for the agent connection. Each instance records what the browser
 * sent; the test opens, answers and closes it by hand.
 */
export class FakeAgentSocket implements AgentSocket {
  static instances: FakeAgentSocket[] = [];

  static reset(): void {
    FakeAgentSocket.instances = [];
  }

  static latest(): FakeAgentSocket {
    const socket = FakeAgentSocket.instances.at(-1);
    if (socket === undefined) throw new Error('no socket was opened');
    return socket;
  }

  onopen: (() => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onclose: ((event: { code: number; reason: string }) => void) | null = null;
  onerror: (() => void) | null = null;
  readonly sent: Record<string, unknown>[] = [];
  closed = false;

  constructor(readonly url: string) {
    FakeAgentSocket.instances.push(this);
  }

  send(data: string): void {
    if (this.closed) throw new Error('send on a closed socket');
    this.sent.push(JSON.parse(data) as Record<string, unknown>);
  }

  close(): void {
    this.closed = true;
  }

  /** The agent accepted the connection. */
  open(): void {
    this.onopen?.();
  }

  /** The agent (or the network) ended the connection. */
  drop(code = 1006, reason = ''): void {
    this.closed = true;
    this.onclose?.({ code, reason });
  }

  /** The agent refused or could not be reached: an error, then a close. */
  fail(): void {
    this.onerror?.();
    this.drop(1006);
  }

  receive(frame: unknown): void {
    this.onmessage?.({ data: typeof frame === 'string' ? frame : JSON.stringify(frame) });
  }

  /** The last request of a type the browser sent. */
  lastRequest(type: string): Record<string, unknown> & { id: string; payload: Record<string, unknown> } {
    const request = this.sent.filter((frame) => frame.type === type).at(-1);
    if (request === undefined) throw new Error(`no '${type}' request was sent`);
    return request as Record<string, unknown> & { id: string; payload: Record<string, unknown> };
  }

  reply(type: string, result: unknown): void {
    this.receive({ v: 1, id: this.lastRequest(type).id, ok: true, result });
  }

  replyError(type: string, code: string, message: string): void {
    this.receive({ v: 1, id: this.lastRequest(type).id, ok: false, error: { code, message } });
  }
}

export const SIM_PRINTER: PrinterInfo = {
  id: 'sim',
  name: 'Simulated printer',
  kind: 'simulated',
  paperWidthMm: 58,
  dotsPerLine: 384,
  columns: 32,
};

export function helloResult(paired: boolean, printers: PrinterInfo[] = [SIM_PRINTER]): AgentResult<'hello'> {
  return {
    name: 'nine-agent',
    version: '0.1.0',
    protocol: 1,
    simulated: true,
    paired,
    printers,
    scanners: [{ id: 'sim-scanner', name: 'Simulated scanner', kind: 'simulated' }],
  };
}

export const READY_STATUS = {
  state: 'ready',
  online: true,
  coverOpen: false,
  paperOut: false,
  paperNearEnd: false,
  cutterError: false,
} as const;

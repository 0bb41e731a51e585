import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import WebSocket from 'ws';
import {
  parseAgentMessage,
  type AgentEvent,
  type AgentReply,
  type AgentRequestInput,
  type AgentRequestType,
} from '@nine/shared/agent-protocol';
import { buildAgent, LOOPBACK_HOST, type Agent, type AgentOptions } from '../../src/app.ts';

export const ALLOWED_ORIGIN = 'http://localhost:3000';
const WAIT_MS = 3000;

export async function makeDataDir(): Promise<string> {
  return mkdtemp(join(tmpdir(), 'nine-agent-test-'));
}

export interface RunningAgent {
  agent: Agent;
  dataDir: string;
  port: number;
  wsUrl: string;
  controlUrl: string;
  close(): Promise<void>;
}

/** Builds an agent on a data dir (fresh unless given) and listens on free loopback ports. */
export async function startAgent(options: Partial<AgentOptions> = {}): Promise<RunningAgent> {
  const dataDir = options.dataDir ?? (await makeDataDir());
  const agent = await buildAgent({ simulate: true, allowedOrigins: [ALLOWED_ORIGIN], ...options, dataDir });
  await agent.app.listen({ host: LOOPBACK_HOST, port: 0 });
  await agent.control.listen({ host: LOOPBACK_HOST, port: 0 });
  const port = (agent.app.server.address() as AddressInfo).port;
  const controlPort = (agent.control.server.address() as AddressInfo).port;
  return {
    agent,
    dataDir,
    port,
    wsUrl: `ws://${LOOPBACK_HOST}:${port}/ws`,
    controlUrl: `http://${LOOPBACK_HOST}:${controlPort}`,
    close: () => agent.close(),
  };
}

export async function removeDir(dir: string): Promise<void> {
  await rm(dir, { recursive: true, force: true });
}

export interface TestClient {
  ws: WebSocket;
  /** Every frame received, parsed. */
  frames: unknown[];
  /** Sends a request and resolves with the reply of the same id. */
  request<T extends AgentRequestType>(
    type: T,
    payload?: AgentRequestInput<T>['payload'],
    token?: string,
  ): Promise<AgentReply>;
  /** Sends a raw text frame and resolves with the next reply frame. */
  sendRaw(text: string | Buffer): Promise<AgentReply>;
  /** Resolves with the first event (already received or future) that matches. */
  waitForEvent(match: (event: AgentEvent) => boolean, timeoutMs?: number): Promise<AgentEvent>;
  events(): AgentEvent[];
  close(): Promise<void>;
}

/** Opens a websocket like the back office would (allowed Origin unless told otherwise). */
export function connect(
  url: string,
  options: { origin?: string; headers?: Record<string, string> } = {},
): Promise<TestClient> {
  const ws = new WebSocket(url, { origin: options.origin ?? ALLOWED_ORIGIN, headers: options.headers ?? {} });
  const frames: unknown[] = [];
  const listeners = new Set<() => void>();
  let counter = 0;

  ws.on('message', (data) => {
    frames.push(JSON.parse((data as Buffer).toString('utf8')));
    for (const listener of [...listeners]) listener();
  });

  const waitFor = <T>(find: () => T | undefined, what: string, timeoutMs = WAIT_MS): Promise<T> =>
    new Promise((resolve, reject) => {
      const check = () => {
        const found = find();
        if (found === undefined) return;
        listeners.delete(check);
        clearTimeout(timer);
        resolve(found);
      };
      const timer = setTimeout(() => {
        listeners.delete(check);
        reject(new Error(`timed out waiting for ${what}`));
      }, timeoutMs);
      listeners.add(check);
      check();
    });

  const replies = () =>
    frames.flatMap((frame) => {
      const parsed = parseAgentMessage(frame);
      return parsed.kind === 'reply' ? [parsed.reply] : [];
    });
  const events = () =>
    frames.flatMap((frame) => {
      const parsed = parseAgentMessage(frame);
      return parsed.kind === 'event' ? [parsed.event] : [];
    });

  const client: TestClient = {
    ws,
    frames,
    request(type, payload, token) {
      counter += 1;
      const id = `req-${counter}`;
      const frame = {
        v: 1,
        id,
        type,
        ...(payload === undefined ? {} : { payload }),
        ...(token === undefined ? {} : { token }),
      };
      ws.send(JSON.stringify(frame));
      return waitFor(() => replies().find((reply) => reply.id === id), `the reply to ${type}`);
    },
    sendRaw(text) {
      const before = replies().length;
      ws.send(text);
      return waitFor(() => replies()[before], 'a reply to a raw frame');
    },
    waitForEvent(match, timeoutMs) {
      return waitFor(() => events().find(match), 'an event', timeoutMs);
    },
    events,
    close() {
      return new Promise((resolve) => {
        if (ws.readyState === ws.CLOSED) return resolve();
        ws.once('close', () => resolve());
        ws.close();
      });
    },
  };

  return new Promise((resolve, reject) => {
    ws.once('open', () => resolve(client));
    ws.once('error', reject);
    ws.once('unexpected-response', (_request, response) => {
      reject(new Error(`Unexpected server response: ${response.statusCode}`));
      ws.terminate();
    });
  });
}

export async function pairingCode(controlUrl: string): Promise<string> {
  const response = await fetch(`${controlUrl}/simulate/pairing-code`);
  if (!response.ok) throw new Error(`no pairing code: ${response.status}`);
  return ((await response.json()) as { code: string }).code;
}

/** Connects and pairs; returns the client and its token. */
export async function pairedClient(running: RunningAgent): Promise<{ client: TestClient; token: string }> {
  const client = await connect(running.wsUrl);
  // Without simulated devices the control port has no /simulate routes: read the code from the agent.
  const code =
    running.agent.devices.simulator === undefined
      ? (running.agent.pairing.currentCode()?.code ?? running.agent.pairing.newCode().code)
      : await pairingCode(running.controlUrl);
  const reply = await client.request('pair', { code });
  if (!reply.ok) throw new Error(`pairing failed: ${reply.error.message}`);
  return { client, token: (reply.result as { token: string }).token };
}

/** A code that is not the current one. */
export function wrongCode(code: string): string {
  return String((Number(code) + 1) % 1_000_000).padStart(6, '0');
}

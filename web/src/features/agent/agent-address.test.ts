import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { settleSecureWrites, writeSecure } from '../../lib/secure-storage.ts';
import { agentMachine } from './agent-machine.ts';
import {
  AGENT_SETTINGS_KEY,
  agentPageUrl,
  DEFAULT_AGENT_SETTINGS,
  readAgentSettings,
  saveAgentSettings,
} from './agent-settings.ts';
import { FakeAgentSocket } from './testing/fake-agent-socket.ts';

// `pnpm start` runs the agent on AGENT_PORT and the server announces that port: a PC where nobody chose an
// address connects there; an address chosen on this PC still wins.
let requests: string[] = [];
let answer: () => Response;

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  FakeAgentSocket.reset();
  requests = [];
  answer = () => json(200, { data: { port: 18231, url: 'ws://127.0.0.1:18231/ws' } });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: Request) => {
      requests.push(new URL(input.url).pathname);
      return answer();
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
});

/** The app's own agent actor (encrypted storage, the real announcement fetch) on the fake socket. */
async function connectedUrl(): Promise<string> {
  const actor = createActor(agentMachine, { input: { webSocket: FakeAgentSocket } });
  actor.start();
  actor.send({ type: 'CONNECT' });
  await vi.waitFor(() => expect(FakeAgentSocket.instances).toHaveLength(1));
  const url = FakeAgentSocket.latest().url;
  actor.stop();
  return url;
}

describe('the agent address', () => {
  it('is the port the server announces when nobody chose one on this PC', async () => {
    expect(await connectedUrl()).toBe('ws://127.0.0.1:18231/ws');
    expect(requests).toEqual(['/api/nine/agent-endpoint']);
  });

  it('is the one chosen on this PC, without asking the server', async () => {
    saveAgentSettings({ ...DEFAULT_AGENT_SETTINGS, url: 'ws://127.0.0.1:3927/ws' });
    await settleSecureWrites();
    expect(await connectedUrl()).toBe('ws://127.0.0.1:3927/ws');
    expect(requests).toEqual([]);
  });

  it('falls back to the default port when the server announces none or does not answer', async () => {
    answer = () => json(200, { data: { port: null, url: null } });
    expect(await connectedUrl()).toBe('ws://127.0.0.1:17900/ws');
    FakeAgentSocket.reset();
    answer = () => json(404, { resp_code: 1004, resp_message: 'We could not find what you asked for.' });
    expect(await connectedUrl()).toBe('ws://127.0.0.1:17900/ws');
  });

  it('reads a default address saved by an earlier version as automatic, a chosen one as chosen', async () => {
    // Earlier versions saved the default address with any other setting (a paper width here).
    writeSecure(
      AGENT_SETTINGS_KEY,
      JSON.stringify({ ...DEFAULT_AGENT_SETTINGS, url: 'ws://127.0.0.1:17900/ws', paperWidthMm: 80 }),
    );
    await settleSecureWrites();
    expect(readAgentSettings()).toMatchObject({ url: null, paperWidthMm: 80 });
    expect(await connectedUrl()).toBe('ws://127.0.0.1:18231/ws');

    // Chosen now, the default address stays chosen.
    saveAgentSettings({ ...readAgentSettings(), url: 'ws://127.0.0.1:17900/ws' });
    await settleSecureWrites();
    expect(readAgentSettings().url).toBe('ws://127.0.0.1:17900/ws');
  });

  it('links the agent’s own page for its websocket address', () => {
    expect(agentPageUrl('ws://127.0.0.1:18231/ws')).toBe('http://127.0.0.1:18231/');
    expect(agentPageUrl('wss://localhost:17900/ws')).toBe('https://localhost:17900/');
    expect(agentPageUrl('not a url')).toBeNull();
  });
});

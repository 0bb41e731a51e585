import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { decrypt, settleSecureWrites } from '../../lib/secure-storage.ts';
import {
  AGENT_TOKEN_KEY,
  createSecureAgentStorage,
  readAgentToken,
  saveAgentSettings,
  DEFAULT_AGENT_SETTINGS,
} from './agent-settings.ts';
import {
  agentMachine,
  agentPhase,
  backoffDelay,
  type AgentEmitted,
  type AgentMachineInput,
} from './agent-machine.ts';
import { FakeAgentSocket, READY_STATUS, helloResult } from './testing/fake-agent-socket.ts';
import type { AgentStorage } from './agent-settings.ts';

const TOKEN = 'tok-0123456789abcdef0123456789abcdef';

function memoryStorage(initial: { url?: string; token?: string | null } = {}) {
  const state = { url: initial.url ?? 'ws://127.0.0.1:17900/ws', token: initial.token ?? null };
  const storage: AgentStorage & { state: typeof state } = {
    state,
    load: async () => ({ url: state.url, token: state.token }),
    saveToken: (token) => {
      state.token = token;
    },
    forgetToken: () => {
      state.token = null;
    },
  };
  return storage;
}

function start(input: AgentMachineInput = {}) {
  const actor = createActor(agentMachine, {
    input: { webSocket: FakeAgentSocket, storage: memoryStorage(), ...input },
  });
  const emitted: AgentEmitted[] = [];
  actor.on('*', (event) => emitted.push(event));
  actor.start();
  return { actor, emitted, phase: () => agentPhase(actor.getSnapshot()) };
}

/** Lets the storage load and other promise work settle (fake timers do not run microtasks by themselves). */
async function flush() {
  await vi.advanceTimersByTimeAsync(0);
}

/** Connects and answers the hello; returns the socket. */
async function connect(actor: ReturnType<typeof start>['actor'], paired: boolean) {
  actor.send({ type: 'CONNECT' });
  await flush();
  const socket = FakeAgentSocket.latest();
  socket.open();
  socket.reply('hello', helloResult(paired));
  await flush();
  return socket;
}

beforeEach(() => {
  vi.useFakeTimers();
  FakeAgentSocket.reset();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('agent connection machine', () => {
  it('stays off until asked to connect, then opens the configured address and says hello', async () => {
    const { actor, phase } = start({ storage: memoryStorage({ url: 'ws://127.0.0.1:3927/ws' }) });
    expect(phase()).toBe('off');
    expect(FakeAgentSocket.instances).toHaveLength(0);

    actor.send({ type: 'CONNECT' });
    await flush();
    expect(phase()).toBe('connecting');
    const socket = FakeAgentSocket.latest();
    expect(socket.url).toBe('ws://127.0.0.1:3927/ws');

    socket.open();
    const hello = socket.lastRequest('hello');
    expect(hello).toMatchObject({ v: 1, type: 'hello' });
    // No token yet: the hello carries none.
    expect(hello.payload.token).toBeUndefined();
    expect(phase()).toBe('connecting');
  });

  it('asks for pairing when the agent does not know this browser, and is ready once the code is accepted', async () => {
    const storage = memoryStorage();
    const { actor, phase } = start({ storage });
    const socket = await connect(actor, false);
    expect(phase()).toBe('pairing');
    expect(actor.getSnapshot().context.agent?.printers[0]?.name).toBe('Simulated printer');

    actor.send({ type: 'PAIR', code: '123456' });
    expect(actor.getSnapshot().matches({ online: { pairing: 'submitting' } })).toBe(true);
    expect(socket.lastRequest('pair').payload).toEqual({ code: '123456' });
    socket.reply('pair', { token: TOKEN });
    await flush();

    expect(phase()).toBe('ready');
    expect(actor.getSnapshot().context.token).toBe(TOKEN);
    expect(storage.state.token).toBe(TOKEN);
    // Ready asks for the printers' status at once.
    socket.reply('printer-status', { printers: [{ printerId: 'sim', status: READY_STATUS }] });
    await flush();
    expect(actor.getSnapshot().context.printerStatus.sim?.state).toBe('ready');
  });

  it('keeps the pairing token encrypted in local storage', async () => {
    // The real storage: secure-storage.ts under the agent's own key (no server to announce an address).
    const { actor } = start({ storage: createSecureAgentStorage(async () => null) });
    const socket = await connect(actor, false);
    actor.send({ type: 'PAIR', code: '654321' });
    socket.reply('pair', { token: TOKEN });
    await flush();
    vi.useRealTimers();
    await settleSecureWrites();

    const stored = localStorage.getItem(AGENT_TOKEN_KEY);
    expect(stored).toMatch(/^n1\./);
    expect(stored).not.toContain(TOKEN);
    expect(await decrypt(stored ?? '')).toBe(TOKEN);
    expect(readAgentToken()).toBe(TOKEN);
    actor.stop();
  });

  it('reads the saved address and token from encrypted storage before connecting', async () => {
    vi.useRealTimers();
    saveAgentSettings({ ...DEFAULT_AGENT_SETTINGS, url: 'ws://localhost:4000/ws' });
    const { saveAgentToken } = await import('./agent-settings.ts');
    saveAgentToken(TOKEN);
    await settleSecureWrites();

    const actor = createActor(agentMachine, { input: { webSocket: FakeAgentSocket } });
    actor.start();
    actor.send({ type: 'CONNECT' });
    await vi.waitFor(() => expect(FakeAgentSocket.instances).toHaveLength(1));
    const socket = FakeAgentSocket.latest();
    expect(socket.url).toBe('ws://localhost:4000/ws');
    socket.open();
    expect(socket.lastRequest('hello').payload.token).toBe(TOKEN);
    actor.stop();
  });

  it('shows a wrong code and lets staff try again; a malformed code never reaches the agent', async () => {
    const { actor, phase } = start();
    const socket = await connect(actor, false);

    actor.send({ type: 'PAIR', code: '12a456' });
    expect(actor.getSnapshot().context.pairingError?.code).toBe('invalid-payload');
    expect(socket.sent.filter((f) => f.type === 'pair')).toHaveLength(0);

    actor.send({ type: 'PAIR', code: '111111' });
    socket.replyError('pair', 'pairing-failed', 'wrong pairing code; 4 attempts left');
    await flush();
    expect(phase()).toBe('pairing');
    expect(actor.getSnapshot().context.pairingError).toEqual({
      code: 'pairing-failed',
      message: 'wrong pairing code; 4 attempts left',
    });

    actor.send({ type: 'PAIR', code: '222222' });
    expect(actor.getSnapshot().context.pairingError).toBeNull();
    socket.reply('pair', { token: TOKEN });
    await flush();
    expect(phase()).toBe('ready');
  });

  it('reconnects with exponential back-off, and the hello with the token pairs again without a code', async () => {
    const storage = memoryStorage({ token: TOKEN });
    const { actor, phase } = start({ storage, backoff: { initialMs: 1000, maxMs: 8000 } });
    const first = await connect(actor, true);
    expect(phase()).toBe('ready');
    expect(first.lastRequest('hello').payload.token).toBe(TOKEN);

    // The agent restarts: the socket drops.
    first.drop(1006);
    expect(phase()).toBe('disconnected');
    expect(actor.getSnapshot().context.attempt).toBe(1);
    expect(actor.getSnapshot().context.retryAt).toBe(Date.now() + 1000);

    // Each failed attempt doubles the wait: 1 s, 2 s, 4 s, then the 8 s ceiling.
    const waits: number[] = [];
    for (let attempt = 0; attempt < 5; attempt++) {
      const before = FakeAgentSocket.instances.length;
      const started = Date.now();
      while (FakeAgentSocket.instances.length === before) await vi.advanceTimersByTimeAsync(100);
      waits.push(Date.now() - started);
      expect(phase()).toBe('connecting');
      FakeAgentSocket.latest().fail();
      expect(phase()).toBe('disconnected');
    }
    expect(waits).toEqual([1000, 2000, 4000, 8000, 8000]);

    // The agent is back: the next attempt opens, and the saved token pairs the new connection.
    await vi.advanceTimersByTimeAsync(8000);
    const again = FakeAgentSocket.latest();
    again.open();
    expect(again.lastRequest('hello').payload.token).toBe(TOKEN);
    again.reply('hello', helloResult(true));
    await flush();
    expect(phase()).toBe('ready');
    expect(actor.getSnapshot().context.attempt).toBe(0);
    expect(again.sent.some((f) => f.type === 'pair')).toBe(false);
  });

  it('counts a socket that never opens as a failed attempt', async () => {
    const { actor, phase } = start({ connectTimeoutMs: 3000 });
    actor.send({ type: 'CONNECT' });
    await flush();
    const socket = FakeAgentSocket.latest();
    await vi.advanceTimersByTimeAsync(3000);
    expect(phase()).toBe('disconnected');
    expect(actor.getSnapshot().context.problem?.code).toBe('timeout');
    expect(socket.closed).toBe(true);
  });

  it('gives up on an agent that never answers the hello, and closes that socket', async () => {
    const { actor, phase } = start({ requestTimeoutMs: 2000 });
    actor.send({ type: 'CONNECT' });
    await flush();
    const socket = FakeAgentSocket.latest();
    socket.open();
    await vi.advanceTimersByTimeAsync(2000);
    expect(phase()).toBe('disconnected');
    expect(socket.closed).toBe(true);
  });

  it('forgets a token the agent no longer accepts and asks for pairing', async () => {
    const storage = memoryStorage({ token: TOKEN });
    const { actor, phase } = start({ storage });
    await connect(actor, false);
    expect(phase()).toBe('pairing');
    expect(storage.state.token).toBeNull();
    expect(actor.getSnapshot().context.token).toBeNull();
  });

  it('Forget drops the token and starts over on a fresh, unpaired connection', async () => {
    const storage = memoryStorage({ token: TOKEN });
    const { actor, phase } = start({ storage });
    const first = await connect(actor, true);
    actor.send({ type: 'FORGET' });
    expect(storage.state.token).toBeNull();
    expect(first.closed).toBe(true);
    await flush();
    const second = FakeAgentSocket.latest();
    expect(second).not.toBe(first);
    second.open();
    expect(second.lastRequest('hello').payload.token).toBeUndefined();
    second.reply('hello', helloResult(false));
    await flush();
    expect(phase()).toBe('pairing');
  });

  it('tries again at once on RETRY, and at a new address on SET_URL', async () => {
    const { actor, phase } = start({ backoff: { initialMs: 60_000, maxMs: 60_000 } });
    actor.send({ type: 'CONNECT' });
    await flush();
    FakeAgentSocket.latest().fail();
    expect(phase()).toBe('disconnected');

    actor.send({ type: 'RETRY' });
    expect(phase()).toBe('connecting');
    expect(FakeAgentSocket.instances).toHaveLength(2);

    actor.send({ type: 'SET_URL', url: 'ws://127.0.0.1:3927/ws' });
    expect(FakeAgentSocket.instances[1]?.closed).toBe(true);
    expect(FakeAgentSocket.latest().url).toBe('ws://127.0.0.1:3927/ws');
    expect(phase()).toBe('connecting');
  });

  it('starts a fresh attempt when Connect is pressed while one to the same address is still opening', async () => {
    const { actor, phase } = start();
    actor.send({ type: 'CONNECT' });
    await flush();
    expect(phase()).toBe('connecting');
    const stale = FakeAgentSocket.latest();

    actor.send({ type: 'SET_URL', url: stale.url });
    actor.send({ type: 'RETRY' });
    await flush();

    expect(FakeAgentSocket.instances).toHaveLength(2);
    expect(FakeAgentSocket.latest()).not.toBe(stale);
    expect(FakeAgentSocket.latest().url).toBe(stale.url);
    FakeAgentSocket.latest().open();
    await flush();
    expect(FakeAgentSocket.latest().lastRequest('hello')).toBeDefined();
  });

  it('connects to an address chosen while the saved one is still read, not to what the read brings back', async () => {
    // The start reads storage and asks the server for its agent's port; a slow answer falls back to the
    // default address. A Connect pressed meanwhile (Local settings) must not be undone by it.
    let finishLoad: (loaded: { url: string; token: string | null }) => void = () => undefined;
    const storage: AgentStorage = {
      load: () => new Promise((resolve) => (finishLoad = resolve)),
      saveToken: () => undefined,
      forgetToken: () => undefined,
    };
    const { actor, phase } = start({ storage });
    actor.send({ type: 'CONNECT' });
    await flush();
    expect(phase()).toBe('connecting');

    actor.send({ type: 'SET_URL', url: 'ws://127.0.0.1:3927/ws' });
    actor.send({ type: 'RETRY' });
    finishLoad({ url: 'ws://127.0.0.1:17900/ws', token: TOKEN });
    await flush();

    expect(FakeAgentSocket.instances).toHaveLength(1);
    expect(FakeAgentSocket.latest().url).toBe('ws://127.0.0.1:3927/ws');
    // The token still comes from storage.
    FakeAgentSocket.latest().open();
    expect(FakeAgentSocket.latest().lastRequest('hello').payload.token).toBe(TOKEN);

    // A later start reads storage afresh: the choice of an earlier start is not kept over it.
    actor.send({ type: 'DISCONNECT' });
    actor.send({ type: 'CONNECT' });
    finishLoad({ url: 'ws://127.0.0.1:4000/ws', token: TOKEN });
    await flush();
    expect(FakeAgentSocket.latest().url).toBe('ws://127.0.0.1:4000/ws');
  });

  it('hands on scan and job events, and keeps printer status from events', async () => {
    const { actor, emitted } = start({ storage: memoryStorage({ token: TOKEN }) });
    const socket = await connect(actor, true);
    socket.receive({
      v: 1,
      event: 'scan',
      payload: { scannerId: 'sim-scanner', code: '4006381333931', at: '2026-03-02T09:00:00.000Z' },
    });
    const job = {
      jobId: 'job-1',
      printerId: 'sim',
      status: 'done',
      createdAt: '2026-03-02T09:00:00.000Z',
      updatedAt: '2026-03-02T09:00:01.000Z',
    };
    socket.receive({ v: 1, event: 'job-status', payload: job });
    socket.receive({
      v: 1,
      event: 'printer-status',
      payload: {
        printerId: 'sim',
        status: { ...READY_STATUS, state: 'offline', online: false, paperOut: true, error: 'paper out' },
      },
    });
    // Garbage from the agent is ignored, never fatal.
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    socket.receive('not json');
    socket.receive({ v: 1, event: 'scan', payload: { code: '' } });

    expect(emitted).toEqual([
      { type: 'scan', scannerId: 'sim-scanner', code: '4006381333931', at: '2026-03-02T09:00:00.000Z' },
      { type: 'job', job },
    ]);
    expect(actor.getSnapshot().context.printerStatus.sim?.paperOut).toBe(true);
    expect(agentPhase(actor.getSnapshot())).toBe('ready');
  });

  it('closes the socket and stops retrying on DISCONNECT', async () => {
    const { actor, phase } = start({ storage: memoryStorage({ token: TOKEN }) });
    const socket = await connect(actor, true);
    actor.send({ type: 'DISCONNECT' });
    expect(phase()).toBe('off');
    expect(socket.closed).toBe(true);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(FakeAgentSocket.instances).toHaveLength(1);
  });

  it('requests through the connection resolve with validated results and fail on the agent error', async () => {
    const { actor } = start({ storage: memoryStorage({ token: TOKEN }) });
    const socket = await connect(actor, true);
    const connection = actor.getSnapshot().context.connection;
    expect(connection).not.toBeNull();

    const kiosk = connection!.request('kiosk-identity', { challenge: 'c'.repeat(16), locationId: 1 });
    socket.replyError('kiosk-identity', 'unauthorized', 'pair with the agent first');
    await expect(kiosk).rejects.toMatchObject({ code: 'unauthorized' });

    const status = connection!.request('job-status', { jobId: 'nope' });
    // A result that does not match the schema of the request is not trusted.
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    socket.reply('job-status', { job: { jobId: 'nope' } });
    const timedOut = expect(status).rejects.toMatchObject({ code: 'timeout' });
    await vi.advanceTimersByTimeAsync(10_000);
    await timedOut;
  });
});

describe('backoffDelay', () => {
  it('doubles from the initial wait up to the maximum', () => {
    const backoff = { initialMs: 500, maxMs: 30_000 };
    expect([1, 2, 3, 4, 5, 6, 7, 8, 50].map((n) => backoffDelay(n, backoff))).toEqual([
      500, 1000, 2000, 4000, 8000, 16_000, 30_000, 30_000, 30_000,
    ]);
  });
});

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { errorReply } from '@nine/shared/agent-protocol';
import {
  ALLOWED_ORIGIN,
  connect,
  pairedClient,
  removeDir,
  startAgent,
  type RunningAgent,
} from './helpers/agent-harness.ts';

let running: RunningAgent;

beforeEach(async () => {
  running = await startAgent();
});
afterEach(async () => {
  await running.close();
  await removeDir(running.dataDir);
});

describe('websocket handshake', () => {
  it('accepts the back office origin on a loopback host', async () => {
    const client = await connect(running.wsUrl);
    const reply = await client.request('hello');
    expect(reply).toMatchObject({ ok: true, result: { name: 'nine-agent', simulated: true, paired: false } });
    await client.close();
  });

  it('refuses a foreign Origin with 403 before the upgrade', async () => {
    await expect(connect(running.wsUrl, { origin: 'https://evil.example' })).rejects.toThrow('403');
    await expect(connect(running.wsUrl, { origin: 'http://localhost:3001' })).rejects.toThrow('403');
  });

  it('refuses a websocket without Origin', async () => {
    await expect(running.agent.app.injectWS('/ws', { headers: { host: 'localhost' } })).rejects.toThrow(
      '403',
    );
  });

  it('refuses a rebinding Host even with an allowed Origin', async () => {
    await expect(
      connect(running.wsUrl, { headers: { host: `attacker.example:${running.port}` } }),
    ).rejects.toThrow('403');
    await expect(
      running.agent.app.injectWS('/ws', { headers: { origin: ALLOWED_ORIGIN, host: '127.0.0.1.nip.io' } }),
    ).rejects.toThrow('403');
  });

  it('accepts localhost, 127.0.0.1 and [::1] as Host', async () => {
    for (const host of ['localhost', `127.0.0.1:${running.port}`, '[::1]:17900']) {
      const ws = await running.agent.app.injectWS('/ws', { headers: { origin: ALLOWED_ORIGIN, host } });
      ws.terminate();
    }
  });
});

describe('GET /status', () => {
  it('describes the agent and its simulated devices', async () => {
    const response = await running.agent.app.inject({ url: '/status', headers: { host: 'localhost' } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      name: 'nine-agent',
      simulated: true,
      printers: [{ id: 'sim-printer', kind: 'simulated', paperWidthMm: 58, dotsPerLine: 384, columns: 32 }],
      scanners: [{ id: 'sim-scanner', kind: 'simulated' }],
    });
  });

  it('refuses a rebinding Host and a foreign Origin', async () => {
    const rebinding = await running.agent.app.inject({ url: '/status', headers: { host: 'evil.example' } });
    expect(rebinding.statusCode).toBe(403);
    const foreign = await running.agent.app.inject({
      url: '/status',
      headers: { host: 'localhost', origin: 'https://evil.example' },
    });
    expect(foreign.statusCode).toBe(403);
    const allowed = await running.agent.app.inject({
      url: '/status',
      headers: { host: 'localhost', origin: ALLOWED_ORIGIN },
    });
    expect(allowed.headers['access-control-allow-origin']).toBe(ALLOWED_ORIGIN);
  });
});

describe('control port', () => {
  it('refuses browsers and foreign hosts', async () => {
    const fromPage = await running.agent.control.inject({
      url: '/simulate/pairing-code',
      headers: { host: 'localhost', origin: ALLOWED_ORIGIN },
    });
    expect(fromPage.statusCode).toBe(403);
    const rebinding = await running.agent.control.inject({
      url: '/simulate/pairing-code',
      headers: { host: 'evil.example' },
    });
    expect(rebinding.statusCode).toBe(403);
    const local = await running.agent.control.inject({
      url: '/simulate/pairing-code',
      headers: { host: '127.0.0.1' },
    });
    expect(local.statusCode).toBe(200);
    expect(local.json()).toMatchObject({ code: expect.stringMatching(/^\d{6}$/), attemptsLeft: 5 });
  });
});

describe('malformed messages', () => {
  it('answers each with an error reply and keeps serving', async () => {
    const client = await connect(running.wsUrl);
    expect(await client.sendRaw('{"v":1,"id":')).toEqual(
      errorReply(null, 'bad-json', 'the message is not valid JSON'),
    );
    expect(await client.sendRaw('"hello"')).toMatchObject({
      ok: false,
      id: null,
      error: { code: 'bad-envelope' },
    });
    expect(
      await client.sendRaw(JSON.stringify({ v: 1, id: 'u1', type: 'self-destruct', payload: {} })),
    ).toMatchObject({
      ok: false,
      id: 'u1',
      error: { code: 'unknown-type' },
    });
    expect(await client.sendRaw(JSON.stringify({ v: 9, id: 'u2', type: 'hello' }))).toMatchObject({
      id: 'u2',
      error: { code: 'unsupported-version' },
    });
    expect(await client.sendRaw(Buffer.from([0xff, 0x00, 0x13]))).toMatchObject({
      ok: false,
      error: { code: 'bad-json' },
    });
    expect(await client.request('pair', { code: 'abc' })).toMatchObject({
      error: { code: 'invalid-payload' },
    });

    // Same connection, still answering; and a second client is unaffected.
    expect(await client.request('hello')).toMatchObject({ ok: true });
    const other = await connect(running.wsUrl);
    expect(await other.request('hello')).toMatchObject({ ok: true });
    await Promise.all([client.close(), other.close()]);
  });
});

describe('privileged calls', () => {
  const receiptJob = { kind: 'text', text: 'hello' } as const;

  it('refuses print, printer-status and job-status without a token', async () => {
    const client = await connect(running.wsUrl);
    for (const reply of [
      await client.request('print', { job: receiptJob }),
      await client.request('printer-status'),
      await client.request('job-status', { jobId: 'whatever' }),
    ]) {
      expect(reply).toMatchObject({ ok: false, error: { code: 'unauthorized' } });
    }
    await client.close();
  });

  it('refuses a wrong token, on the request or in hello', async () => {
    const client = await connect(running.wsUrl);
    const forged = 'A'.repeat(43);
    expect(await client.request('print', { job: receiptJob }, forged)).toMatchObject({
      error: { code: 'unauthorized' },
    });
    expect(await client.request('hello', { token: forged })).toMatchObject({
      ok: true,
      result: { paired: false },
    });
    expect(await client.request('printer-status')).toMatchObject({ error: { code: 'unauthorized' } });
    await client.close();
  });

  it('accepts the issued token on a new connection', async () => {
    const { client, token } = await pairedClient(running);
    await client.close();
    const viaRequest = await connect(running.wsUrl);
    expect(await viaRequest.request('printer-status', {}, token)).toMatchObject({
      ok: true,
      result: { printers: [{ printerId: 'sim-printer', status: { online: true } }] },
    });
    const viaHello = await connect(running.wsUrl);
    expect(await viaHello.request('hello', { token })).toMatchObject({ result: { paired: true } });
    expect(await viaHello.request('printer-status')).toMatchObject({ ok: true });
    await Promise.all([viaRequest.close(), viaHello.close()]);
  });
});

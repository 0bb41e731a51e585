import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  connect,
  pairingCode,
  removeDir,
  startAgent,
  wrongCode,
  type RunningAgent,
} from './helpers/agent-harness.ts';

const started: RunningAgent[] = [];
async function start(...args: Parameters<typeof startAgent>) {
  const running = await startAgent(...args);
  started.push(running);
  return running;
}
afterEach(async () => {
  for (const running of started.splice(0)) {
    await running.close();
    await removeDir(running.dataDir);
  }
});

describe('pairing', () => {
  it('exchanges the code for a token once, and keeps only its hash in a 0600 file', async () => {
    const running = await start();
    const code = await pairingCode(running.controlUrl);
    const client = await connect(running.wsUrl);
    const reply = await client.request('pair', { code });
    expect(reply.ok).toBe(true);
    const token = reply.ok ? (reply.result as { token: string }).token : '';
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);

    // One time only.
    expect(await client.request('pair', { code })).toMatchObject({ error: { code: 'pairing-unavailable' } });

    const secretsPath = join(running.dataDir, 'secrets.json');
    if (process.platform !== 'win32') expect((await stat(secretsPath)).mode & 0o777).toBe(0o600);
    const secrets = await readFile(secretsPath, 'utf8');
    expect(secrets).not.toContain(token);
    expect(secrets).toContain(createHash('sha256').update(token).digest('hex'));
    await client.close();
  });

  it('burns the code after 5 wrong attempts, even for the right code afterwards', async () => {
    const running = await start();
    const code = await pairingCode(running.controlUrl);
    const client = await connect(running.wsUrl);
    const replies = [];
    for (let attempt = 0; attempt < 5; attempt += 1)
      replies.push(await client.request('pair', { code: wrongCode(code) }));
    expect(replies.map((r) => (r.ok ? 'ok' : r.error.code))).toEqual(Array(5).fill('pairing-failed'));
    expect(replies[0]).toMatchObject({ error: { message: expect.stringContaining('4 attempts left') } });
    expect(replies[4]).toMatchObject({ error: { message: expect.stringContaining('burned') } });

    expect(await client.request('pair', { code })).toMatchObject({ error: { code: 'pairing-unavailable' } });
    expect((await fetch(`${running.controlUrl}/simulate/pairing-code`)).status).toBe(404);

    // Attempts spread over several connections count against the same code.
    const fresh = (await (await fetch(`${running.controlUrl}/pairing-code`, { method: 'POST' })).json()) as {
      code: string;
    };
    expect(fresh.code).toMatch(/^\d{6}$/);
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const other = await connect(running.wsUrl);
      await other.request('pair', { code: wrongCode(fresh.code) });
      await other.close();
    }
    expect(await client.request('pair', { code: fresh.code })).toMatchObject({
      error: { code: 'pairing-unavailable' },
    });

    const third = (await (await fetch(`${running.controlUrl}/pairing-code`, { method: 'POST' })).json()) as {
      code: string;
    };
    expect(await client.request('pair', { code: third.code })).toMatchObject({ ok: true });
    await client.close();
  });

  it('expires the code after its lifetime', async () => {
    let clock = Date.parse('2026-05-01T10:00:00Z');
    const running = await start({ now: () => clock });
    const code = await pairingCode(running.controlUrl);
    clock += 5 * 60_000;
    const client = await connect(running.wsUrl);
    expect(await client.request('pair', { code })).toMatchObject({ error: { code: 'pairing-unavailable' } });
    await client.close();
  });

  it('keeps tokens valid across a restart on the same data folder', async () => {
    const first = await start();
    const client = await connect(first.wsUrl);
    const reply = await client.request('pair', { code: await pairingCode(first.controlUrl) });
    const token = reply.ok ? (reply.result as { token: string }).token : '';
    await client.close();
    await first.close();
    started.splice(started.indexOf(first), 1);

    const second = await start({ dataDir: first.dataDir });
    const again = await connect(second.wsUrl);
    expect(await again.request('hello', { token })).toMatchObject({ result: { paired: true } });
    await again.close();
  });
});

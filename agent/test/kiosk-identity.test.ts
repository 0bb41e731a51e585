import { createHmac } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { kioskProofMessage } from '@nine/shared/agent-protocol';
import { connect, pairedClient, removeDir, startAgent, type RunningAgent } from './helpers/agent-harness.ts';

let running: RunningAgent | undefined;
afterEach(async () => {
  await running?.close();
  if (running !== undefined) await removeDir(running.dataDir);
  running = undefined;
});

const NONCE = 'srv-nonce-0123456789abcdef';

describe('kiosk identity', () => {
  it('proves the device with an HMAC of the nonce under the secret it keeps in a 0600 file', async () => {
    running = await startAgent({ deviceName: 'Caja 1 — Ría' });
    const { client } = await pairedClient(running);
    const reply = await client.request('kiosk-identity', { nonce: NONCE });
    if (!reply.ok) throw new Error(reply.error.message);
    const result = reply.result as {
      deviceId: string;
      name: string;
      proof: string;
      algorithm: string;
      secret?: string;
    };

    const file = join(running.dataDir, 'device-identity.json');
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    const stored = JSON.parse(await readFile(file, 'utf8')) as { deviceId: string; secret: string };
    const expected = createHmac('sha256', Buffer.from(stored.secret, 'base64url'))
      .update(kioskProofMessage(stored.deviceId, NONCE))
      .digest('base64url');
    expect(result).toEqual({
      deviceId: stored.deviceId,
      name: 'Caja 1 — Ría',
      algorithm: 'HMAC-SHA256',
      nonce: NONCE,
      proof: expected,
    });
    expect('secret' in result).toBe(false);

    // Another nonce, another proof; enrolment hands over the secret the server will verify with.
    const other = await client.request('kiosk-identity', { nonce: `${NONCE}-2`, enroll: true });
    expect(other).toMatchObject({ ok: true, result: { deviceId: stored.deviceId, secret: stored.secret } });
    expect((other as { result: { proof: string } }).result.proof).not.toBe(expected);
    await client.close();
  });

  it('keeps the same identity across restarts', async () => {
    running = await startAgent();
    const first = running.agent.identity.prove(NONCE);
    const dataDir = running.dataDir;
    await running.close();
    running = await startAgent({ dataDir });
    expect(running.agent.identity.prove(NONCE)).toEqual(first);
  });

  it('answers unpaired connections and bad nonces with errors', async () => {
    running = await startAgent();
    const stranger = await connect(running.wsUrl);
    expect(await stranger.request('kiosk-identity', { nonce: NONCE })).toMatchObject({
      ok: false,
      error: { code: 'unauthorized' },
    });
    const { client } = await pairedClient(running);
    expect(await client.request('kiosk-identity', { nonce: 'short' })).toMatchObject({
      ok: false,
      error: { code: 'invalid-payload' },
    });
    await stranger.close();
    await client.close();
  });
});

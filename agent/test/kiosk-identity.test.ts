import { createPrivateKey, createPublicKey, randomUUID, verify } from 'node:crypto';
import { mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { kioskProofMessage } from '@nine/shared/agent-protocol';
import {
  connect,
  makeDataDir,
  pairedClient,
  removeDir,
  startAgent,
  type RunningAgent,
} from './helpers/agent-harness.ts';

let running: RunningAgent | undefined;
afterEach(async () => {
  await running?.close();
  if (running !== undefined) await removeDir(running.dataDir);
  running = undefined;
});

const CHALLENGE = 'srv-challenge-0123456789abcdef';
const LOCATION = 7;

/** The raw 32-byte Ed25519 public key (base64url) as a key object. */
function publicKeyOf(raw: string) {
  return createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: raw }, format: 'jwk' });
}

/** Every encoding of the private key that could leak: the PKCS#8 DER, its PEM body and the raw seed. */
async function privateKeyMaterial(dataDir: string): Promise<string[]> {
  const stored = JSON.parse(await readFile(join(dataDir, 'device-identity.json'), 'utf8')) as {
    privateKey: string;
  };
  const der = Buffer.from(stored.privateKey, 'base64url');
  const key = createPrivateKey({ key: der, format: 'der', type: 'pkcs8' });
  const seed = Buffer.from(key.export({ format: 'jwk' }).d!, 'base64url');
  expect(seed).toHaveLength(32);
  return [
    stored.privateKey,
    der.toString('base64'),
    der.toString('hex'),
    seed.toString('base64url'),
    seed.toString('base64'),
    seed.toString('hex'),
  ];
}

describe('kiosk identity', () => {
  it('signs the challenge with an Ed25519 key kept in a 0600 file, and hands out no secret', async () => {
    running = await startAgent({ deviceName: 'Caja 1 — Ría' });
    const { client } = await pairedClient(running);
    const reply = await client.request('kiosk-identity', { challenge: CHALLENGE, locationId: LOCATION });
    if (!reply.ok) throw new Error(reply.error.message);
    const result = reply.result as {
      deviceId: string;
      publicKey: string;
      signature: string;
    };

    const file = join(running.dataDir, 'device-identity.json');
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    const stored = JSON.parse(await readFile(file, 'utf8')) as { deviceId: string };
    expect(result).toEqual({
      deviceId: stored.deviceId,
      name: 'Caja 1 — Ría',
      algorithm: 'Ed25519',
      publicKey: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      challenge: CHALLENGE,
      locationId: LOCATION,
      signature: expect.stringMatching(/^[A-Za-z0-9_-]{86}$/),
    });
    const message = (challenge: string, locationId: number) =>
      Buffer.from(kioskProofMessage({ challenge, deviceId: stored.deviceId, locationId }));
    const key = publicKeyOf(result.publicKey);
    const signature = Buffer.from(result.signature, 'base64url');
    expect(verify(null, message(CHALLENGE, LOCATION), key, signature)).toBe(true);
    // The signature is bound to the challenge and the location.
    expect(verify(null, message(`${CHALLENGE}-2`, LOCATION), key, signature)).toBe(false);
    expect(verify(null, message(CHALLENGE, LOCATION + 1), key, signature)).toBe(false);

    // An old client asking to enroll gets a signature like anyone else, never the key.
    const other = await client.request('kiosk-identity', {
      challenge: `${CHALLENGE}-2`,
      locationId: LOCATION,
      enroll: true,
    } as never);
    expect(other).toMatchObject({ ok: true, result: { publicKey: result.publicKey } });
    expect(Object.keys((other as { result: object }).result).sort()).toEqual(
      ['algorithm', 'challenge', 'deviceId', 'locationId', 'name', 'publicKey', 'signature'].sort(),
    );

    const material = await privateKeyMaterial(running.dataDir);
    expect(client.frames.length).toBeGreaterThanOrEqual(2);
    for (const frame of client.frames) {
      const text = JSON.stringify(frame);
      for (const secret of material) expect(text).not.toContain(secret);
      expect(text).not.toMatch(/secret|privateKey|PRIVATE KEY/i);
    }
    await client.close();
  });

  it('keeps the same device id and key pair across restarts', async () => {
    running = await startAgent();
    const first = running.agent.identity.prove({ challenge: CHALLENGE, locationId: LOCATION });
    const dataDir = running.dataDir;
    await running.close();
    running = await startAgent({ dataDir });
    const again = running.agent.identity.prove({ challenge: CHALLENGE, locationId: LOCATION });
    expect(again.deviceId).toBe(first.deviceId);
    expect(again.publicKey).toBe(first.publicKey);
    // Ed25519 is deterministic: the same key signs the same message the same way.
    expect(again.signature).toBe(first.signature);
    expect((await stat(join(dataDir, 'device-identity.json'))).mode & 0o777).toBe(0o600);
  });

  it('upgrades an identity file of the HMAC era: same device id, a key pair, the secret gone', async () => {
    const dataDir = await makeDataDir();
    await mkdir(dataDir, { recursive: true });
    const deviceId = randomUUID();
    const secret = 'c2VjcmV0LW9mLXRoZS1obWFjLWVyYS0zMi1ieXRlcyE';
    const file = join(dataDir, 'device-identity.json');
    await writeFile(file, JSON.stringify({ deviceId, secret, createdAt: '2024-01-01T00:00:00.000Z' }), {
      mode: 0o644,
    });
    running = await startAgent({ dataDir });
    const proof = running.agent.identity.prove({ challenge: CHALLENGE, locationId: LOCATION });
    expect(proof.deviceId).toBe(deviceId);
    const text = await readFile(file, 'utf8');
    expect(text).not.toContain(secret);
    expect(JSON.parse(text)).toMatchObject({ version: 2, deviceId, createdAt: '2024-01-01T00:00:00.000Z' });
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(
      verify(
        null,
        Buffer.from(kioskProofMessage({ challenge: CHALLENGE, deviceId, locationId: LOCATION })),
        publicKeyOf(proof.publicKey),
        Buffer.from(proof.signature, 'base64url'),
      ),
    ).toBe(true);
  });

  it('answers unpaired connections and bad challenges with errors', async () => {
    running = await startAgent();
    const stranger = await connect(running.wsUrl);
    expect(
      await stranger.request('kiosk-identity', { challenge: CHALLENGE, locationId: LOCATION }),
    ).toMatchObject({
      ok: false,
      error: { code: 'unauthorized' },
    });
    const { client } = await pairedClient(running);
    for (const payload of [
      { challenge: 'short', locationId: LOCATION },
      { challenge: CHALLENGE, locationId: 0 },
      { challenge: CHALLENGE },
    ])
      expect(await client.request('kiosk-identity', payload as never)).toMatchObject({
        ok: false,
        error: { code: 'invalid-payload' },
      });
    await stranger.close();
    await client.close();
  });
});

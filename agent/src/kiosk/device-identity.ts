import {
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  randomUUID,
  sign,
  type KeyObject,
} from 'node:crypto';
import { chmod, mkdir, open, readFile, rename, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { KIOSK_PROOF_ALGORITHM, kioskProofMessage, type AgentResult } from '@nine/shared/agent-protocol';

/**
 * Who this counter PC is, for the server's kiosk registration: an id and an Ed25519 key pair. Only the public
 * key and signatures leave the agent; the private key stays in the identity file.
 */
export interface DeviceIdentity {
  readonly deviceId: string;
  readonly name: string;
  /** base64url of the raw 32-byte public key. */
  readonly publicKey: string;
  /** The kiosk-identity answer: the server's challenge for a location, signed with the private key. */
  prove(request: { challenge: string; locationId: number }): AgentResult<'kiosk-identity'>;
}

interface StoredIdentity {
  version: 2;
  deviceId: string;
  /** PKCS#8 DER of the Ed25519 private key, base64url. */
  privateKey: string;
  createdAt: string;
}

const FILE_MODE = 0o600;
const ED25519_RAW_KEY_BYTES = 32;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function hasDeviceId(v: Record<string, unknown>): v is Record<string, unknown> & { deviceId: string } {
  return typeof v.deviceId === 'string' && /^[\x21-\x7e]{1,64}$/.test(v.deviceId);
}

function privateKeyOf(stored: StoredIdentity): KeyObject {
  const key = createPrivateKey({
    key: Buffer.from(stored.privateKey, 'base64url'),
    format: 'der',
    type: 'pkcs8',
  });
  if (key.asymmetricKeyType !== 'ed25519') throw new Error('the device key is not an Ed25519 key');
  return key;
}

function rawPublicKey(privateKey: KeyObject): string {
  // The SPKI DER of an Ed25519 key ends with the raw 32-byte key.
  const spki = createPublicKey(privateKey).export({ format: 'der', type: 'spki' });
  return spki.subarray(spki.length - ED25519_RAW_KEY_BYTES).toString('base64url');
}

function newIdentity(deviceId: string, createdAt: string): StoredIdentity {
  const { privateKey } = generateKeyPairSync('ed25519');
  return {
    version: 2,
    deviceId,
    privateKey: privateKey.export({ format: 'der', type: 'pkcs8' }).toString('base64url'),
    createdAt,
  };
}

async function writeIdentity(path: string, identity: StoredIdentity): Promise<void> {
  const temporary = `${path}.${process.pid}.tmp`;
  const handle = await open(temporary, 'w', FILE_MODE);
  try {
    // The umask or a leftover file could leave it wider: set the mode before the key is written.
    await handle.chmod(FILE_MODE);
    await handle.writeFile(`${JSON.stringify(identity, null, 2)}\n`);
    await handle.sync();
  } finally {
    await handle.close();
  }
  await rename(temporary, path);
}

/**
 * The stored identity, upgraded if needed. A file of the HMAC era (`{ deviceId, secret }`) keeps its device
 * id, so the server still knows the PC, and gets a key pair in place of the secret, which is dropped: it was
 * handed out by `enroll` and can no longer prove anything.
 */
async function readStored(path: string): Promise<StoredIdentity | null> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  const parsed: unknown = JSON.parse(text);
  if (!isRecord(parsed) || !hasDeviceId(parsed))
    throw new Error(`${path} is not a device identity of this agent`);
  const createdAt = typeof parsed.createdAt === 'string' ? parsed.createdAt : new Date().toISOString();
  if (parsed.version === 2 && typeof parsed.privateKey === 'string') {
    const stored: StoredIdentity = {
      version: 2,
      deviceId: parsed.deviceId,
      privateKey: parsed.privateKey,
      createdAt,
    };
    privateKeyOf(stored);
    if (((await stat(path)).mode & 0o077) !== 0) await chmod(path, FILE_MODE);
    return stored;
  }
  if (typeof parsed.secret === 'string') {
    const upgraded = newIdentity(parsed.deviceId, createdAt);
    await writeIdentity(path, upgraded);
    return upgraded;
  }
  throw new Error(`${path} is not a device identity of this agent`);
}

/**
 * Loads `<dataDir>/device-identity.json` (mode 0600), creating it with a random id and an Ed25519 key pair on
 * first use. It is kept apart from the pairing secrets so that resetting pairings keeps the kiosk registered.
 */
export async function loadDeviceIdentity(options: {
  dataDir: string;
  name: string;
}): Promise<DeviceIdentity> {
  const path = join(options.dataDir, 'device-identity.json');
  let stored = await readStored(path);
  if (stored === null) {
    stored = newIdentity(randomUUID(), new Date().toISOString());
    await mkdir(options.dataDir, { recursive: true, mode: 0o700 });
    await writeIdentity(path, stored);
  }
  const { deviceId } = stored;
  const privateKey = privateKeyOf(stored);
  const publicKey = rawPublicKey(privateKey);
  const name = options.name.trim().slice(0, 128) || deviceId;

  return {
    deviceId,
    name,
    publicKey,
    prove({ challenge, locationId }) {
      const message = Buffer.from(kioskProofMessage({ challenge, deviceId, locationId }), 'utf8');
      return {
        deviceId,
        name,
        algorithm: KIOSK_PROOF_ALGORITHM,
        publicKey,
        challenge,
        locationId,
        signature: sign(null, message, privateKey).toString('base64url'),
      };
    },
  };
}

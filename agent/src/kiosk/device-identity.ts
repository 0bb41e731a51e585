import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { chmod, mkdir, open, readFile, rename, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { KIOSK_PROOF_ALGORITHM, kioskProofMessage, type AgentResult } from '@nine/shared/agent-protocol';

/** Who this counter PC is, for the server's kiosk registration. The secret never leaves except by `enroll`. */
export interface DeviceIdentity {
  readonly deviceId: string;
  readonly name: string;
  /** The kiosk-identity answer: the nonce signed with the device secret. */
  prove(nonce: string, options?: { enroll?: boolean }): AgentResult<'kiosk-identity'>;
}

interface StoredIdentity {
  deviceId: string;
  secret: string;
  createdAt: string;
}

const FILE_MODE = 0o600;
const SECRET_BYTES = 32;

function isStoredIdentity(value: unknown): value is StoredIdentity {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.deviceId === 'string' &&
    v.deviceId.length > 0 &&
    typeof v.secret === 'string' &&
    Buffer.from(v.secret, 'base64url').length === SECRET_BYTES &&
    typeof v.createdAt === 'string'
  );
}

async function writeIdentity(path: string, identity: StoredIdentity): Promise<void> {
  const temporary = `${path}.${process.pid}.tmp`;
  const handle = await open(temporary, 'w', FILE_MODE);
  try {
    // The umask or a leftover file could leave it wider: set the mode before the secret is written.
    await handle.chmod(FILE_MODE);
    await handle.writeFile(`${JSON.stringify(identity, null, 2)}\n`);
    await handle.sync();
  } finally {
    await handle.close();
  }
  await rename(temporary, path);
}

/**
 * Loads `<dataDir>/device-identity.json` (mode 0600), creating it with a random id and a 256-bit secret on
 * first use. It is kept apart from the pairing secrets so that resetting pairings keeps the kiosk registered.
 */
export async function loadDeviceIdentity(options: {
  dataDir: string;
  name: string;
}): Promise<DeviceIdentity> {
  const path = join(options.dataDir, 'device-identity.json');
  let stored: StoredIdentity;
  try {
    const parsed: unknown = JSON.parse(await readFile(path, 'utf8'));
    if (!isStoredIdentity(parsed)) throw new Error(`${path} is not a device identity of this agent`);
    if (((await stat(path)).mode & 0o077) !== 0) await chmod(path, FILE_MODE);
    stored = parsed;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    stored = {
      deviceId: randomUUID(),
      secret: randomBytes(SECRET_BYTES).toString('base64url'),
      createdAt: new Date().toISOString(),
    };
    await mkdir(options.dataDir, { recursive: true, mode: 0o700 });
    await writeIdentity(path, stored);
  }
  const key = Buffer.from(stored.secret, 'base64url');
  const name = options.name.trim().slice(0, 128) || stored.deviceId;

  return {
    deviceId: stored.deviceId,
    name,
    prove(nonce, { enroll = false } = {}) {
      const proof = createHmac('sha256', key)
        .update(kioskProofMessage(stored.deviceId, nonce))
        .digest('base64url');
      return {
        deviceId: stored.deviceId,
        name,
        algorithm: KIOSK_PROOF_ALGORITHM,
        nonce,
        proof,
        ...(enroll ? { secret: stored.secret } : {}),
      };
    },
  };
}

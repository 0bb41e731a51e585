import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * Secrets kept in the database (a Square access token) are sealed with AES-256-GCM under a server key from
 * the environment, `NINE_SECRET_KEY` (32 bytes, base64: `openssl rand -base64 32`), so a copy of the
 * database alone does not reveal them. Sealed text: `v1:<iv>:<tag>:<ciphertext>`, each part base64.
 */
export interface SecretBox {
  seal(plain: string): string;
  open(sealed: string): string;
  /** True when the key is the development one (no NINE_SECRET_KEY outside production). */
  development: boolean;
}

/** The development key: public by construction, for dev, tests and the demo only. */
const DEVELOPMENT_KEY = createHash('sha256')
  .update('nine development secret key - not for production')
  .digest();

export class SecretKeyMissingError extends Error {
  constructor() {
    super('NINE_SECRET_KEY is not set: secrets cannot be saved in production without it');
  }
}

/**
 * The box for this environment: the configured key, else the labelled development key when NODE_ENV is not
 * production; in production without a key, null (saving a secret is then refused, nothing else is).
 */
export function secretBoxFromEnv(env: NodeJS.ProcessEnv = process.env): SecretBox | null {
  const configured = env.NINE_SECRET_KEY;
  if (configured !== undefined && configured !== '') return createSecretBox(decodeKey(configured));
  if (env.NODE_ENV === 'production') return null;
  return createSecretBox(DEVELOPMENT_KEY, true);
}

function decodeKey(base64: string): Buffer {
  const key = Buffer.from(base64, 'base64');
  if (key.length !== 32) throw new Error('NINE_SECRET_KEY must be 32 bytes, base64-encoded');
  return key;
}

export function createSecretBox(key: Buffer, development = false): SecretBox {
  if (key.length !== 32) throw new Error('secret-box: the key must be 32 bytes');
  return {
    development,
    seal(plain) {
      // A fresh 96-bit nonce per seal: GCM must never reuse one under the same key.
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return ['v1', iv, cipher.getAuthTag(), data]
        .map((p) => (typeof p === 'string' ? p : p.toString('base64')))
        .join(':');
    },
    open(sealed) {
      const [version, iv, tag, data] = sealed.split(':');
      if (version !== 'v1' || iv === undefined || tag === undefined || data === undefined)
        throw new Error('secret-box: not a sealed secret');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64'));
      // The tag authenticates: another key, or altered text, throws here instead of answering garbage.
      decipher.setAuthTag(Buffer.from(tag, 'base64'));
      return Buffer.concat([decipher.update(Buffer.from(data, 'base64')), decipher.final()]).toString('utf8');
    },
  };
}

/**
 * Client data in localStorage is encrypted with a fixed built-in secret, compression off (spec section 7).
 * AES-GCM through WebCrypto: the secret only keeps casual eyes and other scripts' naive reads off the
 * token and permissions; anyone with the bundle can derive the key, as the spec accepts.
 *
 * WebCrypto is asynchronous but the app reads its data synchronously (the session is needed before the
 * first render), so values are decrypted once at start-up (`loadSecure`) and kept next to the ciphertext
 * they came from. A read answers only while localStorage still holds that ciphertext, so a cleared or
 * foreign value is never mistaken for ours. Writes are visible at once and land encrypted shortly after.
 */

const SECRET = 'nine/back-office/local-data/2026';
const FORMAT = 'n1';

let keyPromise: Promise<CryptoKey> | null = null;

function key(): Promise<CryptoKey> {
  keyPromise ??= crypto.subtle
    .digest('SHA-256', new TextEncoder().encode(SECRET))
    .then((raw) => crypto.subtle.importKey('raw', raw, 'AES-GCM', false, ['encrypt', 'decrypt']));
  return keyPromise;
}

function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

function fromBase64(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

export async function encrypt(plain: string): Promise<string> {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const sealed = await crypto.subtle.encrypt(
    { name: 'AES-GCM', iv },
    await key(),
    new TextEncoder().encode(plain),
  );
  return `${FORMAT}.${toBase64(iv)}.${toBase64(new Uint8Array(sealed))}`;
}

/** The plain text, or null for anything we did not write (tampered, older format, plain JSON). */
export async function decrypt(stored: string): Promise<string | null> {
  const [format, iv, sealed] = stored.split('.');
  if (format !== FORMAT || iv === undefined || sealed === undefined) return null;
  try {
    const plain = await crypto.subtle.decrypt(
      { name: 'AES-GCM', iv: fromBase64(iv) },
      await key(),
      fromBase64(sealed),
    );
    return new TextDecoder().decode(plain);
  } catch {
    return null;
  }
}

interface Known {
  stored: string;
  plain: string | null;
}

const known = new Map<string, Known>();
const pending = new Map<string, { id: number; plain: string }>();
const inFlight = new Set<Promise<void>>();
let nextWrite = 0;

function storedValue(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

/** The decrypted value, when it was loaded or written by this tab and is still what storage holds. */
export function readSecure(key: string): string | null {
  const write = pending.get(key);
  if (write) return write.plain;
  const stored = storedValue(key);
  if (stored === null) return null;
  const entry = known.get(key);
  return entry !== undefined && entry.stored === stored ? entry.plain : null;
}

/** Decrypts what storage holds now (another tab may have written it) and remembers it for readSecure. */
export async function loadSecure(key: string): Promise<string | null> {
  const write = pending.get(key);
  if (write) return write.plain;
  const stored = storedValue(key);
  if (stored === null) return null;
  const entry = known.get(key);
  if (entry !== undefined && entry.stored === stored) return entry.plain;
  const plain = await decrypt(stored);
  if (storedValue(key) === stored) known.set(key, { stored, plain });
  return plain;
}

export function writeSecure(key: string, plain: string): void {
  const id = ++nextWrite;
  pending.set(key, { id, plain });
  const landing = encrypt(plain).then((stored) => {
    // A later write or a removal won the race: this value is stale.
    if (pending.get(key)?.id !== id) return;
    pending.delete(key);
    try {
      localStorage.setItem(key, stored);
      known.set(key, { stored, plain });
    } catch (error) {
      console.warn(`[storage] could not save ${key}`, error);
    }
  });
  inFlight.add(landing);
  void landing.finally(() => inFlight.delete(landing));
}

export function removeSecure(key: string): void {
  pending.delete(key);
  known.delete(key);
  try {
    localStorage.removeItem(key);
  } catch {
    // Storage unavailable: nothing was kept there either.
  }
}

/** Resolves once every write so far is in localStorage (before a reload, say). */
export async function settleSecureWrites(): Promise<void> {
  while (inFlight.size > 0) await Promise.all([...inFlight]);
}

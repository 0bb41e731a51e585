import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import type { SecretsStore } from './secrets-store.ts';

export interface PairingCode {
  code: string;
  expiresAt: number;
  attemptsLeft: number;
}

export type PairResult =
  | { ok: true; token: string }
  | { ok: false; code: 'pairing-failed' | 'pairing-unavailable'; message: string };

export interface PairingService {
  readonly agentId: string;
  /** Replaces any current code with a fresh one (on start, and when staff asks for one). */
  newCode(): PairingCode;
  /** The active code, or null when it expired, was used or was burned. */
  currentCode(): PairingCode | null;
  /** Exchanges a code for a token; a wrong code costs an attempt, the last wrong one burns the code. */
  pair(code: string): Promise<PairResult>;
  isValidToken(token: string): boolean;
}

export interface PairingOptions {
  store: SecretsStore;
  now?: () => number;
  ttlMs?: number;
  maxAttempts?: number;
  /** Told about each new code: the CLI prints it. */
  onCode?: (code: PairingCode) => void;
  /** Told when a code is burned by wrong attempts. */
  onBurned?: () => void;
}

export const PAIRING_TTL_MS = 5 * 60_000;
export const PAIRING_MAX_ATTEMPTS = 5;

function hashToken(token: string): string {
  // Tokens are 256 random bits: a plain SHA-256 is enough, no slow hash needed.
  return createHash('sha256').update(token).digest('hex');
}

export async function createPairingService(options: PairingOptions): Promise<PairingService> {
  const now = options.now ?? Date.now;
  const ttlMs = options.ttlMs ?? PAIRING_TTL_MS;
  const maxAttempts = options.maxAttempts ?? PAIRING_MAX_ATTEMPTS;
  const secrets = await options.store.load();
  const tokenHashes = new Set(secrets.tokens.map((t) => t.hash));
  let active: PairingCode | null = null;

  const live = (): PairingCode | null => {
    if (active !== null && active.expiresAt <= now()) active = null;
    return active;
  };

  return {
    agentId: secrets.agentId,
    newCode() {
      active = {
        code: String(randomInt(0, 1_000_000)).padStart(6, '0'),
        expiresAt: now() + ttlMs,
        attemptsLeft: maxAttempts,
      };
      options.onCode?.({ ...active });
      return { ...active };
    },
    currentCode() {
      const code = live();
      return code === null ? null : { ...code };
    },
    async pair(code) {
      const current = live();
      if (current === null) {
        return {
          ok: false,
          code: 'pairing-unavailable',
          message: 'no pairing code is active: ask the agent for a new one',
        };
      }
      const matches =
        code.length === current.code.length && timingSafeEqual(Buffer.from(code), Buffer.from(current.code));
      if (!matches) {
        current.attemptsLeft -= 1;
        if (current.attemptsLeft <= 0) {
          active = null;
          options.onBurned?.();
          return {
            ok: false,
            code: 'pairing-failed',
            message: 'wrong pairing code; the code is now burned, ask the agent for a new one',
          };
        }
        return {
          ok: false,
          code: 'pairing-failed',
          message: `wrong pairing code; ${current.attemptsLeft} attempts left`,
        };
      }
      // One time: consume before any await so a racing second request cannot reuse it.
      active = null;
      const token = randomBytes(32).toString('base64url');
      const hash = hashToken(token);
      tokenHashes.add(hash);
      secrets.tokens.push({ hash, createdAt: new Date(now()).toISOString() });
      try {
        await options.store.save(secrets);
      } catch (error) {
        tokenHashes.delete(hash);
        secrets.tokens = secrets.tokens.filter((t) => t.hash !== hash);
        throw error;
      }
      return { ok: true, token };
    },
    isValidToken(token) {
      return tokenHashes.has(hashToken(token));
    },
  };
}

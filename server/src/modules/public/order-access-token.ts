import { createHash, randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { maybeOne, type Queryable } from '../../db/sql.ts';
import type { PublicRateLimit } from '../../lib/public-rate-limit.ts';

export type AccessPurpose = 'share_link' | 'easy_sign';

/** The order a public token opens, with where and why. */
export interface OrderAccess {
  order_id: number;
  location_id: number;
  purpose: AccessPurpose;
  expires_at: Date;
}

const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

/** 32 random bytes, base64url (43 characters): the part of the URL that opens one order. */
export function newAccessToken(): { token: string; hash: Buffer } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashAccessToken(token)! };
}

/** The stored form of a token, or null when it cannot be one (so a malformed guess costs no query). */
export function hashAccessToken(token: string): Buffer | null {
  return TOKEN_SHAPE.test(token) ? createHash('sha256').update(token).digest() : null;
}

/**
 * The order a token opens, or null when it is unknown, malformed, revoked or expired: callers answer every one of
 * those with the same 404, so a guess learns nothing.
 */
export async function resolveAccessToken(
  q: Queryable,
  token: string,
  now: Date,
): Promise<OrderAccess | null> {
  const hash = hashAccessToken(token);
  if (hash === null) return null;
  const found = await maybeOne<OrderAccess>(
    q,
    `SELECT t.order_id, o.location_id, t.purpose, t.expires_at
     FROM order_access_tokens t JOIN orders o ON o.id = t.order_id
     WHERE t.token_hash = $1 AND t.revoked_at IS NULL AND t.expires_at > $2`,
    [hash, now],
  );
  return found ?? null;
}

/**
 * Counts a hit on a token's public route in buckets of the purpose's own, per address and per token (any string:
 * a malformed guess counts too; hashed, as the bucket table is not secret); 429 past either limit.
 */
export function hitTokenBuckets(
  rateLimit: PublicRateLimit,
  request: FastifyRequest,
  purpose: string,
  limits: { ip: number; token: number },
): Promise<void> {
  const raw = String((request.params as { token?: unknown }).token ?? '');
  const hash = createHash('sha256').update(raw).digest('hex').slice(0, 32);
  return rateLimit.hit([
    { key: `${purpose}:ip:${request.ip || 'unknown'}`, limit: limits.ip },
    { key: `${purpose}:token:${hash}`, limit: limits.token },
  ]);
}

import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/pool.ts';
import type { PublicRateLimit } from '../../lib/public-rate-limit.ts';

export interface PublicDeps {
  db: Db;
  rateLimit: PublicRateLimit;
  now: () => Date;
}

/**
 * The pages a customer opens without signing in (issue #20): the landing page, the participant page behind a
 * share link, easy-sign. Every route here is `access: 'public'`, rate limited per IP and per token or code, and
 * answers an unknown, expired or revoked token exactly as it answers a malformed one.
 */
export function registerPublic(app: FastifyInstance, deps: PublicDeps): void {
  void app;
  void deps;
}

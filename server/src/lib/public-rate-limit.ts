import type { Db } from '../db/pool.ts';
import { exec, rows } from '../db/sql.ts';
import { AppError } from '@nine/shared/errors';

export interface RateBucket {
  /** What is counted: `ip:<address>`, `token:<hash prefix>`, `code:<order number>`. */
  key: string;
  /** Hits allowed per one-minute window. */
  limit: number;
}

/**
 * Public endpoints count hits per bucket in fixed one-minute windows kept in PostgreSQL, so the limit holds across
 * every server process (an in-memory limiter counts per process). Past a bucket's limit the request is refused
 * with 429 `rateLimited` before it reads anything.
 */
export function createPublicRateLimit({ db, now = () => new Date() }: { db: Db; now?: () => Date }) {
  async function hit(buckets: readonly RateBucket[]): Promise<void> {
    if (buckets.length === 0) return;
    const at = now();
    const windowStart = new Date(Math.floor(at.getTime() / 60_000) * 60_000);
    const counted = await rows<{ bucket: string; hits: number }>(
      db.pool,
      `INSERT INTO public_rate_limits AS r (bucket, window_start)
         SELECT DISTINCT unnest($1::text[]), $2::timestamptz ORDER BY 1
       ON CONFLICT (bucket, window_start) DO UPDATE SET hits = r.hits + 1
       RETURNING r.bucket, r.hits`,
      [buckets.map((b) => b.key.slice(0, 200)), windowStart],
    );
    const over = counted.some(
      (c) => c.hits > (buckets.find((b) => b.key.slice(0, 200) === c.bucket)?.limit ?? 0),
    );
    if (over)
      throw new AppError('rateLimited', {
        data: {
          retry_after_seconds: Math.max(1, Math.ceil((windowStart.getTime() + 60_000 - at.getTime()) / 1000)),
        },
      });
  }

  /** Forgets windows older than an hour (run by a scheduled job). */
  async function purge(): Promise<void> {
    await exec(
      db.pool,
      `DELETE FROM public_rate_limits WHERE window_start < $1::timestamptz - interval '1 hour'`,
      [now()],
    );
  }

  return { hit, purge };
}

export type PublicRateLimit = ReturnType<typeof createPublicRateLimit>;

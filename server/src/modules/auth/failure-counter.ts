import type { Db } from '../../db/pool.ts';
import { exec, rows, type Queryable } from '../../db/sql.ts';
import type { Tables } from '../../db/tables.ts';

export type FailureKind = 'password' | 'access_key' | 'kiosk_lookup';

export interface FailureWindow {
  threshold: number;
  ttlMinutes: number;
}

/**
 * Counts wrong passwords (per e-mail) and wrong access keys (per user) inside the policy's window.
 * A subject is locked while `threshold` failures are younger than the TTL; the lock lifts when the
 * oldest of them ages out, so no separate "locked until" state can drift.
 */
export function createFailureCounter({ db, now }: { db: Db; now: () => Date }) {
  /** Milliseconds the subject stays locked, 0 when it is not. */
  async function lockedFor(
    kind: FailureKind,
    subject: string,
    window: FailureWindow,
    q: Queryable = db.pool,
  ): Promise<number> {
    const recent = await rows<Pick<Tables['auth_failures'], 'at'>>(
      q,
      `SELECT at FROM auth_failures WHERE kind = $1 AND subject = $2 AND at > $3::timestamptz - make_interval(mins => $4)
       ORDER BY at DESC LIMIT $5`,
      [kind, subject, now(), window.ttlMinutes, window.threshold],
    );
    if (recent.length < window.threshold) return 0;
    const unlockAt = recent[window.threshold - 1]!.at.getTime() + window.ttlMinutes * 60_000;
    return Math.max(0, unlockAt - now().getTime());
  }

  async function record(kind: FailureKind, subject: string): Promise<void> {
    await exec(db.pool, 'INSERT INTO auth_failures (kind, subject, at) VALUES ($1, $2, $3)', [
      kind,
      subject,
      now(),
    ]);
  }

  async function clear(kind: FailureKind, subject: string, q: Queryable = db.pool): Promise<void> {
    await exec(q, 'DELETE FROM auth_failures WHERE kind = $1 AND subject = $2', [kind, subject]);
  }

  return { lockedFor, record, clear };
}

export type FailureCounter = ReturnType<typeof createFailureCounter>;

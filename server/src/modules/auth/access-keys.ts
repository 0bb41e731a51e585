import type pg from 'pg';
import { AppError } from '@nine/shared/errors';
import { grants, isAction, isResource, type Permission, type Requirement } from '@nine/shared/permissions';
import { afterRollback, type Db } from '../../db/pool.ts';
import { rows, type Queryable } from '../../db/sql.ts';
import type { Tables } from '../../db/tables.ts';
import { loadAccessPolicy } from './access-policy.ts';
import type { FailureCounter } from './failure-counter.ts';
import { verifyPassword } from './password-hashing.ts';

/**
 * Access keys approve sensitive actions (cancelling an order, refunds above a level, overrides).
 * The key identifies the approver: any active user in the location whose key matches and who holds
 * `need` there. Wrong keys count against the acting user under the access policy, then lock.
 */
export function createAccessKeys({ db, failures }: { db: Db; failures: FailureCounter }) {
  async function approve(
    client: pg.PoolClient | null,
    actingUserId: number,
    locationId: number,
    key: string | undefined,
    need: Requirement,
  ): Promise<number> {
    if (!key) throw new AppError('accessKeyRequired');
    const q: Queryable = client ?? db.pool;
    const policy = await loadAccessPolicy(db, client ?? undefined);
    const window = {
      threshold: policy.wrong_access_key_threshold,
      ttlMinutes: policy.wrong_access_key_ttl_minutes,
    };
    const subject = String(actingUserId);
    const locked = await failures.lockedFor('access_key', subject, window, q);
    if (locked > 0)
      throw new AppError('accountLocked', {
        params: { minutes: Math.ceil(locked / 60_000) },
        data: { retry_after_seconds: Math.ceil(locked / 1000) },
      });
    const candidates = await rows<
      Pick<Tables['users'], 'id'> & {
        // Not null: the query keeps only users with a key.
        access_key_hash: string;
        permissions: Pick<Tables['role_permissions'], 'resource' | 'action'>[];
      }
    >(
      q,
      `SELECT u.id, u.access_key_hash,
              coalesce(json_agg(json_build_object('resource', rp.resource, 'action', rp.action)) FILTER (WHERE rp.role_id IS NOT NULL), '[]') AS permissions
       FROM users u JOIN user_roles ur ON ur.user_id = u.id AND ur.location_id = $1
       LEFT JOIN role_permissions rp ON rp.role_id = ur.role_id
       WHERE u.status = 'active' AND u.access_key_hash IS NOT NULL
       GROUP BY u.id, u.access_key_hash`,
      [locationId],
    );
    for (const row of candidates) {
      const held: Permission[] = row.permissions.flatMap((p) =>
        isResource(p.resource) && isAction(p.action) ? [{ resource: p.resource, action: p.action }] : [],
      );
      if (grants(held, need) && (await verifyPassword(key, row.access_key_hash))) {
        await failures.clear('access_key', subject, q);
        return row.id;
      }
    }
    // The refusal rolls the caller's transaction back; the wrong key must still count.
    await afterRollback(() => failures.record('access_key', subject));
    throw new AppError('accessKeyRequired');
  }
  return { approve };
}

export type AccessKeys = ReturnType<typeof createAccessKeys>;

import { exec, type Queryable } from '../db/sql.ts';

/** Who an audit row names: a user at a location, a user with no location (password change), or nobody (a job). */
export interface AuditActor {
  userId: number | null;
  locationId: number | null;
}

export interface AuditEntry {
  /** The audited entity as the timelines read it: order, invoice, item, customer… */
  entity: string;
  entityId: number | string;
  /** The action code; an order's or invoice's must be listed in shared/src/order-audit.ts. */
  action: string;
  data?: unknown;
}

/**
 * Writes one row of the append-only audit log, in the caller's transaction so it stands or falls with the
 * change it records. `data` is omitted (the column's default) when not given.
 */
export async function audit(client: Queryable, actor: AuditActor | null, entry: AuditEntry): Promise<void> {
  await exec(
    client,
    `INSERT INTO audit_log (user_id, location_id, entity_type, entity_id, action, data)
     VALUES ($1, $2, $3, $4, $5, coalesce($6::jsonb, '{}'::jsonb))`,
    [
      actor?.userId ?? null,
      actor?.locationId ?? null,
      entry.entity,
      String(entry.entityId),
      entry.action,
      entry.data === undefined ? null : JSON.stringify(entry.data),
    ],
  );
}

import type pg from 'pg';
import type { FastifyRequest } from 'fastify';

export interface Actor {
  userId: number;
  locationId: number;
}

export const actorOf = (request: FastifyRequest): Actor => ({
  userId: request.auth!.userId,
  locationId: request.auth!.locationId!,
});

/** Every stock adjustment leaves an audit row in the same transaction as the change. */
export async function audit(
  client: pg.PoolClient,
  actor: Actor,
  entity: { type: 'item' | 'repair_log' | 'stocktake' | 'maintenance_rule'; id: number },
  action: string,
  data: object = {},
): Promise<void> {
  await client.query(
    `INSERT INTO audit_log (user_id, location_id, entity_type, entity_id, action, data) VALUES ($1, $2, $3, $4, $5, $6)`,
    [actor.userId, actor.locationId, entity.type, String(entity.id), action, JSON.stringify(data)],
  );
}

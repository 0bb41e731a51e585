import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db/pool.ts';
import { parse } from '../../lib/validate.ts';

const body = z.object({ used_in_store: z.boolean() });

/** Spec section 7: marks the location's counter as used in store (kiosk mode). */
export function registerSetAsKiosk(app: FastifyInstance, deps: { db: Db }): void {
  app.post(
    '/api/nine/set-as-kiosk',
    { config: { access: { resource: 'location_setting', action: 'change' } } },
    async (request) => {
      const { used_in_store } = parse(body, request.body);
      const { userId, locationId } = request.auth!;
      const client = await deps.db.pool.connect();
      try {
        await client.query('BEGIN');
        await client.query(
          'UPDATE general_settings SET used_in_store = $1, updated_at = now() WHERE location_id = $2',
          [used_in_store, locationId],
        );
        await client.query(
          `INSERT INTO audit_log (user_id, location_id, entity_type, entity_id, action, data) VALUES ($1, $2, 'location', $3, 'set_as_kiosk', $4)`,
          [userId, locationId, String(locationId), JSON.stringify({ used_in_store })],
        );
        await client.query('COMMIT');
      } catch (err) {
        await client.query('ROLLBACK');
        throw err;
      } finally {
        client.release();
      }
      return { data: { location_id: locationId, used_in_store } };
    },
  );
}

import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/pool.ts';
import { rows } from '../../db/sql.ts';
import type { Tables } from '../../db/tables.ts';
import { keyFingerprint } from './kiosk-identity.ts';
import { actorOf } from '../../lib/actor.ts';

/** At most this many registrations are listed per location (newest first); a shop has a handful. */
const LIST_LIMIT = 100;

/** The counter PCs registered as kiosks at the request's location, newest first, revoked ones included. */
export function registerListKioskDevices(app: FastifyInstance, deps: { db: Db }): void {
  app.get(
    '/api/nine/kiosk-devices',
    {
      config: {
        access: {
          anyOf: [
            { resource: 'location_setting', action: 'view' },
            { resource: 'location_setting', action: 'change' },
          ],
        },
      },
    },
    async (request) => {
      const locationId = actorOf(request).locationId;
      const devices = await rows<
        Pick<
          Tables['kiosk_devices'],
          'id' | 'device_id' | 'name' | 'public_key' | 'registered_at' | 'revoked_at'
        >
      >(
        deps.db.pool,
        `SELECT id, device_id, name, public_key, registered_at, revoked_at FROM kiosk_devices
         WHERE location_id = $1 ORDER BY registered_at DESC, id DESC LIMIT $2`,
        [locationId, LIST_LIMIT],
      );
      return {
        data: devices.map((row) => ({
          id: row.id,
          device_id: row.device_id,
          name: row.name,
          key_fingerprint: keyFingerprint(row.public_key),
          registered_at: row.registered_at.toISOString(),
          revoked_at: row.revoked_at?.toISOString() ?? null,
        })),
      };
    },
  );
}

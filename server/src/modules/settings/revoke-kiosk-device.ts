import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AppError } from '@nine/shared/errors';
import type { Db } from '../../db/pool.ts';
import { maybeOne, one } from '../../db/sql.ts';
import type { Tables } from '../../db/tables.ts';
import { transaction } from '../../lib/transaction.ts';
import { parse } from '../../lib/validate.ts';
import { kioskAccess, managesKioskLocation } from './kiosk-identity.ts';
import { actorOf } from '../../lib/actor.ts';
import { audit } from '../../lib/audit.ts';

const params = z.object({
  id: z
    .string()
    .regex(/^[1-9]\d{0,8}$/)
    .transform(Number),
});

/**
 * A manager revokes a kiosk registration: the device id is free again, so the PC (with a new key, say after a
 * reinstall) or another one can be registered under it. The device may be at another location than the
 * request's only if the user manages that one too; otherwise it is not found.
 */
export function registerRevokeKioskDevice(app: FastifyInstance, deps: { db: Db }): void {
  app.post('/api/nine/kiosk-devices/:id/revoke', { config: { access: kioskAccess } }, async (request) => {
    const { id } = parse(params, request.params);
    const { userId } = actorOf(request);
    const result = await transaction(deps.db, async (client) => {
      const device = await maybeOne<
        Pick<Tables['kiosk_devices'], 'location_id' | 'device_id' | 'revoked_at'>
      >(client, `SELECT location_id, device_id, revoked_at FROM kiosk_devices WHERE id = $1 FOR UPDATE`, [
        id,
      ]);
      if (
        device === undefined ||
        (device.location_id !== actorOf(request).locationId &&
          !(await managesKioskLocation(client, userId, device.location_id)))
      )
        throw new AppError('notFound');
      let revokedAt = device.revoked_at;
      if (revokedAt === null) {
        // The row is held locked above: the update returns it.
        const updated = await one<{ revoked_at: Date }>(
          client,
          `UPDATE kiosk_devices SET revoked_at = now(), revoked_by = $2 WHERE id = $1 RETURNING revoked_at`,
          [id, userId],
        );
        revokedAt = updated.revoked_at;
        await audit(
          client,
          { userId: userId, locationId: device.location_id },
          { entity: 'kiosk_device', entityId: id, action: 'revoke', data: { device: device.device_id } },
        );
      }
      return { status: 200, body: { id, revoked_at: revokedAt.toISOString() } };
    });
    return { data: result.body };
  });
}

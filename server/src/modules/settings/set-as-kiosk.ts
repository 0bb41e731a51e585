import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AppError } from '@nine/shared/errors';
import { kioskProofMessage } from '@nine/shared/agent-protocol';
import type { Db } from '../../db/pool.ts';
import { inTransaction } from '../../lib/idempotency.ts';
import { parse } from '../../lib/validate.ts';

const body = z.object({
  used_in_store: z.boolean(),
  /** The counter PC's identity from the hardware agent's kiosk-identity (with enroll). */
  device: z
    .object({
      deviceId: z.string().min(1).max(64),
      name: z.string().min(1).max(128),
      nonce: z.string().min(16).max(256),
      proof: z.string().min(1).max(200),
      secret: z.string().min(16).max(200),
    })
    .optional(),
});

/** The agent proves it holds the secret it enrols: its HMAC of the nonce must match. */
function proofHolds(device: NonNullable<z.infer<typeof body>['device']>): boolean {
  const expected = createHmac('sha256', Buffer.from(device.secret, 'base64url'))
    .update(kioskProofMessage(device.deviceId, device.nonce))
    .digest();
  const given = Buffer.from(device.proof, 'base64url');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * Spec section 7: marks the location's counter as used in store (kiosk mode). With the agent's
 * device identity it also registers that PC as the location's kiosk, keeping only a hash of its secret.
 */
export function registerSetAsKiosk(app: FastifyInstance, deps: { db: Db }): void {
  app.post(
    '/api/nine/set-as-kiosk',
    { config: { access: { resource: 'location_setting', action: 'change' } } },
    async (request) => {
      const input = parse(body, request.body);
      const { userId, locationId } = request.auth!;
      if (input.device && !proofHolds(input.device))
        throw new AppError('validation', {
          data: { issues: [{ path: 'device.proof', code: 'invalid_proof' }] },
        });
      const result = await inTransaction(deps.db, null, async (client) => {
        await client.query(
          'UPDATE general_settings SET used_in_store = $1, updated_at = now() WHERE location_id = $2',
          [input.used_in_store, locationId],
        );
        let kioskId: number | null = null;
        if (input.device) {
          const keyHash = createHash('sha256').update(input.device.secret).digest();
          const { rows } = await client.query<{ id: number }>(
            `INSERT INTO kiosk_devices (location_id, name, device_key_hash, device_id, registered_by) VALUES ($1, $2, $3, $4, $5)
           ON CONFLICT (device_id) DO UPDATE SET location_id = EXCLUDED.location_id, name = EXCLUDED.name, device_key_hash = EXCLUDED.device_key_hash,
             registered_by = EXCLUDED.registered_by, registered_at = now(), revoked_at = CASE WHEN $6 THEN NULL ELSE now() END
           RETURNING id`,
            [locationId, input.device.name, keyHash, input.device.deviceId, userId, input.used_in_store],
          );
          kioskId = rows[0]!.id;
        }
        await client.query(
          `INSERT INTO audit_log (user_id, location_id, entity_type, entity_id, action, data) VALUES ($1, $2, 'location', $3, 'set_as_kiosk', $4)`,
          [
            userId,
            locationId,
            String(locationId),
            JSON.stringify({
              used_in_store: input.used_in_store,
              kiosk_device_id: kioskId,
              device: input.device?.deviceId ?? null,
            }),
          ],
        );
        return {
          status: 200,
          body: { location_id: locationId, used_in_store: input.used_in_store, kiosk_device_id: kioskId },
        };
      });
      return { data: result.body };
    },
  );
}

import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AppError, type ErrorName } from '@nine/shared/errors';
import { kioskDeviceId, kioskPublicKey, kioskSignature } from '@nine/shared/agent-protocol';
import type { Db } from '../../db/pool.ts';
import { exec, maybeOne, type Queryable } from '../../db/sql.ts';
import type { Tables } from '../../db/tables.ts';
import { transaction } from '../../lib/transaction.ts';
import { parse } from '../../lib/validate.ts';
import { keyFingerprint, kioskAccess, kioskSignatureHolds, managesKioskLocation } from './kiosk-identity.ts';
import { actorOf } from '../../lib/actor.ts';
import { audit } from '../../lib/audit.ts';

const body = z.object({
  used_in_store: z.boolean(),
  /** The counter PC's answer to the agent's kiosk-identity, for a challenge from set-as-kiosk/challenge. */
  device: z
    .object({
      deviceId: kioskDeviceId,
      name: z.string().trim().min(1).max(128),
      publicKey: kioskPublicKey,
      challengeId: z.uuid(),
      signature: kioskSignature,
    })
    .optional(),
});
type Device = NonNullable<z.infer<typeof body>['device']>;

type StoredDevice = Pick<Tables['kiosk_devices'], 'id' | 'location_id' | 'public_key' | 'revoked_at'>;

type Answer =
  { refused: ErrorName } | { location_id: number; used_in_store: boolean; kiosk_device_id: number | null };

type Registration =
  | {
      ok: true;
      kioskId: number;
      action: 'register' | 're_register' | 'move' | 'claim_legacy' | 'replace_revoked';
    }
  | { ok: false; error: ErrorName; reason: string; kioskId?: number };

/**
 * The registration rules, on the locked row of the device id:
 * - a new device id is registered with its key;
 * - a revoked registration (a manager revoked it, or its holder turned kiosk mode off) may be taken again;
 * - otherwise only the same key may register it again. Moving it to another location also needs
 *   location_setting change at its current location;
 * - a registration from before keys (no public key) may be claimed by a manager of its location;
 * - anything else is refused with kioskDeviceRegistered and nothing changes.
 */
async function registerDevice(
  client: Queryable,
  at: { userId: number; locationId: number },
  device: Device,
  publicKey: Buffer,
  usedInStore: boolean,
): Promise<Registration> {
  const revokedAt = usedInStore ? null : new Date();
  const revokedBy = usedInStore ? null : at.userId;
  for (let attempt = 0; attempt < 2; attempt += 1) {
    const stored = await maybeOne<StoredDevice>(
      client,
      `SELECT id, location_id, public_key, revoked_at FROM kiosk_devices WHERE device_id = $1 FOR UPDATE`,
      [device.deviceId],
    );
    if (stored === undefined) {
      // Two registrations of a new id at once: the second waits for the first, inserts nothing, and
      // goes round again to meet the first one's row.
      const inserted = await maybeOne<Pick<Tables['kiosk_devices'], 'id'>>(
        client,
        `INSERT INTO kiosk_devices (location_id, name, public_key, device_id, registered_by, revoked_at, revoked_by)
         VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (device_id) DO NOTHING RETURNING id`,
        [at.locationId, device.name, publicKey, device.deviceId, at.userId, revokedAt, revokedBy],
      );
      if (inserted) return { ok: true, kioskId: inserted.id, action: 'register' };
      continue;
    }
    let action: Extract<Registration, { ok: true }>['action'];
    if (stored.revoked_at !== null) action = 'replace_revoked';
    else if (stored.public_key === null) {
      if (!(await managesKioskLocation(client, at.userId, stored.location_id)))
        return { ok: false, error: 'kioskDeviceRegistered', reason: 'legacy_elsewhere', kioskId: stored.id };
      action = 'claim_legacy';
    } else if (!stored.public_key.equals(publicKey)) {
      return { ok: false, error: 'kioskDeviceRegistered', reason: 'other_key', kioskId: stored.id };
    } else if (stored.location_id === at.locationId) action = 're_register';
    else if (await managesKioskLocation(client, at.userId, stored.location_id)) action = 'move';
    else return { ok: false, error: 'kioskDeviceRegistered', reason: 'move_not_allowed', kioskId: stored.id };

    await exec(
      client,
      `UPDATE kiosk_devices SET location_id = $2, name = $3, public_key = $4, registered_by = $5, registered_at = now(),
         revoked_at = $6, revoked_by = $7 WHERE id = $1`,
      [stored.id, at.locationId, device.name, publicKey, at.userId, revokedAt, revokedBy],
    );
    return { ok: true, kioskId: stored.id, action };
  }
  throw new Error(`kiosk device ${device.deviceId} could not be read or inserted`);
}

/**
 * Spec section 7: marks the location's counter as used in store (kiosk mode). With the agent's answer to a
 * challenge from set-as-kiosk/challenge it also registers that PC as the location's kiosk: the challenge is
 * consumed (once, by this user, at this location, before it expires), the Ed25519 signature must hold under
 * the device's public key, and only that public key is kept.
 */
export function registerSetAsKiosk(app: FastifyInstance, deps: { db: Db }): void {
  app.post('/api/nine/set-as-kiosk', { config: { access: kioskAccess } }, async (request) => {
    const input = parse(body, request.body);
    const { userId } = actorOf(request);
    const locationId = actorOf(request).locationId;
    const { device } = input;
    const result = await transaction(deps.db, async (client): Promise<{ status: number; body: Answer }> => {
      let kioskId: number | null = null;
      let registration: Registration | null = null;
      if (device) {
        // One use: a replay, an expired challenge or another user's or location's finds no row.
        const claimed = await maybeOne<Pick<Tables['kiosk_challenges'], 'challenge'>>(
          client,
          `UPDATE kiosk_challenges SET used_at = now()
           WHERE id = $1 AND user_id = $2 AND location_id = $3 AND used_at IS NULL AND expires_at > now()
           RETURNING challenge`,
          [device.challengeId, userId, locationId],
        );
        if (claimed === undefined) throw new AppError('kioskChallengeInvalid');
        const publicKey = Buffer.from(device.publicKey, 'base64url');
        const holds = kioskSignatureHolds({
          publicKey,
          signature: Buffer.from(device.signature, 'base64url'),
          challenge: claimed.challenge,
          deviceId: device.deviceId,
          locationId,
        });
        registration = holds
          ? await registerDevice(client, { userId, locationId }, device, publicKey, input.used_in_store)
          : { ok: false, error: 'kioskProofInvalid', reason: 'bad_signature' };
        const audited = {
          device: device.deviceId,
          name: device.name,
          key: keyFingerprint(publicKey),
          used_in_store: input.used_in_store,
        };
        if (!registration.ok) {
          // Refused: the challenge stays used and the attempt is on record; the settings stay as they were.
          await audit(
            client,
            { userId, locationId },
            {
              entity: 'location',
              entityId: locationId,
              action: 'set_as_kiosk_refused',
              data: {
                ...audited,
                reason: registration.reason,
                kiosk_device_id: registration.kioskId ?? null,
              },
            },
          );
          return { status: 422, body: { refused: registration.error } };
        }
        kioskId = registration.kioskId;
        await audit(
          client,
          { userId, locationId },
          { entity: 'kiosk_device', entityId: kioskId, action: registration.action, data: audited },
        );
      }
      await exec(
        client,
        'UPDATE general_settings SET used_in_store = $1, updated_at = now() WHERE location_id = $2',
        [input.used_in_store, locationId],
      );
      await audit(
        client,
        { userId, locationId },
        {
          entity: 'location',
          entityId: locationId,
          action: 'set_as_kiosk',
          data: {
            used_in_store: input.used_in_store,
            kiosk_device_id: kioskId,
            device: device?.deviceId ?? null,
          },
        },
      );
      return {
        status: 200,
        body: { location_id: locationId, used_in_store: input.used_in_store, kiosk_device_id: kioskId },
      };
    });
    if ('refused' in result.body) throw new AppError(result.body.refused);
    return { data: result.body };
  });
}

import type { FastifyInstance } from 'fastify';
import { kioskExitRequest } from '@nine/shared/schemas/kiosk';
import type { Db } from '../../db/pool.ts';
import { actorOf } from '../../lib/actor.ts';
import { audit } from '../../lib/audit.ts';
import { transaction } from '../../lib/transaction.ts';
import { parse } from '../../lib/validate.ts';
import type { AccessKeys } from '../auth/access-keys.ts';
import { kioskAccess } from '../settings/kiosk-identity.ts';

/**
 * Leaving kiosk mode: the access key of someone who may change this location's settings. Wrong keys count
 * against the kiosk's signed-in user and lock as every access key does; the device turns kiosk mode off
 * itself (it is a setting of the browser) once this answers.
 */
export function registerKioskExit(app: FastifyInstance, deps: { db: Db; accessKeys: AccessKeys }): void {
  app.post('/api/nine/kiosk/exit', { config: { access: 'location' } }, async (request) => {
    const input = parse(kioskExitRequest, request.body);
    const actor = actorOf(request);
    const approvedBy = await transaction(deps.db, async (client) => {
      const approver = await deps.accessKeys.approve(
        client,
        actor.userId,
        actor.locationId,
        input.access_key,
        kioskAccess,
      );
      await audit(client, actor, {
        entity: 'kiosk',
        entityId: actor.locationId,
        action: 'exit',
        data: { approved_by: approver },
      });
      return approver;
    });
    return { data: { approved_by: approvedBy } };
  });
}

import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/pool.ts';
import { exec, one } from '../../db/sql.ts';
import type { Tables } from '../../db/tables.ts';
import { transaction } from '../../lib/transaction.ts';
import { KIOSK_CHALLENGE_TTL_SECONDS, kioskAccess } from './kiosk-identity.ts';
import { actorOf } from '../../lib/actor.ts';

/**
 * Issues the single-use challenge the counter agent signs to register its PC as the location's kiosk. It is
 * bound to the user and the location and expires after two minutes; it lives in the database so that any
 * server instance can take the answer.
 */
export function registerKioskChallenge(app: FastifyInstance, deps: { db: Db }): void {
  app.post('/api/nine/set-as-kiosk/challenge', { config: { access: kioskAccess } }, async (request) => {
    const { userId, locationId } = actorOf(request);
    const challenge = randomBytes(32).toString('base64url');
    const result = await transaction(deps.db, async (client) => {
      // Answered or not, a challenge is worth nothing after its expiry: sweep the old ones.
      await exec(client, `DELETE FROM kiosk_challenges WHERE expires_at < now() - interval '1 hour'`);
      const row = await one<Pick<Tables['kiosk_challenges'], 'id' | 'expires_at'>>(
        client,
        `INSERT INTO kiosk_challenges (challenge, user_id, location_id, expires_at)
         VALUES ($1, $2, $3, now() + make_interval(secs => $4)) RETURNING id, expires_at`,
        [challenge, userId, locationId, KIOSK_CHALLENGE_TTL_SECONDS],
      );
      return {
        status: 200,
        body: {
          challenge_id: row.id,
          challenge,
          location_id: locationId!,
          expires_at: row.expires_at.toISOString(),
        },
      };
    });
    return { data: result.body };
  });
}

import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Requirement } from '@nine/shared/permissions';
import { settingsDeleteQuery } from '@nine/shared/schemas/settings';
import { leaderSkillInput, leaderSkillUpdate, type LeaderSkill } from '@nine/shared/schemas/tours/leaders';
import { exec, one } from '../../db/sql.ts';
import { actorOf } from '../../lib/actor.ts';
import { audit } from '../../lib/audit.ts';
import { idParam, idParams } from '../../lib/id-param.ts';
import { transaction } from '../../lib/transaction.ts';
import { parse } from '../../lib/validate.ts';
import type { TourDeps } from './register-tours.ts';
import { checkVersion, leaderAt, SKILL_COLUMNS, skillOf } from './leader-queries.ts';

const MANAGE: Requirement = { resource: 'tour', action: 'manage' };
const skillParams = z.object({ id: idParam(), skillId: idParam() });

/**
 * A leader's skills (first aid, a boat licence…) with their expiry. A name is unique per leader
 * (tour_leader_skills_name_key: 409 leaderSkillTaken). Each write holds the leader's lock and is audited.
 */
export function registerLeaderSkillRoutes(app: FastifyInstance, deps: TourDeps): void {
  const { db } = deps;

  app.post('/api/nine/tours/leaders/:id/skills', { config: { access: MANAGE } }, async (request, reply) => {
    const { id } = parse(idParams, request.params);
    const input = parse(leaderSkillInput, request.body);
    const actor = actorOf(request);
    const data = await transaction(db, async (client) => {
      await leaderAt(client, id, actor.locationId, true);
      const skill = await one<LeaderSkill>(
        client,
        `INSERT INTO tour_leader_skills (leader_id, name, reference, issued_on, expires_on)
         VALUES ($1, $2, $3, $4, $5) RETURNING ${SKILL_COLUMNS}`,
        [id, input.name, input.reference, input.issued_on, input.expires_on],
      );
      await audit(client, actor, { entity: 'tour_leader', entityId: id, action: 'skill_added', data: skill });
      return skill;
    });
    reply.code(201);
    return { data };
  });

  app.patch(
    '/api/nine/tours/leaders/:id/skills/:skillId',
    { config: { access: MANAGE } },
    async (request) => {
      const { id, skillId } = parse(skillParams, request.params);
      const { version, ...input } = parse(leaderSkillUpdate, request.body);
      const actor = actorOf(request);
      const data = await transaction(db, async (client) => {
        await leaderAt(client, id, actor.locationId, true);
        const before = await skillOf(client, id, skillId);
        checkVersion(before.version, version);
        const changed = (Object.keys(input) as (keyof typeof input)[]).filter((k) => input[k] !== before[k]);
        if (changed.length === 0) return before;
        const after = await one<LeaderSkill>(
          client,
          `UPDATE tour_leader_skills SET name = $3, reference = $4, issued_on = $5, expires_on = $6,
           version = version + 1 WHERE id = $1 AND leader_id = $2 RETURNING ${SKILL_COLUMNS}`,
          [skillId, id, input.name, input.reference, input.issued_on, input.expires_on],
        );
        await audit(client, actor, {
          entity: 'tour_leader',
          entityId: id,
          action: 'skill_updated',
          data: {
            skill_id: skillId,
            old: Object.fromEntries(changed.map((k) => [k, before[k]])),
            new: Object.fromEntries(changed.map((k) => [k, input[k]])),
          },
        });
        return after;
      });
      return { data };
    },
  );

  app.delete(
    '/api/nine/tours/leaders/:id/skills/:skillId',
    { config: { access: MANAGE } },
    async (request) => {
      const { id, skillId } = parse(skillParams, request.params);
      const { version } = parse(settingsDeleteQuery, request.query);
      const actor = actorOf(request);
      await transaction(db, async (client) => {
        await leaderAt(client, id, actor.locationId, true);
        const before = await skillOf(client, id, skillId);
        checkVersion(before.version, version);
        await exec(client, 'DELETE FROM tour_leader_skills WHERE id = $1', [skillId]);
        await audit(client, actor, {
          entity: 'tour_leader',
          entityId: id,
          action: 'skill_removed',
          data: before,
        });
      });
      return { data: { id: skillId } };
    },
  );
}

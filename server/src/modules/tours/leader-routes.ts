import type { FastifyInstance } from 'fastify';
import { AppError } from '@nine/shared/errors';
import type { Requirement } from '@nine/shared/permissions';
import {
  leaderCandidatesQuery,
  leaderCreate,
  leaderHoursUpdate,
  leaderListQuery,
  leaderUpdate,
  SKILL_EXPIRY_WARNING_DAYS,
  type LeaderCandidate,
  type LeaderRow,
} from '@nine/shared/schemas/tours/leaders';
import { exec, maybeOne, one, rows } from '../../db/sql.ts';
import type { Tables } from '../../db/tables.ts';
import { actorOf } from '../../lib/actor.ts';
import { audit } from '../../lib/audit.ts';
import { idParams } from '../../lib/id-param.ts';
import { containsPattern, listRoute } from '../../lib/paging.ts';
import { transaction } from '../../lib/transaction.ts';
import { parse } from '../../lib/validate.ts';
import type { TourDeps } from './register-tours.ts';
import { bumpLeader, checkVersion, leaderAt, leaderDetail, ownScope, worksAt } from './leader-queries.ts';

const VIEW: Requirement = { resource: 'tour', action: 'view' };
const MANAGE: Requirement = { resource: 'tour', action: 'manage' };

const SORT: Record<string, string> = {
  name: 'u.name',
  email: 'u.email',
  next_expiry: 'next_expiry',
  created_at: 'l.created_at',
};

/**
 * Tour leaders (issue #19): the list, the staff who could become one, creating one from a user, the
 * leader's screen, the profile and the week. Read with tour:view, changed with tour:manage, all seen from
 * the request's location (leaders whose user holds a role there).
 */
export function registerLeaderRoutes(app: FastifyInstance, deps: TourDeps): void {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());

  listRoute<LeaderRow, typeof leaderListQuery>(
    app,
    db,
    { url: '/api/nine/tours/leaders', access: VIEW, query: leaderListQuery },
    (q, request) => {
      const { locationId } = actorOf(request);
      // $3: the location's today, which expiries are counted from.
      const params: unknown[] = [locationId, q.expiring_within_days ?? SKILL_EXPIRY_WARNING_DAYS, now()];
      const today = `($3::timestamptz AT TIME ZONE (SELECT time_zone FROM locations WHERE id = $1))::date`;
      let where = worksAt('l.user_id', '$1');
      if (q.active !== 'all') where += ` AND l.active = ${q.active === 'active'}`;
      if (q.search) {
        params.push(containsPattern(q.search));
        where += ` AND (lower(u.name) LIKE $${params.length} OR lower(u.email) LIKE $${params.length})`;
      }
      if (q.expiring_within_days !== undefined)
        where += ` AND EXISTS (SELECT 1 FROM tour_leader_skills s WHERE s.leader_id = l.id
          AND s.expires_on <= ${today} + $2::int)`;
      const dir = q.sort_type === 'desc' ? 'DESC' : 'ASC';
      return {
        select: `l.id, l.user_id, u.name, u.email::text AS email, l.phone, l.color, l.active, l.version,
          (SELECT count(*)::int FROM tour_leader_skills s WHERE s.leader_id = l.id) AS skills,
          (SELECT count(*)::int FROM tour_leader_skills s WHERE s.leader_id = l.id
             AND s.expires_on <= ${today} + $2::int) AS skills_expiring,
          to_char((SELECT min(s.expires_on) FROM tour_leader_skills s WHERE s.leader_id = l.id), 'YYYY-MM-DD')
            AS next_expiry`,
        // $2 and $3 are named in the count's FROM too, which must give every parameter a type.
        from: `FROM tour_leaders l JOIN users u ON u.id = l.user_id
          WHERE ${where} AND $2::int IS NOT NULL AND $3::timestamptz IS NOT NULL`,
        orderBy: `ORDER BY ${SORT[q.sort]} ${dir} NULLS LAST, l.id ${dir}`,
        params,
        prepare: !q.search,
      };
    },
  );

  app.get('/api/nine/tours/leader-candidates', { config: { access: MANAGE } }, async (request) => {
    const q = parse(leaderCandidatesQuery, request.query);
    const { locationId } = actorOf(request);
    const found = await rows<LeaderCandidate>(
      db.pool,
      `SELECT u.id AS user_id, u.name, u.email::text AS email FROM users u
       WHERE u.status = 'active' AND ${worksAt('u.id', '$1')}
         AND NOT EXISTS (SELECT 1 FROM tour_leaders l WHERE l.user_id = u.id)
         AND ($2::text IS NULL OR lower(u.name) LIKE $2 OR lower(u.email) LIKE $2)
       ORDER BY u.name, u.id LIMIT 50`,
      [locationId, q.search ? containsPattern(q.search) : null],
    );
    return { data: { rows: found } };
  });

  app.post('/api/nine/tours/leaders', { config: { access: MANAGE } }, async (request, reply) => {
    const input = parse(leaderCreate, request.body);
    const actor = actorOf(request);
    const data = await transaction(db, async (client) => {
      const staff = await maybeOne<{ id: number }>(
        client,
        `SELECT u.id FROM users u WHERE u.id = $1 AND u.status = 'active' AND ${worksAt('u.id', '$2')}`,
        [input.user_id, actor.locationId],
      );
      if (!staff) throw new AppError('leaderNotStaff');
      // tour_leaders_user_key answers a user who is a leader already (409 leaderExists, db-errors.ts).
      const { id } = await one<{ id: number }>(
        client,
        'INSERT INTO tour_leaders (user_id) VALUES ($1) RETURNING id',
        [input.user_id],
      );
      await audit(client, actor, { entity: 'tour_leader', entityId: id, action: 'created', data: input });
      return leaderDetail(client, id, actor.locationId, now(), null);
    });
    reply.code(201);
    return { data };
  });

  app.get('/api/nine/tours/leaders/:id', { config: { access: VIEW } }, async (request) => {
    const { id } = parse(idParams, request.params);
    const actor = actorOf(request);
    const data = await transaction(
      db,
      async (client) =>
        leaderDetail(client, id, actor.locationId, now(), await ownScope(deps.auth, actor, client)),
      { readOnly: true },
    );
    return { data };
  });

  app.patch('/api/nine/tours/leaders/:id', { config: { access: MANAGE } }, async (request) => {
    const { id } = parse(idParams, request.params);
    const { version, ...changes } = parse(leaderUpdate, request.body);
    const actor = actorOf(request);
    const data = await transaction(db, async (client) => {
      await leaderAt(client, id, actor.locationId, true);
      const before = await one<
        Pick<Tables['tour_leaders'], 'phone' | 'bio' | 'color' | 'active' | 'version'>
      >(client, 'SELECT phone, bio, color, active, version FROM tour_leaders WHERE id = $1', [id]);
      checkVersion(before.version, version);
      const { version: _v, ...old } = before;
      const changed = (Object.keys(changes) as (keyof typeof changes)[]).filter((k) => changes[k] !== old[k]);
      if (changed.length > 0) {
        await exec(
          client,
          `UPDATE tour_leaders SET phone = $2, bio = $3, color = $4, active = $5, version = version + 1,
             updated_at = now() WHERE id = $1`,
          [id, changes.phone, changes.bio, changes.color, changes.active],
        );
        await audit(client, actor, {
          entity: 'tour_leader',
          entityId: id,
          action: 'updated',
          data: {
            old: Object.fromEntries(changed.map((k) => [k, old[k]])),
            new: Object.fromEntries(changed.map((k) => [k, changes[k]])),
          },
        });
      }
      return leaderDetail(client, id, actor.locationId, now(), null);
    });
    return { data };
  });

  app.put('/api/nine/tours/leaders/:id/hours', { config: { access: MANAGE } }, async (request) => {
    const { id } = parse(idParams, request.params);
    const input = parse(leaderHoursUpdate, request.body);
    const actor = actorOf(request);
    const data = await transaction(db, async (client) => {
      const leader = await leaderAt(client, id, actor.locationId, true);
      checkVersion(leader.version, input.version);
      const old = await rows<{ weekday: number; starts: string; ends: string }>(
        client,
        `SELECT weekday, to_char(starts, 'HH24:MI') AS starts, to_char(ends, 'HH24:MI') AS ends
         FROM tour_leader_hours WHERE leader_id = $1 ORDER BY weekday, starts`,
        [id],
      );
      const key = (hours: readonly { weekday: number; starts: string; ends: string }[]) =>
        JSON.stringify(
          hours
            .map((h) => [h.weekday, h.starts, h.ends] as const)
            .sort((a, b) => a[0] - b[0] || a[1].localeCompare(b[1])),
        );
      // An unchanged week keeps its version (the profile is edited against it too) and writes nothing.
      if (key(old) !== key(input.hours)) {
        // The whole week is replaced; tour_leader_hours_no_overlap stays the database's guard.
        await exec(client, 'DELETE FROM tour_leader_hours WHERE leader_id = $1', [id]);
        await exec(
          client,
          `INSERT INTO tour_leader_hours (leader_id, weekday, starts, ends)
           SELECT $1, w, s::time, e::time FROM unnest($2::smallint[], $3::text[], $4::text[]) AS t(w, s, e)`,
          [
            id,
            input.hours.map((h) => h.weekday),
            input.hours.map((h) => h.starts),
            input.hours.map((h) => h.ends),
          ],
        );
        await bumpLeader(client, id);
        await audit(client, actor, {
          entity: 'tour_leader',
          entityId: id,
          action: 'hours',
          data: { old, new: input.hours },
        });
      }
      return leaderDetail(client, id, actor.locationId, now(), null);
    });
    return { data };
  });
}

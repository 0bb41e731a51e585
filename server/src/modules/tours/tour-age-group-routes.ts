import type { FastifyInstance } from 'fastify';
import { AppError } from '@nine/shared/errors';
import { settingsDeleteQuery } from '@nine/shared/schemas/settings';
import {
  tourAgeGroupInput,
  tourAgeGroupUpdate,
  type TourAgeGroup,
} from '@nine/shared/schemas/tours/settings';
import type { Db } from '../../db/pool.ts';
import { maybeOne, rows, type Queryable } from '../../db/sql.ts';
import { actorOf } from '../../lib/actor.ts';
import { idParams } from '../../lib/id-param.ts';
import { createSettings, deleteSettings, saveSettings } from '../../lib/settings-save.ts';
import { transaction } from '../../lib/transaction.ts';
import { parse } from '../../lib/validate.ts';
import { assertBusinessWide } from '../settings/business-setting-access.ts';
import { TOUR_MANAGE, TOUR_VIEW } from './tour-settings-routes.ts';

const AGE_GROUP = `SELECT a.id, a.name::text AS name, a.min_age, a.max_age, a.price_rule, a.price_value,
  a.guardian_required, a.sort_order, a.active,
  (EXISTS (SELECT 1 FROM tour_definition_prices x WHERE x.age_group_id = a.id)
   OR EXISTS (SELECT 1 FROM tour_definition_season_prices x WHERE x.age_group_id = a.id)
   OR EXISTS (SELECT 1 FROM tour_definition_items x WHERE x.age_group_id = a.id)) AS in_use, a.version
  FROM tour_age_groups a`;

async function ageGroupById(q: Queryable, id: number): Promise<TourAgeGroup> {
  const row = await maybeOne<TourAgeGroup>(q, `${AGE_GROUP} WHERE a.id = $1`, [id]);
  if (!row) throw new AppError('notFound');
  return row;
}

/**
 * Age groups (docs/design/tours.md S1): business-wide (tour manage at every location). Active groups never
 * share an age (tour_age_groups_no_overlap, 409 ageGroupOverlap), so a birth date falls in one group. A
 * group a definition prices or equips is kept: deleting it is refused (409 ageGroupInUse), deactivating
 * it is allowed.
 */
export function registerTourAgeGroupRoutes(app: FastifyInstance, deps: { db: Db }): void {
  const { db } = deps;

  app.get('/api/nine/tours/age-groups', { config: { access: TOUR_VIEW } }, async () => {
    const found = await rows<TourAgeGroup>(db.pool, `${AGE_GROUP} ORDER BY a.sort_order, a.min_age, a.id`);
    return { data: { rows: found } };
  });

  app.post('/api/nine/tours/age-groups', { config: { access: TOUR_MANAGE } }, async (request, reply) => {
    const input = parse(tourAgeGroupInput, request.body);
    const actor = actorOf(request);
    const data = await transaction(db, async (client) => {
      await assertBusinessWide(client, actor.userId, TOUR_MANAGE);
      const row = await createSettings(client, actor, 'tour_age_groups', input, (r) => r.id);
      return ageGroupById(client, row.id);
    });
    reply.code(201);
    return { data };
  });

  app.patch('/api/nine/tours/age-groups/:id', { config: { access: TOUR_MANAGE } }, async (request) => {
    const { id } = parse(idParams, request.params);
    const { version, ...changes } = parse(tourAgeGroupUpdate, request.body);
    const actor = actorOf(request);
    const data = await transaction(db, async (client) => {
      await assertBusinessWide(client, actor.userId, TOUR_MANAGE);
      await ageGroupById(client, id);
      await saveSettings(client, actor, { table: 'tour_age_groups', key: { id }, version, changes });
      return ageGroupById(client, id);
    });
    return { data };
  });

  app.delete('/api/nine/tours/age-groups/:id', { config: { access: TOUR_MANAGE } }, async (request) => {
    const { id } = parse(idParams, request.params);
    const { version } = parse(settingsDeleteQuery, request.query);
    const actor = actorOf(request);
    await transaction(db, async (client) => {
      await assertBusinessWide(client, actor.userId, TOUR_MANAGE);
      await deleteSettings(client, actor, {
        table: 'tour_age_groups',
        key: { id },
        version,
        check: async () => {
          if ((await ageGroupById(client, id)).in_use) throw new AppError('ageGroupInUse');
        },
      });
    });
    return { data: { id } };
  });
}

import type { FastifyInstance } from 'fastify';
import { AppError } from '@nine/shared/errors';
import { settingsDeleteQuery } from '@nine/shared/schemas/settings';
import { tourGroupInput, tourGroupUpdate, type TourGroup } from '@nine/shared/schemas/tours/settings';
import type { Db } from '../../db/pool.ts';
import { maybeOne, rows, type Queryable } from '../../db/sql.ts';
import { actorOf } from '../../lib/actor.ts';
import { idParams } from '../../lib/id-param.ts';
import { createSettings, deleteSettings, saveSettings } from '../../lib/settings-save.ts';
import { transaction } from '../../lib/transaction.ts';
import { parse } from '../../lib/validate.ts';
import { assertBusinessWide } from '../settings/business-setting-access.ts';
import { TOUR_MANAGE, TOUR_VIEW } from './tour-settings-routes.ts';

const GROUP = `SELECT g.id, g.name::text AS name, g.color, g.sort_order, g.active,
  EXISTS (SELECT 1 FROM tour_definitions d WHERE d.group_id = g.id) AS in_use, g.version
  FROM tour_groups g`;

async function groupById(q: Queryable, id: number): Promise<TourGroup> {
  const row = await maybeOne<TourGroup>(q, `${GROUP} WHERE g.id = $1`, [id]);
  if (!row) throw new AppError('notFound');
  return row;
}

/**
 * Tour groups (docs/design/tours.md S1): business-wide, so a change needs tour manage at every location
 * (403 business_wide_only otherwise). A name is unique whatever its case (citext, 409). A group a
 * definition names is kept: deleting it is refused (409 tourGroupInUse), deactivating it is allowed.
 */
export function registerTourGroupRoutes(app: FastifyInstance, deps: { db: Db }): void {
  const { db } = deps;

  app.get('/api/nine/tours/groups', { config: { access: TOUR_VIEW } }, async () => {
    const found = await rows<TourGroup>(db.pool, `${GROUP} ORDER BY g.sort_order, g.name, g.id`);
    return { data: { rows: found } };
  });

  app.post('/api/nine/tours/groups', { config: { access: TOUR_MANAGE } }, async (request, reply) => {
    const input = parse(tourGroupInput, request.body);
    const actor = actorOf(request);
    const data = await transaction(db, async (client) => {
      await assertBusinessWide(client, actor.userId, TOUR_MANAGE);
      const row = await createSettings(client, actor, 'tour_groups', input, (r) => r.id);
      return groupById(client, row.id);
    });
    reply.code(201);
    return { data };
  });

  app.patch('/api/nine/tours/groups/:id', { config: { access: TOUR_MANAGE } }, async (request) => {
    const { id } = parse(idParams, request.params);
    const { version, ...changes } = parse(tourGroupUpdate, request.body);
    const actor = actorOf(request);
    const data = await transaction(db, async (client) => {
      await assertBusinessWide(client, actor.userId, TOUR_MANAGE);
      await groupById(client, id);
      await saveSettings(client, actor, { table: 'tour_groups', key: { id }, version, changes });
      return groupById(client, id);
    });
    return { data };
  });

  app.delete('/api/nine/tours/groups/:id', { config: { access: TOUR_MANAGE } }, async (request) => {
    const { id } = parse(idParams, request.params);
    const { version } = parse(settingsDeleteQuery, request.query);
    const actor = actorOf(request);
    await transaction(db, async (client) => {
      await assertBusinessWide(client, actor.userId, TOUR_MANAGE);
      await deleteSettings(client, actor, {
        table: 'tour_groups',
        key: { id },
        version,
        check: async () => {
          if ((await groupById(client, id)).in_use) throw new AppError('tourGroupInUse');
        },
      });
    });
    return { data: { id } };
  });
}

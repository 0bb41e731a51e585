import type { FastifyInstance } from 'fastify';
import { stocktakeListQuery, stocktakeScan, stocktakeStart } from '@nine/shared/schemas/stock';
import type { Db } from '../../db/pool.ts';
import type { Tables } from '../../db/tables.ts';
import { transaction } from '../../lib/transaction.ts';
import { listRoute } from '../../lib/paging.ts';
import { parse } from '../../lib/validate.ts';
import type { AccessKeys } from '../auth/access-keys.ts';

import {
  closeStocktake,
  currentStocktakeId,
  getStocktake,
  scanIntoStocktake,
  startStocktake,
} from './stocktake-service.ts';
import { actorOf } from '../../lib/actor.ts';
import { idParams } from '../../lib/id-param.ts';
import { accessTo } from '../../plugins/access.ts';

// Spec section 6: stocktake belongs to the operational reports.
const { view, change } = accessTo('operational_report');

type SummaryRow = Pick<
  Tables['stocktakes'],
  'id' | 'status' | 'started_at' | 'closed_at' | 'expected_count' | 'missing_count' | 'unexpected_count'
> & { started_by: Tables['users']['name'] | null };

/**
 * Stocktake of the session's location. Registered scans and close before start: the access test calls
 * routes in this order, closing its open fixture stocktake before starting a new one.
 */
export function registerStocktakeRoutes(
  app: FastifyInstance,
  deps: { db: Db; accessKeys: AccessKeys },
): void {
  app.get('/api/nine/stock/stocktakes/current', { config: { access: view } }, async (request) => {
    const locationId = actorOf(request).locationId;
    const id = await currentStocktakeId(deps.db.pool, locationId);
    return { data: { stocktake: id === null ? null : await getStocktake(deps.db.pool, locationId, id) } };
  });

  listRoute<SummaryRow, typeof stocktakeListQuery>(
    app,
    deps.db,
    { url: '/api/nine/stock/stocktakes', access: view, query: stocktakeListQuery },
    (_q, request) => ({
      select: `s.id, s.status, s.started_at, s.closed_at, u.name AS started_by, s.expected_count, s.missing_count, s.unexpected_count`,
      from: 'FROM stocktakes s LEFT JOIN users u ON u.id = s.started_by WHERE s.location_id = $1',
      orderBy: 'ORDER BY s.started_at DESC, s.id DESC',
      params: [actorOf(request).locationId],
    }),
  );

  app.get('/api/nine/stock/stocktakes/:id', { config: { access: view } }, async (request) => {
    const { id } = parse(idParams, request.params);
    return { data: await getStocktake(deps.db.pool, actorOf(request).locationId, id) };
  });

  app.post('/api/nine/stock/stocktakes/:id/scans', { config: { access: change } }, async (request) => {
    const { id } = parse(idParams, request.params);
    const { code } = parse(stocktakeScan, request.body);
    const actor = actorOf(request);
    const result = await transaction(deps.db, async (client) => ({
      status: 200,
      body: await scanIntoStocktake(client, actor, id, code),
    }));
    return { data: result.body };
  });

  app.post('/api/nine/stock/stocktakes/:id/close', { config: { access: change } }, async (request) => {
    const { id } = parse(idParams, request.params);
    const actor = actorOf(request);
    const result = await transaction(deps.db, async (client) => {
      await closeStocktake(client, actor, id);
      return { status: 200, body: await getStocktake(client, actor.locationId, id) };
    });
    return { data: result.body };
  });

  // Starting needs a second person's (or one's own) access key from someone who manages the reports.
  app.post('/api/nine/stock/stocktakes', { config: { access: change } }, async (request, reply) => {
    const { access_key } = parse(stocktakeStart, request.body);
    const actor = actorOf(request);
    const approvedBy = await deps.accessKeys.approve(null, actor.userId, actor.locationId, access_key, {
      resource: 'operational_report',
      action: 'manage',
    });
    const result = await transaction(deps.db, async (client) => {
      const id = await startStocktake(client, actor, approvedBy);
      return { status: 201, body: { data: await getStocktake(client, actor.locationId, id) } };
    });
    return reply.code(result.status).send(result.body);
  });
}

import type { FastifyInstance } from 'fastify';
import {
  repairLogClose,
  repairLogCreate,
  repairLogsQuery,
  repairWorkCreate,
  type RepairLog,
} from '@nine/shared/schemas/stock';
import type { Db } from '../../db/pool.ts';
import { transaction } from '../../lib/transaction.ts';
import { pageOf } from '../../lib/paging.ts';
import { parse } from '../../lib/validate.ts';
import {
  REPAIR_COLUMNS,
  REPAIR_FROM,
  addRepairWork,
  closeRepair,
  getRepairLog,
  markServiced,
  openRepair,
} from './repair-service.ts';

import { actorOf } from '../../lib/actor.ts';
import { idParams } from '../../lib/id-param.ts';

const view = { resource: 'maintenance', action: 'view' } as const;
const change = { resource: 'maintenance', action: 'change' } as const;

/** Repair logs: open one (from the barcode screen or a damaged return), record work and cost, close it. */
export function registerRepairRoutes(app: FastifyInstance, deps: { db: Db }): void {
  app.get('/api/nine/stock/repair-logs', { config: { access: view } }, async (request) => {
    const q = parse(repairLogsQuery, request.query);
    const params: unknown[] = [actorOf(request).locationId];
    const where = ['r.location_id = $1'];
    if (q.status !== 'all') where.push(`r.status = $${params.push(q.status)}`);
    if (q.item_id !== undefined) where.push(`r.item_id = $${params.push(q.item_id)}`);
    const page = await pageOf<RepairLog>(deps.db, {
      select: REPAIR_COLUMNS,
      from: `${REPAIR_FROM} WHERE ${where.join(' AND ')}`,
      orderBy: 'ORDER BY r.opened_at DESC, r.id DESC',
      params,
      page: q.page,
      pageSize: q.page_size,
    });
    return { data: page };
  });

  app.get('/api/nine/stock/repair-logs/:id', { config: { access: view } }, async (request) => {
    const { id } = parse(idParams, request.params);
    return { data: await getRepairLog(deps.db.pool, actorOf(request).locationId, id) };
  });

  app.post('/api/nine/stock/repair-logs', { config: { access: change } }, async (request, reply) => {
    const input = parse(repairLogCreate, request.body);
    const actor = actorOf(request);
    const result = await transaction(deps.db, async (client) => {
      const id = await openRepair(client, actor, input);
      return { status: 201, body: { data: await getRepairLog(client, actor.locationId, id) } };
    });
    return reply.code(result.status).send(result.body);
  });

  app.post('/api/nine/stock/repair-logs/:id/work', { config: { access: change } }, async (request) => {
    const { id } = parse(idParams, request.params);
    const input = parse(repairWorkCreate, request.body);
    const actor = actorOf(request);
    const result = await transaction(deps.db, async (client) => {
      await addRepairWork(client, actor, id, input);
      return { status: 200, body: await getRepairLog(client, actor.locationId, id) };
    });
    return { data: result.body };
  });

  app.post('/api/nine/stock/repair-logs/:id/close', { config: { access: change } }, async (request) => {
    const { id } = parse(idParams, request.params);
    const input = parse(repairLogClose, request.body ?? {});
    const actor = actorOf(request);
    const result = await transaction(deps.db, async (client) => {
      await closeRepair(client, actor, id, input);
      return { status: 200, body: await getRepairLog(client, actor.locationId, id) };
    });
    return { data: result.body };
  });

  // 'Mark available after repair' on the barcode screen.
  app.post('/api/nine/stock/items/:id/serviced', { config: { access: change } }, async (request) => {
    const { id } = parse(idParams, request.params);
    const input = parse(repairLogClose, request.body ?? {});
    const actor = actorOf(request);
    await transaction(deps.db, async (client) => {
      await markServiced(client, actor, id, input);
      return { status: 200, body: null };
    });
    return { data: { item_id: id } };
  });
}

import type { FastifyInstance } from 'fastify';
import {
  repairLogClose,
  repairLogCreate,
  repairLogsQuery,
  repairWorkCreate,
} from '@nine/shared/schemas/stock';
import type { Db } from '../../db/pool.ts';
import type { Queryable } from '../../db/sql.ts';
import { transaction } from '../../lib/transaction.ts';
import { listRoute } from '../../lib/paging.ts';
import { parse } from '../../lib/validate.ts';
import {
  REPAIR_COLUMNS,
  REPAIR_FROM,
  addRepairWork,
  closeRepair,
  getRepairLog,
  markServiced,
  openRepair,
  type RepairLogRow,
} from './repair-service.ts';

import { actorOf, type Actor } from '../../lib/actor.ts';
import { idParams } from '../../lib/id-param.ts';
import { accessTo } from '../../plugins/access.ts';

const { view, change } = accessTo('maintenance');

/** Repair logs: open one (from the barcode screen or a damaged return), record work and cost, close it. */
export function registerRepairRoutes(app: FastifyInstance, deps: { db: Db }): void {
  listRoute<RepairLogRow, typeof repairLogsQuery>(
    app,
    deps.db,
    { url: '/api/nine/stock/repair-logs', access: view, query: repairLogsQuery },
    (q, request) => {
      const params: unknown[] = [actorOf(request).locationId];
      const where = ['r.location_id = $1'];
      if (q.status !== 'all') where.push(`r.status = $${params.push(q.status)}`);
      if (q.item_id !== undefined) where.push(`r.item_id = $${params.push(q.item_id)}`);
      return {
        select: REPAIR_COLUMNS,
        from: `${REPAIR_FROM} WHERE ${where.join(' AND ')}`,
        orderBy: 'ORDER BY r.opened_at DESC, r.id DESC',
        params,
      };
    },
  );

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

  /** A step on an open repair log (work, close): done in one transaction, answered with the log. */
  const logStep = <B>(
    step: string,
    read: (body: unknown) => B,
    work: (client: Queryable, actor: Actor, id: number, input: B) => Promise<void>,
  ) =>
    app.post(`/api/nine/stock/repair-logs/:id/${step}`, { config: { access: change } }, async (request) => {
      const { id } = parse(idParams, request.params);
      const input = read(request.body);
      const actor = actorOf(request);
      const result = await transaction(deps.db, async (client) => {
        await work(client, actor, id, input);
        return { status: 200, body: await getRepairLog(client, actor.locationId, id) };
      });
      return { data: result.body };
    });
  logStep('work', (body) => parse(repairWorkCreate, body), addRepairWork);
  logStep('close', (body) => parse(repairLogClose, body ?? {}), closeRepair);

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

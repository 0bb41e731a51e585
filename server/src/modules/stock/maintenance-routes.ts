import type { FastifyInstance } from 'fastify';
import { AppError } from '@nine/shared/errors';
import {
  maintenanceRuleCreate,
  scheduledMaintenanceQuery,
  type MaintenanceRule,
} from '@nine/shared/schemas/stock';
import type { Db } from '../../db/pool.ts';
import { exec, maybeOne, one, rows } from '../../db/sql.ts';
import type { Tables } from '../../db/tables.ts';
import { transaction } from '../../lib/transaction.ts';
import { containsPattern, pageOf } from '../../lib/paging.ts';
import { parse } from '../../lib/validate.ts';

import { actorOf } from '../../lib/actor.ts';
import { audit } from '../../lib/audit.ts';
import { idParams } from '../../lib/id-param.ts';
import { accessTo } from '../../plugins/access.ts';

const { view, change } = accessTo('maintenance');

type ScheduledRow = Pick<Tables['items'], 'sku' | 'status'> &
  Pick<Tables['item_maintenance_status'], 'every_rent_hours' | 'every_days' | 'due_at' | 'due'> & {
    item_id: Tables['items']['id'];
    product_name: Tables['products']['name'];
    rental_group: Tables['rental_types']['name'] | null;
    rent_hours_since_service: number | null;
    due_in_hours: number | null;
    open_repair_log_id: Tables['repair_logs']['id'] | null;
  };

/** inventory/scheduled-maintenance: rules per rental group or product, and where each item stands. */
export function registerMaintenanceRoutes(app: FastifyInstance, deps: { db: Db }): void {
  app.get('/api/nine/stock/rental-groups', { config: { access: view } }, async () => {
    const groups = await rows<Pick<Tables['rental_types'], 'id' | 'name'>>(
      deps.db.pool,
      'SELECT id, name FROM rental_types ORDER BY name',
    );
    return { data: groups };
  });

  app.get('/api/nine/stock/maintenance-rules', { config: { access: view } }, async () => {
    const rules = await rows<MaintenanceRule>(
      deps.db.pool,
      `SELECT r.id, r.rental_type_id, t.name AS rental_type, r.product_id, p.name || ' (' || p.sku || ')' AS product,
              r.every_rent_hours, r.every_days
       FROM maintenance_rules r LEFT JOIN rental_types t ON t.id = r.rental_type_id LEFT JOIN products p ON p.id = r.product_id
       ORDER BY r.product_id NULLS FIRST, t.name, p.name`,
    );
    return { data: rules };
  });

  app.post('/api/nine/stock/maintenance-rules', { config: { access: change } }, async (request, reply) => {
    const input = parse(maintenanceRuleCreate, request.body);
    const actor = actorOf(request);
    const result = await transaction(deps.db, async (client) => {
      if (input.product_id !== undefined) {
        const found = await exec(client, `SELECT 1 FROM products WHERE id = $1 AND kind = 'rent'`, [
          input.product_id,
        ]);
        if (!found) throw new AppError('notFound');
      }
      try {
        const { id } = await one<Pick<Tables['maintenance_rules'], 'id'>>(
          client,
          `INSERT INTO maintenance_rules (rental_type_id, product_id, every_rent_hours, every_days, created_by)
           VALUES ($1, $2, $3, $4, $5) RETURNING id`,
          [
            input.rental_type_id ?? null,
            input.product_id ?? null,
            input.every_rent_hours ?? null,
            input.every_days ?? null,
            actor.userId,
          ],
        );
        await audit(client, actor, {
          entity: 'maintenance_rule',
          entityId: id,
          action: 'created',
          data: input,
        });
        return { status: 201, body: { data: { id } } };
      } catch (err) {
        // A second rule for the group or product is refused by its unique index (lib/db-errors.ts).
        if ((err as { code?: string }).code === '23503') throw new AppError('notFound');
        throw err;
      }
    });
    return reply.code(result.status).send(result.body);
  });

  app.delete('/api/nine/stock/maintenance-rules/:id', { config: { access: change } }, async (request) => {
    const { id } = parse(idParams, request.params);
    const actor = actorOf(request);
    await transaction(deps.db, async (client) => {
      const deleted = await maybeOne<Tables['maintenance_rules']>(
        client,
        'DELETE FROM maintenance_rules WHERE id = $1 RETURNING *',
        [id],
      );
      if (!deleted) throw new AppError('notFound');
      await audit(client, actor, {
        entity: 'maintenance_rule',
        entityId: id,
        action: 'deleted',
        data: deleted,
      });
      return { status: 200, body: null };
    });
    return { data: { id } };
  });

  app.get('/api/nine/stock/scheduled-maintenance', { config: { access: view } }, async (request) => {
    const q = parse(scheduledMaintenanceQuery, request.query);
    const params: unknown[] = [actorOf(request).locationId];
    const where = [`i.current_location_id = $1`, `i.status NOT IN ('retired', 'lost')`];
    if (q.due === 'due') where.push('m.due');
    if (q.search) {
      where.push(
        `(lower(i.sku) LIKE $${params.push(containsPattern(q.search))} OR lower(p.name) LIKE $${params.length})`,
      );
    }
    const page = await pageOf<ScheduledRow>(deps.db, {
      select: `i.id AS item_id, i.sku, p.name AS product_name, t.name AS rental_group, i.status,
        round(m.rent_minutes_since_service / 60.0, 1)::float8 AS rent_hours_since_service, m.every_rent_hours, m.every_days,
        CASE WHEN m.every_rent_hours IS NULL THEN NULL ELSE round(m.rent_minutes_left / 60.0, 1)::float8 END AS due_in_hours,
        m.due_at, m.due,
        (SELECT r.id FROM repair_logs r WHERE r.item_id = i.id AND r.status = 'open') AS open_repair_log_id`,
      from: `FROM items i JOIN item_maintenance_status m ON m.item_id = i.id JOIN products p ON p.id = i.product_id
        LEFT JOIN categories c ON c.id = p.category_id
        LEFT JOIN rental_types t ON t.id = coalesce(p.rental_type_id, c.rental_type_id, 1)
        WHERE ${where.join(' AND ')}`,
      orderBy:
        'ORDER BY m.due DESC, least(m.rent_minutes_left, extract(epoch FROM m.due_at - now()) / 60) NULLS LAST, i.sku',
      params,
      page: q.page,
      pageSize: q.page_size,
    });
    return { data: page };
  });
}

import type { FastifyInstance } from 'fastify';
import { AppError } from '@nine/shared/errors';
import {
  autoBillingInput,
  recurringOrderListQuery,
  type AutoBillingPlan,
  type RecurringOrderRow,
  type RecurringSortField,
} from '@nine/shared/schemas/recurring';
import type { Db } from '../../db/pool.ts';
import { transaction } from '../../lib/transaction.ts';
import { listRoute } from '../../lib/paging.ts';
import { parse } from '../../lib/validate.ts';
import { orderId } from '../orders/order-routes-shared.ts';
import { actorOf } from '../../lib/actor.ts';
import { audit } from '../../lib/audit.ts';

const SORT_SQL: Record<RecurringSortField, string> = {
  order_number: 'o.number',
  customer: `lower(trim(c.first_name || ' ' || c.last_name))`,
  email: 'lower(c.email::text)',
  issued_invoice_count: 's.issued_invoice_count',
  total_invoiced_minor: 's.total_invoiced_minor',
  plan_start: 'o.planned_start',
  actual_start: 'o.actual_start',
  plan_finish: 'o.planned_finish',
  next_invoice_date: 'p.next_invoice_date',
};

/** active-recurring-orders and the 'Start Auto Billing / Edit Auto Billing' modal (sell_order, spec section 6). */
export function registerRecurringRoutes(app: FastifyInstance, deps: { db: Db }): void {
  listRoute<RecurringOrderRow, typeof recurringOrderListQuery>(
    app,
    deps.db,
    {
      url: '/api/nine/recurring-orders',
      access: { resource: 'sell_order', action: 'view' },
      query: recurringOrderListQuery,
    },
    (q, request) => {
      const direction = q.sort_type === 'asc' ? 'ASC NULLS LAST' : 'DESC NULLS LAST';
      // Plans per location are few (hundreds): the location's orders are joined and sorted in SQL.
      return {
        select: `o.id AS order_id, o.number AS order_number, nullif(trim(c.first_name || ' ' || c.last_name), '') AS customer,
              c.email::text, s.issued_invoice_count, s.total_invoiced_minor, o.planned_start AS plan_start, o.actual_start,
              o.planned_finish AS plan_finish, p.next_invoice_date::text, p.frequency, p.active`,
        from: `FROM recurring_plans p JOIN orders o ON o.id = p.order_id LEFT JOIN customers c ON c.id = o.customer_id
              CROSS JOIN LATERAL (SELECT count(*)::int AS issued_invoice_count, coalesce(sum(i.total_minor), 0)::bigint AS total_invoiced_minor
                FROM recurring_invoices ri JOIN invoices i ON i.id = ri.invoice_id WHERE ri.plan_id = p.id) s
              WHERE o.location_id = $1 AND p.active`,
        countFrom: `FROM recurring_plans p JOIN orders o ON o.id = p.order_id WHERE o.location_id = $1 AND p.active`,
        orderBy: `ORDER BY ${SORT_SQL[q.sort]} ${direction}, p.id ${q.sort_type}`,
        params: [actorOf(request).locationId],
      };
    },
  );

  app.get(
    '/api/nine/rent-orders/:id/auto-billing',
    { config: { access: { resource: 'sell_order', action: 'view' } } },
    async (request) => {
      const id = orderId(request);
      const { rows } = await deps.db.pool.query<AutoBillingPlan & { type: string; has_plan: boolean }>(
        `SELECT o.id AS order_id, o.type, p.id IS NOT NULL AS has_plan, p.frequency, p.next_invoice_date::text, p.active,
              (SELECT count(*) FROM recurring_invoices ri WHERE ri.plan_id = p.id)::int AS issued_invoice_count
         FROM orders o LEFT JOIN recurring_plans p ON p.order_id = o.id WHERE o.id = $1 AND o.location_id = $2`,
        [id, actorOf(request).locationId],
      );
      const row = rows[0];
      if (!row || row.type === 'sale') throw new AppError('notFound');
      if (!row.has_plan) return { data: null };
      const { type: _type, has_plan: _hasPlan, ...plan } = row;
      return { data: plan };
    },
  );

  app.put(
    '/api/nine/rent-orders/:id/auto-billing',
    { config: { access: { resource: 'sell_order', action: 'change' } } },
    async (request) => {
      const id = orderId(request);
      const input = parse(autoBillingInput, request.body);
      const { userId, locationId } = actorOf(request);
      const result = await transaction(deps.db, async (client) => {
        const { rows } = await client.query<{ type: string; enabled: boolean | null }>(
          `SELECT o.type, (SELECT is_recurring_enabled FROM activity_settings a WHERE a.location_id = o.location_id AND a.rental_type_id = coalesce(o.rental_type_id, 1)) AS enabled
         FROM orders o WHERE o.id = $1 AND o.location_id = $2 FOR UPDATE`,
          [id, locationId],
        );
        if (!rows[0] || rows[0].type === 'sale') throw new AppError('notFound');
        if (!rows[0].enabled) throw new AppError('forbidden', { data: { reason: 'recurring_disabled' } });
        await client.query(
          `INSERT INTO recurring_plans (order_id, frequency, next_invoice_date, active, created_by) VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (order_id) DO UPDATE SET frequency = EXCLUDED.frequency, next_invoice_date = EXCLUDED.next_invoice_date, active = EXCLUDED.active, updated_at = now()`,
          [id, input.frequency, input.next_invoice_date, input.active, userId],
        );
        await audit(
          client,
          { userId, locationId },
          { entity: 'order', entityId: id, action: 'auto_billing', data: input },
        );
        return { status: 200, body: { order_id: id, ...input } };
      });
      return { data: result.body };
    },
  );
}

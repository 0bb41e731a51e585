import type { FastifyInstance } from 'fastify';
import { AppError } from '@nine/shared/errors';
import {
  autoBillingInput,
  recurringOrderListQuery,
  type RecurringSortField,
} from '@nine/shared/schemas/recurring';
import type { Db } from '../../db/pool.ts';
import { exec, maybeOne } from '../../db/sql.ts';
import type { Tables } from '../../db/tables.ts';
import { transaction } from '../../lib/transaction.ts';
import { listRoute } from '../../lib/paging.ts';
import { parse } from '../../lib/validate.ts';
import { assertOrderAccess, orderId } from '../orders/order-routes-shared.ts';
import type { AuthService } from '../auth/auth-service.ts';
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

/** A row of the list as pg reads it: order times as Dates, the plan's next day as text ('YYYY-MM-DD'). */
type RecurringRow = Pick<Tables['recurring_plans'], 'frequency' | 'active'> & {
  order_id: Tables['orders']['id'];
  order_number: Tables['orders']['number'];
  customer: string | null;
  email: string | null;
  issued_invoice_count: number;
  total_invoiced_minor: number;
  plan_start: Tables['orders']['planned_start'];
  actual_start: Tables['orders']['actual_start'];
  plan_finish: Tables['orders']['planned_finish'];
  next_invoice_date: string;
};

/** The order and its plan, if any (LEFT JOIN: the plan's columns are null without one). */
interface AutoBillingRow {
  order_id: Tables['orders']['id'];
  type: Tables['orders']['type'];
  has_plan: boolean;
  frequency: Tables['recurring_plans']['frequency'] | null;
  next_invoice_date: string | null;
  active: Tables['recurring_plans']['active'] | null;
  issued_invoice_count: number;
}

/** active-recurring-orders and the 'Start Auto Billing / Edit Auto Billing' modal (sell_order, spec section 6). */
export function registerRecurringRoutes(app: FastifyInstance, deps: { db: Db; auth: AuthService }): void {
  listRoute<RecurringRow, typeof recurringOrderListQuery>(
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
      await assertOrderAccess(deps.db.pool, deps.auth, actorOf(request), id, 'view');
      const row = await maybeOne<AutoBillingRow>(
        deps.db.pool,
        `SELECT o.id AS order_id, o.type, p.id IS NOT NULL AS has_plan, p.frequency, p.next_invoice_date::text, p.active,
              (SELECT count(*) FROM recurring_invoices ri WHERE ri.plan_id = p.id)::int AS issued_invoice_count
         FROM orders o LEFT JOIN recurring_plans p ON p.order_id = o.id WHERE o.id = $1 AND o.location_id = $2`,
        [id, actorOf(request).locationId],
      );
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
      await assertOrderAccess(deps.db.pool, deps.auth, actorOf(request), id, 'change');
      const result = await transaction(deps.db, async (client) => {
        const order = await maybeOne<Pick<Tables['orders'], 'type'> & { enabled: boolean | null }>(
          client,
          `SELECT o.type, (SELECT is_recurring_enabled FROM activity_settings a WHERE a.location_id = o.location_id AND a.rental_type_id = coalesce(o.rental_type_id, 1)) AS enabled
         FROM orders o WHERE o.id = $1 AND o.location_id = $2 FOR UPDATE`,
          [id, locationId],
        );
        if (!order || order.type === 'sale') throw new AppError('notFound');
        if (!order.enabled) throw new AppError('forbidden', { data: { reason: 'recurring_disabled' } });
        await exec(
          client,
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

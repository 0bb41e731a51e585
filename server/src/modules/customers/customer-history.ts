import type { FastifyInstance } from 'fastify';
import { customerHistoryQuery } from '@nine/shared/schemas/customers';
import type { Db } from '../../db/pool.ts';
import { pageOf } from '../../lib/paging.ts';
import { parse } from '../../lib/validate.ts';
import { ORDER_PAID } from './customer-queries.ts';
import { idParams } from '../../lib/id-param.ts';

/** One list of the customer detail: its columns, the FROM … WHERE on `$1` (the customer) and its order. */
const lists = {
  orders: {
    select: `o.id, o.number, o.type, o.status, l.name AS location_name, o.planned_start, o.planned_finish,
      o.total_minor, ${ORDER_PAID}::bigint AS paid_minor, o.created_at`,
    from: 'FROM orders o JOIN locations l ON l.id = o.location_id WHERE o.customer_id = $1',
    orderBy: 'ORDER BY o.created_at DESC, o.id DESC',
  },
  invoices: {
    select: `i.id, i.number, i.type, i.status, o.number AS order_number, i.total_minor, i.created_at, i.posted_at`,
    from: 'FROM invoices i LEFT JOIN orders o ON o.id = i.order_id WHERE i.customer_id = $1',
    orderBy: 'ORDER BY i.created_at DESC, i.id DESC',
  },
  payments: {
    select: `p.id, o.number AS order_number, p.method, p.amount_minor,
      coalesce((SELECT sum(r.amount_minor) FROM refunds r WHERE r.payment_id = p.id), 0)::bigint AS refunded_minor, p.created_at`,
    // A payment belongs to the customer through its order (or directly, for account payments).
    from: `FROM payments p LEFT JOIN orders o ON o.id = p.order_id
      WHERE p.id IN (SELECT p2.id FROM payments p2 JOIN orders o2 ON o2.id = p2.order_id WHERE o2.customer_id = $1
                     UNION SELECT p3.id FROM payments p3 WHERE p3.customer_id = $1)`,
    orderBy: 'ORDER BY p.created_at DESC, p.id DESC',
  },
  messages: {
    select: `m.id, m.channel, m.recipient, m.body, m.status, u.name AS sent_by_name, m.created_at`,
    from: 'FROM customer_messages m LEFT JOIN users u ON u.id = m.sent_by WHERE m.customer_id = $1',
    orderBy: 'ORDER BY m.created_at DESC, m.id DESC',
  },
} as const;

/** The customer detail's paged lists: orders, invoices, payments and messages sent, newest first. */
export function registerCustomerHistory(app: FastifyInstance, deps: { db: Db }): void {
  for (const [name, list] of Object.entries(lists)) {
    app.get(
      `/api/nine/customers/:id/${name}`,
      { config: { access: { resource: 'customer', action: 'view' } } },
      async (request) => {
        const { id } = parse(idParams, request.params);
        const q = parse(customerHistoryQuery, request.query);
        return {
          data: await pageOf(deps.db, { ...list, params: [id], page: q.page, pageSize: q.page_size }),
        };
      },
    );
  }
}

import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AppError } from '@nine/shared/errors';
import { invoiceListQuery, type InvoiceRow } from '@nine/shared/schemas/money';
import type { Db } from '../../db/pool.ts';
import { containsPattern, pageOf } from '../../lib/paging.ts';
import { parse } from '../../lib/validate.ts';

const PAID = `(coalesce((SELECT sum(p.amount_minor) FROM payments p WHERE p.invoice_id = i.id), 0)
  - coalesce((SELECT sum(r.amount_minor) FROM refunds r JOIN payments p ON p.id = r.payment_id WHERE p.invoice_id = i.id), 0))`;
const COLUMNS = `i.id, i.number, i.type, i.status, i.order_id, o.number AS order_number, trim(c.first_name || ' ' || c.last_name) AS customer,
  i.created_at, i.in_progress_at, i.posted_at, i.updated_at, i.billing_from, i.billing_to, i.subtotal_minor, i.discount_minor, i.tax_minor,
  i.total_minor, ${PAID}::bigint AS paid_minor, (i.total_minor - ${PAID})::bigint AS balance_minor`;
const SORT: Record<string, string> = {
  number: 'i.number',
  created_at: 'i.created_at',
  posted_at: 'i.posted_at',
  total: 'i.total_minor',
  balance: `(i.total_minor - ${PAID})`,
};
const idParams = z.object({
  id: z
    .string()
    .regex(/^\d{1,15}$/)
    .transform(Number),
});

/** invoices/rents and invoices/sale (sell_order, spec section 6) and one invoice (rent_order or sell_order). */
export function registerInvoiceRoutes(app: FastifyInstance, deps: { db: Db }): void {
  for (const [path, types] of [
    ['rents', ['rent', 'recurring', 'adhoc', 'credit_note']],
    ['sale', ['sale']],
  ] as const) {
    app.get(
      `/api/nine/invoices/${path}`,
      { config: { access: { resource: 'sell_order', action: 'view' } } },
      async (request) => {
        const q = parse(invoiceListQuery, request.query);
        const params: unknown[] = [request.auth!.locationId, types];
        const where = ['i.location_id = $1', 'i.type = ANY($2::invoice_type[])'];
        if (q.status) where.push(`i.status = $${params.push(q.status)}`);
        if (q.balance_status === 'paid') where.push(`${PAID} >= i.total_minor`);
        if (q.balance_status === 'partially_paid') where.push(`${PAID} > 0 AND ${PAID} < i.total_minor`);
        if (q.balance_status === 'unpaid') where.push(`${PAID} <= 0 AND i.total_minor > 0`);
        if (q.from_date) where.push(`i.created_at >= $${params.push(q.from_date)}::date`);
        if (q.to_date) where.push(`i.created_at < $${params.push(q.to_date)}::date + 1`);
        if (q.search) {
          const term = q.search.toLowerCase();
          where.push(
            /^\d{1,12}$/.test(term)
              ? `(i.number = $${params.push(Number(term))} OR o.number = $${params.length})`
              : `i.customer_id IN (SELECT id FROM customers WHERE search_text LIKE $${params.push(containsPattern(term))})`,
          );
        }
        const from = `FROM invoices i LEFT JOIN orders o ON o.id = i.order_id LEFT JOIN customers c ON c.id = i.customer_id WHERE ${where.join(' AND ')}`;
        const dir = q.sort_type === 'asc' ? 'ASC' : 'DESC';
        return {
          data: await pageOf<InvoiceRow>(deps.db, {
            select: COLUMNS,
            from,
            orderBy: `ORDER BY ${SORT[q.sort]} ${dir} NULLS LAST, i.id ${dir}`,
            params,
            page: q.page,
            pageSize: q.page_size,
          }),
        };
      },
    );
  }

  app.get(
    '/api/nine/invoices/:id',
    {
      config: {
        access: {
          anyOf: [
            { resource: 'rent_order', action: 'view' },
            { resource: 'sell_order', action: 'view' },
          ],
        },
      },
    },
    async (request) => {
      const { id } = parse(idParams, request.params);
      const { rows } = await deps.db.pool.query<InvoiceRow>(
        `SELECT ${COLUMNS} FROM invoices i LEFT JOIN orders o ON o.id = i.order_id LEFT JOIN customers c ON c.id = i.customer_id WHERE i.id = $1 AND i.location_id = $2`,
        [id, request.auth!.locationId],
      );
      if (!rows[0]) throw new AppError('notFound');
      const [lines, payments] = await Promise.all([
        deps.db.pool.query(
          `SELECT l.id, l.description, l.quantity, l.unit_price_minor, l.discount_minor, l.tax_minor, l.total_minor FROM invoice_lines l WHERE l.invoice_id = $1 ORDER BY l.id`,
          [id],
        ),
        deps.db.pool.query(
          `SELECT p.id, p.method, p.amount_minor, p.created_at, coalesce((SELECT sum(amount_minor) FROM refunds r WHERE r.payment_id = p.id), 0)::bigint AS refunded_minor
           FROM payments p WHERE p.invoice_id = $1 ORDER BY p.id`,
          [id],
        ),
      ]);
      return { data: { ...rows[0], lines: lines.rows, payments: payments.rows } };
    },
  );
}

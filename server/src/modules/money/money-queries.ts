import { AppError } from '@nine/shared/errors';
import { maybeOne, type Queryable } from '../../db/sql.ts';
import type { OrderStatus, OrderType, Tables } from '../../db/tables.ts';

/** A payment as read (created_at stays a Date until the reply serialises it). */
export type PaymentView = Pick<
  Tables['payments'],
  'id' | 'invoice_id' | 'method' | 'amount_minor' | 'tendered_minor' | 'reference' | 'created_at'
> & {
  /** Joined to its order, so never null here. */
  order_id: number;
  order_number: number;
  order_type: OrderType;
  change_minor: number;
  refunded_minor: number;
  created_by: string | null;
  customer: string | null;
  order_total_minor: number;
  order_paid_minor: number;
  order_balance_minor: number;
  order_status: OrderStatus;
  register: string | null;
};

/** A payment with what its receipt shows ('Print Payment'): order, change given, balance left. */
export async function getPayment(q: Queryable, id: number, locationId: number): Promise<PaymentView> {
  const payment = await maybeOne<PaymentView>(
    q,
    `SELECT p.id, p.order_id, o.number AS order_number, o.type AS order_type, p.invoice_id, p.method, p.amount_minor, p.tendered_minor,
            coalesce(p.tendered_minor - p.amount_minor, 0)::bigint AS change_minor,
            coalesce((SELECT sum(amount_minor) FROM refunds r WHERE r.payment_id = p.id), 0)::bigint AS refunded_minor,
            p.reference, p.created_at, u.name AS created_by, trim(c.first_name || ' ' || c.last_name) AS customer,
            o.total_minor AS order_total_minor, x.paid::bigint AS order_paid_minor, (o.total_minor - x.paid)::bigint AS order_balance_minor,
            o.status AS order_status, cr.name AS register
     FROM payments p JOIN orders o ON o.id = p.order_id LEFT JOIN users u ON u.id = p.created_by
     LEFT JOIN customers c ON c.id = o.customer_id LEFT JOIN cash_registers cr ON cr.id = p.cash_register_id
     CROSS JOIN LATERAL (SELECT coalesce((SELECT sum(amount_minor) FROM payments WHERE order_id = o.id), 0)
       - coalesce((SELECT sum(r.amount_minor) FROM refunds r JOIN payments p2 ON p2.id = r.payment_id WHERE p2.order_id = o.id), 0) AS paid) x
     WHERE p.id = $1 AND p.location_id = $2`,
    [id, locationId],
  );
  if (!payment) throw new AppError('notFound');
  return payment;
}

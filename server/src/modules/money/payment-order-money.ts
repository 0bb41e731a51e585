import type pg from 'pg';
import { AppError } from '@nine/shared/errors';
import type { OrderMoney, PaymentRules } from '@nine/shared/schemas/payments';
import { maybeOne, one, rows } from '../../db/sql.ts';
import type { Tables } from '../../db/tables.ts';

// A pool, not a client: the four reads below run side by side.
type Queryable = pg.Pool;

type PaymentRow = Pick<
  Tables['payments'],
  'id' | 'method' | 'amount_minor' | 'tendered_minor' | 'reference' | 'created_at'
> & { change_minor: number; refunded_minor: number; created_by: string | null };
type DepositRow = Pick<
  Tables['deposit_movements'],
  'id' | 'kind' | 'method' | 'amount_minor' | 'reason' | 'created_at'
> & { created_by: string | null };

/** The order's money as read (OrderMoney on the wire, whose times are the serialised Dates). */
export type OrderMoneyRead = Omit<OrderMoney, 'payments' | 'deposits'> & {
  payments: PaymentRow[];
  deposits: DepositRow[];
};

/**
 * What the order view's money panels show: payments with what was refunded of each, the deposit
 * movements and what is held, the balance, and the settings that decide the methods on offer.
 * Every figure is summed from payments, refunds and movements; none is stored beside them.
 */
export async function getOrderMoney(
  q: Queryable,
  orderId: number,
  locationId: number,
  customerCredit: (q: pg.Pool, customerId: number | null) => Promise<number>,
): Promise<OrderMoneyRead> {
  const order = await maybeOne<
    Pick<
      Tables['orders'],
      | 'id'
      | 'type'
      | 'version'
      | 'status'
      | 'customer_id'
      | 'total_minor'
      | 'deposit_minor'
      | 'deposit_in_custody'
    > & {
      paid_minor: number;
      held_minor: number;
      refunds_unapproved_minor: number;
      refunds_below_level2_minor: number;
    }
  >(
    q,
    `SELECT o.id, o.type, o.version, o.status, o.customer_id, o.total_minor, o.deposit_minor, o.deposit_in_custody,
            (coalesce((SELECT sum(amount_minor) FROM payments WHERE order_id = o.id), 0)
              - coalesce((SELECT sum(r.amount_minor) FROM refunds r JOIN payments p ON p.id = r.payment_id WHERE p.order_id = o.id), 0))::bigint AS paid_minor,
            coalesce((SELECT sum(CASE kind WHEN 'held' THEN amount_minor ELSE -amount_minor END) FROM deposit_movements WHERE order_id = o.id), 0)::bigint AS held_minor,
            coalesce(r.unapproved, 0)::bigint AS refunds_unapproved_minor, coalesce(r.below_level2, 0)::bigint AS refunds_below_level2_minor
     FROM orders o,
          LATERAL (SELECT sum(r.amount_minor) FILTER (WHERE r.approval_level = 0) AS unapproved,
                          sum(r.amount_minor) FILTER (WHERE r.approval_level < 2) AS below_level2
                   FROM refunds r JOIN payments p ON p.id = r.payment_id WHERE p.order_id = o.id) r
     WHERE o.id = $1 AND o.location_id = $2`,
    [orderId, locationId],
  );
  if (!order) throw new AppError('notFound');
  const [payments, deposits, rules, credit] = await Promise.all([
    rows<PaymentRow>(
      q,
      `SELECT p.id, p.method, p.amount_minor, p.tendered_minor, coalesce(p.tendered_minor - p.amount_minor, 0)::bigint AS change_minor,
              coalesce((SELECT sum(amount_minor) FROM refunds r WHERE r.payment_id = p.id), 0)::bigint AS refunded_minor,
              p.reference, p.created_at, u.name AS created_by
       FROM payments p LEFT JOIN users u ON u.id = p.created_by WHERE p.order_id = $1 ORDER BY p.id`,
      [orderId],
    ),
    rows<DepositRow>(
      q,
      `SELECT m.id, m.kind, m.method, m.amount_minor, m.reason, m.created_at, u.name AS created_by
       FROM deposit_movements m LEFT JOIN users u ON u.id = m.created_by WHERE m.order_id = $1 ORDER BY m.id`,
      [orderId],
    ),
    one<PaymentRules>(
      q,
      `SELECT coalesce(g.allow_staff_credit_card_entry, false) AS allow_staff_credit_card_entry, b.accept_external_payments,
              coalesce(g.has_pay_and_balance_forward, false) AS has_pay_and_balance_forward,
              coalesce(g.confirm_change_return, true) AS confirm_change_return, b.process_external_refunds,
              p.refund_level1_minor, p.refund_level2_minor, coalesce(g.multi_register, false) AS multi_register, g.current_cash_register
       FROM business_info b CROSS JOIN access_policy p LEFT JOIN general_settings g ON g.location_id = $1
       WHERE b.id = 1 AND p.id = 1`,
      [locationId],
    ),
    customerCredit(q, order.customer_id),
  ]);
  return {
    order_id: order.id,
    order_type: order.type,
    order_version: order.version,
    order_status: order.status,
    total_minor: order.total_minor,
    paid_minor: order.paid_minor,
    balance_minor: order.total_minor - order.paid_minor,
    deposit_required_minor: order.deposit_minor,
    deposit_held_minor: order.held_minor,
    deposit_in_custody: order.deposit_in_custody,
    customer_credit_minor: credit,
    refunds_unapproved_minor: order.refunds_unapproved_minor,
    refunds_below_level2_minor: order.refunds_below_level2_minor,
    payments,
    deposits,
    rules,
  };
}

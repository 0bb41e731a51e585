import { AppError } from '@nine/shared/errors';
import type { CustomerDetail } from '@nine/shared/schemas/customers';
import { maybeOne, type Queryable } from '../../db/sql.ts';
import type { Tables } from '../../db/tables.ts';
import { CUSTOMER_COLUMNS, type CustomerColumns } from './list-customers.ts';

/** The customer detail as read (CustomerDetail on the wire); the JSON-built parts arrive as JSON. */
type Detail = CustomerColumns &
  Pick<Tables['customers'], 'notes'> &
  Pick<CustomerDetail, 'balance' | 'note_log' | 'participants' | 'signatures'>;

/** A message sent to a customer as read (CustomerMessageRow on the wire). */
export type CustomerMessage = Pick<
  Tables['customer_messages'],
  'id' | 'channel' | 'recipient' | 'body' | 'status' | 'created_at'
> & { sent_by_name: string | null };

/** Net paid on an order: payments less their refunds. */
const PAID = `(coalesce((SELECT sum(p.amount_minor) FROM payments p WHERE p.order_id = o.id), 0)
  - coalesce((SELECT sum(r.amount_minor) FROM refunds r JOIN payments p ON p.id = r.payment_id WHERE p.order_id = o.id), 0))`;
export const ORDER_PAID = PAID;

/**
 * The customer with everything the detail shows at once; the balance is derived from orders,
 * payments, refunds and invoices, never stored.
 */
export async function loadCustomerDetail(db: Queryable, id: number): Promise<Detail> {
  const detail = await maybeOne<Detail>(
    db,
    `SELECT ${CUSTOMER_COLUMNS}, notes,
       (SELECT json_build_object(
          'ordered_minor', coalesce(sum(o.total_minor), 0)::bigint,
          'paid_minor', coalesce(sum(${PAID}), 0)::bigint,
          'balance_minor', coalesce(sum(o.total_minor - ${PAID}), 0)::bigint,
          'invoiced_minor', (SELECT coalesce(sum(CASE WHEN i.type = 'credit_note' THEN -i.total_minor ELSE i.total_minor END), 0)::bigint
                             FROM invoices i WHERE i.customer_id = c.id AND i.status = 'posted'))
        FROM orders o WHERE o.customer_id = c.id AND o.status <> 'cancelled') AS balance,
       coalesce((SELECT json_agg(n ORDER BY n.created_at DESC, n.id DESC) FROM (
          SELECT cn.id, cn.body, u.name AS created_by_name, cn.created_at FROM customer_notes cn
          LEFT JOIN users u ON u.id = cn.created_by WHERE cn.customer_id = c.id
          ORDER BY cn.created_at DESC, cn.id DESC LIMIT 100) n), '[]') AS note_log,
       coalesce((SELECT json_agg(p ORDER BY p.name, p.id) FROM (
          SELECT id, name, email::text, phone, birth_date::text, created_at FROM customer_participants
          WHERE customer_id = c.id) p), '[]') AS participants,
       coalesce((SELECT json_agg(s ORDER BY s.signed_at DESC, s.id DESC) FROM (
          SELECT id, signer_name, participant_id, document, image, signed_at FROM customer_signatures
          WHERE customer_id = c.id ORDER BY signed_at DESC, id DESC LIMIT 100) s), '[]') AS signatures
     FROM customers c WHERE c.id = $1`,
    [id],
  );
  if (!detail) throw new AppError('notFound');
  // json_build_object keeps bigint sums as JSON numbers; they are safe integers for any real balance.
  return detail;
}

/** Locks a (non-anonymous) customer for a write and answers 404 when there is none. */
export async function lockCustomer(client: Queryable, id: number) {
  const customer = await maybeOne<Pick<Tables['customers'], 'id' | 'first_name' | 'last_name' | 'phone'>>(
    client,
    'SELECT id, first_name, last_name, phone FROM customers WHERE id = $1 AND NOT is_anonymous FOR UPDATE',
    [id],
  );
  if (!customer) throw new AppError('notFound');
  return customer;
}

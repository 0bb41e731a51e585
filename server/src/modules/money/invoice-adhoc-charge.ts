import type pg from 'pg';
import { AppError } from '@nine/shared/errors';
import type { AdhocChargeCreate } from '@nine/shared/schemas/invoices';
import { invoiceTax } from '@nine/shared/tax';
import { type Actor } from '../../lib/actor.ts';
import { audit } from '../../lib/audit.ts';
import { exec, maybeOne, one } from '../../db/sql.ts';
import type { Tables } from '../../db/tables.ts';

/**
 * An ad-hoc charge (a damage fee, a late fee) on the order of an invoice, when the business allows
 * add_adhoc_to_order. It never touches an existing invoice (a posted one is immutable): it becomes its own
 * 'adhoc' invoice, in progress, taxed by the one tax rule, and the order's total grows by it so the
 * order's balance asks for it.
 */
export async function addAdhocCharge(
  client: pg.PoolClient,
  actor: Actor,
  invoiceId: number,
  input: AdhocChargeCreate,
  // A charge the system settles (a tour moved to a dearer day, reservation-move.ts), not a fee staff chose:
  // add_adhoc_to_order does not apply.
  options: { settlement?: boolean } = {},
): Promise<number> {
  const invoice = await maybeOne<Pick<Tables['invoices'], 'order_id' | 'type'>>(
    client,
    'SELECT order_id, type FROM invoices WHERE id = $1 AND location_id = $2',
    [invoiceId, actor.locationId],
  );
  if (!invoice) throw new AppError('notFound');
  const s = await one<
    Pick<Tables['business_info'], 'add_adhoc_to_order'> &
      Pick<Tables['general_settings'], 'is_tax_included'> & { tax_bp: number }
  >(
    client,
    `SELECT b.add_adhoc_to_order, coalesce(g.is_tax_included, false) AS is_tax_included,
            coalesce((SELECT sum(rate_bp) FROM taxes WHERE is_active), 0)::int AS tax_bp
     FROM business_info b LEFT JOIN general_settings g ON g.location_id = $1 WHERE b.id = 1`,
    [actor.locationId],
  );
  if (!s.add_adhoc_to_order && !options.settlement) throw new AppError('adhocChargesDisabled');
  if (invoice.order_id === null || invoice.type === 'credit_note') throw new AppError('invoiceWithoutOrder');
  const order = await maybeOne<Pick<Tables['orders'], 'id' | 'type' | 'status' | 'customer_id'>>(
    client,
    'SELECT id, type, status, customer_id FROM orders WHERE id = $1 AND location_id = $2 FOR UPDATE',
    [invoice.order_id, actor.locationId],
  );
  if (!order) throw new AppError('notFound');
  if (['cancelled', 'pre-cancel'].includes(order.status)) throw new AppError('orderNotChargeable');

  const net = input.quantity * input.unit_price_minor;
  const tax = input.taxable ? invoiceTax(net, s.tax_bp, s.is_tax_included) : 0;
  // With taxes included the price already holds the tax: the subtotal is what is left without it.
  const subtotal = s.is_tax_included ? net - tax : net;
  const total = subtotal + tax;
  const { id: chargeId } = await one<Pick<Tables['invoices'], 'id'>>(
    client,
    `INSERT INTO invoices (type, order_id, customer_id, location_id, billing_from, billing_to, subtotal_minor, discount_minor, tax_minor, total_minor, of_sale_order)
     VALUES ('adhoc', $1, $2, $3, now(), now(), $4, 0, $5, $6, $7) RETURNING id`,
    [order.id, order.customer_id, actor.locationId, subtotal, tax, total, order.type === 'sale'],
  );
  await exec(
    client,
    `INSERT INTO invoice_lines (invoice_id, description, quantity, unit_price_minor, discount_minor, tax_minor, total_minor)
     VALUES ($1, $2, $3, $4, 0, $5, $6)`,
    [
      chargeId,
      input.description,
      input.quantity,
      input.unit_price_minor,
      tax,
      s.is_tax_included ? net : net + tax,
    ],
  );
  await exec(
    client,
    'UPDATE orders SET total_minor = total_minor + $2, version = version + 1, updated_at = now() WHERE id = $1',
    [order.id, total],
  );
  await audit(client, actor, {
    entity: 'order',
    entityId: order.id,
    action: 'adhoc_charge',
    data: {
      invoice_id: chargeId,
      from_invoice_id: invoiceId,
      description: input.description,
      quantity: input.quantity,
      unit_price_minor: input.unit_price_minor,
      total_minor: total,
    },
  });
  return chargeId;
}

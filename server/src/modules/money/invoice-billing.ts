import type pg from 'pg';
import { AppError } from '@nine/shared/errors';
import { invoiceTax, spreadTax } from '@nine/shared/tax';
import { glAccounts, negate, revenueAccount, revenueByAccount, taxByAccount } from './gl-accounts.ts';
import { postLedger } from './ledger.ts';
import { audit, type AuditActor } from '../../lib/audit.ts';
import type { Actor } from '../../lib/actor.ts';
import { exec, maybeOne, one, rows } from '../../db/sql.ts';
import type { Tables } from '../../db/tables.ts';

/**
 * Billing an order's lines and posting its invoices. Plain functions on the caller's transaction, with no
 * dependency on the order or money services: the order service posts everything when an order closes and
 * the money service bills before a payment, and neither may import the other's factory.
 */

export interface BillableOrder {
  id: number;
  type: string;
  customer_id: number | null;
  planned_start: Date | null;
  planned_finish: Date | null;
}

/** Taxes as every invoice computes them: the active rates summed, included in prices or added. */
export async function taxSettings(
  client: pg.PoolClient,
  locationId: number,
): Promise<{ is_tax_included: boolean; tax_bp: number }> {
  return one<{ is_tax_included: boolean; tax_bp: number }>(
    client,
    `SELECT coalesce((SELECT is_tax_included FROM general_settings WHERE location_id = $1), false) AS is_tax_included,
            coalesce((SELECT sum(rate_bp) FROM taxes WHERE is_active), 0)::int AS tax_bp`,
    [locationId],
  );
}

/** One line to bill: an order item, or a delivery's fee (quantity 1, no discount). */
interface Billable {
  order_item_id: number | null;
  delivery_id: number | null;
  description: string;
  quantity: number;
  unit_price_minor: number;
  discount_minor: number;
}

/**
 * A new invoice in progress holding every line of the order not billed yet, and the fee of every delivery
 * not cancelled and not billed yet, taxed once on its net by the one tax rule (shared/tax.ts); null when
 * everything is billed already. The caller holds the order's row lock; a delivery's fee billed by another
 * invoice meanwhile is refused by invoice_lines_delivery_key.
 */
export async function billUnbilled(
  client: pg.PoolClient,
  // No user when a payment provider's webhook pays the order (D14).
  actor: AuditActor & { locationId: number },
  order: BillableOrder,
): Promise<number | null> {
  const items = await rows<
    Pick<Tables['order_items'], 'id' | 'quantity' | 'unit_price_minor' | 'discount_minor'> &
      Pick<Tables['products'], 'name' | 'sku'>
  >(
    client,
    `SELECT oi.id, p.name, p.sku, oi.quantity, oi.unit_price_minor, oi.discount_minor FROM order_items oi JOIN products p ON p.id = oi.product_id
     WHERE oi.order_id = $1 AND oi.status <> 'cancelled' AND NOT EXISTS (SELECT 1 FROM invoice_lines l WHERE l.order_item_id = oi.id)
     ORDER BY oi.id`,
    [order.id],
  );
  const fees = await rows<Pick<Tables['deliveries'], 'id' | 'type' | 'fee_minor'> & { zone: string | null }>(
    client,
    `SELECT d.id, d.type, d.fee_minor, z.name AS zone FROM deliveries d LEFT JOIN delivery_zones z ON z.id = d.zone_id
     WHERE d.order_id = $1 AND d.fee_minor > 0 AND d.status <> 'cancelled'
       AND NOT EXISTS (SELECT 1 FROM invoice_lines l WHERE l.delivery_id = d.id)
     ORDER BY d.id`,
    [order.id],
  );
  // Stored text in English, as product lines are ("name (sku)"); the zone's name as it is when billed.
  const unbilled: Billable[] = [
    ...items.map((l) => ({
      order_item_id: l.id,
      delivery_id: null,
      description: `${l.name} (${l.sku})`,
      quantity: l.quantity,
      unit_price_minor: l.unit_price_minor,
      discount_minor: l.discount_minor,
    })),
    ...fees.map((d) => ({
      order_item_id: null,
      delivery_id: d.id,
      description: `${d.type === 'pickup' ? 'Pick-up' : 'Delivery'}${d.zone ? ` – ${d.zone}` : ''}`,
      quantity: 1,
      unit_price_minor: d.fee_minor,
      discount_minor: 0,
    })),
  ];
  if (unbilled.length === 0) return null;
  const s = await taxSettings(client, actor.locationId);
  const nets = unbilled.map((l) => l.unit_price_minor * l.quantity - l.discount_minor);
  const gross = unbilled.reduce((a, l) => a + l.unit_price_minor * l.quantity, 0);
  const discount = unbilled.reduce((a, l) => a + l.discount_minor, 0);
  const net = gross - discount;
  const tax = invoiceTax(net, s.tax_bp, s.is_tax_included);
  // With taxes included the prices already hold the tax: the subtotal is what is left without it.
  const subtotal = s.is_tax_included ? gross - tax : gross;
  const total = subtotal - discount + tax;
  const taxes = spreadTax(nets, tax);
  const { id: invoiceId } = await one<Pick<Tables['invoices'], 'id'>>(
    client,
    `INSERT INTO invoices (type, order_id, customer_id, location_id, billing_from, billing_to, subtotal_minor, discount_minor, tax_minor, total_minor)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING id`,
    [
      order.type === 'sale' ? 'sale' : 'rent',
      order.id,
      order.customer_id,
      actor.locationId,
      order.planned_start,
      order.planned_finish,
      subtotal,
      discount,
      tax,
      total,
    ],
  );
  await exec(
    client,
    `INSERT INTO invoice_lines (invoice_id, order_item_id, delivery_id, description, quantity, unit_price_minor, discount_minor, tax_minor, total_minor)
     SELECT $1, * FROM unnest($2::bigint[], $3::bigint[], $4::text[], $5::int[], $6::bigint[], $7::bigint[], $8::bigint[], $9::bigint[])`,
    [
      invoiceId,
      unbilled.map((l) => l.order_item_id),
      unbilled.map((l) => l.delivery_id),
      unbilled.map((l) => l.description),
      unbilled.map((l) => l.quantity),
      unbilled.map((l) => l.unit_price_minor),
      unbilled.map((l) => l.discount_minor),
      taxes,
      unbilled.map((l, i) => (s.is_tax_included ? nets[i]! : nets[i]! + taxes[i]!)),
    ],
  );
  await audit(client, actor, {
    entity: 'invoice',
    entityId: invoiceId,
    action: 'created',
    data: { order_id: order.id, total_minor: total },
  });
  return invoiceId;
}

/** Posting makes an invoice immutable and books its revenue and tax against receivables. */
export async function postInvoice(client: pg.PoolClient, actor: Actor, invoiceId: number): Promise<void> {
  const inv = await maybeOne<
    Pick<
      Tables['invoices'],
      | 'id'
      | 'status'
      | 'type'
      | 'order_id'
      | 'subtotal_minor'
      | 'discount_minor'
      | 'tax_minor'
      | 'total_minor'
      | 'of_sale_order'
    >
  >(
    client,
    `SELECT id, status, type, order_id, subtotal_minor, discount_minor, tax_minor, total_minor, of_sale_order
     FROM invoices WHERE id = $1 AND location_id = $2 FOR UPDATE`,
    [invoiceId, actor.locationId],
  );
  if (!inv) throw new AppError('notFound');
  if (inv.status === 'posted') throw new AppError('conflict', { data: { reason: 'already_posted' } });
  await exec(
    client,
    `UPDATE invoices SET status = 'posted', posted_at = now(), updated_at = now(), version = version + 1 WHERE id = $1`,
    [invoiceId],
  );
  // Revenue per product category and tax per tax, each on its mapped account (Business settings).
  const gl = await glAccounts(client);
  const revenue = await revenueByAccount(
    client,
    gl,
    inv.id,
    revenueAccount(gl, inv),
    inv.subtotal_minor - inv.discount_minor,
  );
  const tax = await taxByAccount(client, gl, inv.tax_minor);
  await postLedger(client, { location_id: actor.locationId, order_id: inv.order_id, invoice_id: inv.id }, [
    { gl: gl.system.accounts_receivable, amount: inv.total_minor },
    ...negate(revenue),
    ...negate(tax),
  ]);
  await audit(client, actor, {
    entity: 'invoice',
    entityId: invoiceId,
    action: 'posted',
    data: { total_minor: inv.total_minor },
  });
}

/**
 * Nothing of a closed order stays "In progress": its unbilled lines are billed and every invoice of it in
 * progress is posted, in the caller's transaction (which holds the order's row lock). Returns the posted ids.
 */
export async function settleOrderInvoices(
  client: pg.PoolClient,
  actor: Actor,
  order: BillableOrder,
): Promise<number[]> {
  await billUnbilled(client, actor, order);
  const open = await rows<Pick<Tables['invoices'], 'id'>>(
    client,
    `SELECT id FROM invoices WHERE order_id = $1 AND location_id = $2 AND status = 'in_progress' ORDER BY id FOR UPDATE`,
    [order.id, actor.locationId],
  );
  for (const r of open) await postInvoice(client, actor, r.id);
  return open.map((r) => r.id);
}

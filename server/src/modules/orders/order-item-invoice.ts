import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { AppError } from '@nine/shared/errors';
import { invoiceTimingAllows, type InvoiceTiming } from '@nine/shared/invoice-timing';
import {
  orderItemsInvoice,
  type OrderItemsInvoice,
  type OrderItemsInvoiced,
} from '@nine/shared/schemas/orders';
import { invoiceTax, spreadTax } from '@nine/shared/tax';
import type { Db } from '../../db/pool.ts';
import { exec, maybeOne, one, rows, type Queryable } from '../../db/sql.ts';
import type { Tables } from '../../db/tables.ts';
import { idempotentRoute } from '../../lib/idempotency.ts';
import { getOrderDetail } from './order-detail.ts';
import { assertOrderAccess, kindOf, orderRouteAccess, PATH } from './order-routes-shared.ts';
import type { AuthService } from '../auth/auth-service.ts';
import { type Actor } from '../../lib/actor.ts';
import { audit } from '../../lib/audit.ts';
import { bigIdParams } from '../../lib/id-param.ts';

type Line = Pick<
  Tables['order_items'],
  'id' | 'quantity' | 'unit_price_minor' | 'discount_minor' | 'status'
> & { label: string; invoiced: boolean };

/**
 * Add to invoice: the chosen lines go on the order's invoice in progress, opened when there is none.
 * A line is billed once (1250); a posted invoice is immutable (1251); manual_invoice_time decides when
 * lines may be billed by hand (1252 never, 1253 not yet). The invoice's tax is recomputed over all its
 * lines by the one tax rule, as if it had been made at once.
 */
export async function addItemsToInvoice(
  client: pg.PoolClient,
  actor: Actor,
  kind: 'rent' | 'sale',
  orderId: number,
  input: OrderItemsInvoice,
): Promise<number> {
  const order = await maybeOne<
    Pick<
      Tables['orders'],
      | 'type'
      | 'status'
      | 'location_id'
      | 'version'
      | 'customer_id'
      | 'rental_type_id'
      | 'planned_start'
      | 'planned_finish'
    >
  >(
    client,
    `SELECT type, status, location_id, version, customer_id, rental_type_id, planned_start, planned_finish
     FROM orders WHERE id = $1 FOR UPDATE`,
    [orderId],
  );
  if (!order || kindOf(order.type) !== kind) throw new AppError('notFound');
  if (order.location_id !== actor.locationId) throw new AppError('orderOtherLocation');
  if (order.version !== input.version)
    throw new AppError('versionConflict', { data: { version: order.version } });
  if (['cancelled', 'pre-cancel'].includes(order.status)) throw new AppError('orderNotChargeable');

  const ids = [...new Set(input.item_ids)];
  const lines = await rows<Line>(
    client,
    `SELECT oi.id, p.name || ' (' || coalesce(i.sku, p.sku) || ')' AS label, oi.quantity, oi.unit_price_minor,
            oi.discount_minor, oi.status, EXISTS (SELECT 1 FROM invoice_lines l WHERE l.order_item_id = oi.id) AS invoiced
     FROM order_items oi JOIN products p ON p.id = oi.product_id LEFT JOIN items i ON i.id = oi.item_id
     WHERE oi.order_id = $1 AND oi.id = ANY($2::bigint[]) ORDER BY oi.id FOR UPDATE OF oi`,
    [orderId, ids],
  );
  if (lines.length !== ids.length)
    throw new AppError('validation', { data: { issues: [{ path: 'item_ids', code: 'not_in_order' }] } });
  const named = (some: Line[]) => ({
    data: { item_ids: some.map((l) => l.id) },
    params: { items: some.map((l) => l.label).join(', ') },
  });
  const invoiced = lines.filter((l) => l.invoiced);
  if (invoiced.length > 0) throw new AppError('itemAlreadyInvoiced', named(invoiced));
  const cancelled = lines.filter((l) => l.status === 'cancelled');
  if (cancelled.length > 0)
    throw new AppError('conflict', { data: { reason: 'cancelled', item_ids: cancelled.map((l) => l.id) } });

  const s = await one<{ timing: InvoiceTiming; is_tax_included: boolean; tax_bp: number }>(
    client,
    `SELECT coalesce((SELECT manual_invoice_time FROM activity_settings WHERE location_id = $1 AND rental_type_id = coalesce($2, 1)), 'anytime') AS timing,
            coalesce((SELECT is_tax_included FROM general_settings WHERE location_id = $1), false) AS is_tax_included,
            coalesce((SELECT sum(rate_bp) FROM taxes WHERE is_active), 0)::int AS tax_bp`,
    [actor.locationId, order.rental_type_id],
  );
  if (s.timing === 'never') throw new AppError('manualInvoiceDisabled', { data: { timing: s.timing } });
  const early = lines.filter((l) => !invoiceTimingAllows(s.timing, order.type, l.status));
  if (early.length > 0) {
    const refused = named(early);
    throw new AppError('invoiceTooEarly', { ...refused, data: { ...refused.data, timing: s.timing } });
  }

  let invoiceId: number;
  if (input.invoice_id !== undefined) {
    const invoice = await maybeOne<Pick<Tables['invoices'], 'status' | 'type'>>(
      client,
      'SELECT status, type FROM invoices WHERE id = $1 AND order_id = $2 FOR UPDATE',
      [input.invoice_id, orderId],
    );
    if (!invoice || !['rent', 'sale', 'recurring'].includes(invoice.type)) throw new AppError('notFound');
    if (invoice.status === 'posted')
      throw new AppError('invoicePosted', { data: { invoice_id: input.invoice_id } });
    invoiceId = input.invoice_id;
  } else {
    // Ad-hoc charges and credit notes are invoices of their own: order lines go on the order's invoice.
    const open = await maybeOne<Pick<Tables['invoices'], 'id'>>(
      client,
      `SELECT id FROM invoices WHERE order_id = $1 AND status = 'in_progress' AND type IN ('rent', 'sale', 'recurring')
       ORDER BY id DESC LIMIT 1 FOR UPDATE`,
      [orderId],
    );
    if (open) invoiceId = open.id;
    else {
      const created = await one<Pick<Tables['invoices'], 'id'>>(
        client,
        `INSERT INTO invoices (type, order_id, customer_id, location_id, billing_from, billing_to) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
        [
          order.type === 'sale' ? 'sale' : 'rent',
          orderId,
          order.customer_id,
          actor.locationId,
          order.planned_start,
          order.planned_finish,
        ],
      );
      invoiceId = created.id;
      await audit(client, actor, {
        entity: 'invoice',
        entityId: invoiceId,
        action: 'created',
        data: { order_id: orderId },
      });
    }
  }

  await exec(
    client,
    `INSERT INTO invoice_lines (invoice_id, order_item_id, description, quantity, unit_price_minor, discount_minor, total_minor)
     SELECT $1, * FROM unnest($2::bigint[], $3::text[], $4::int[], $5::bigint[], $6::bigint[], $7::bigint[])`,
    [
      invoiceId,
      lines.map((l) => l.id),
      lines.map((l) => l.label),
      lines.map((l) => l.quantity),
      lines.map((l) => l.unit_price_minor),
      lines.map((l) => l.discount_minor),
      lines.map((l) => l.unit_price_minor * l.quantity - l.discount_minor),
    ],
  );
  await retotal(client, invoiceId, s);
  await exec(client, 'UPDATE orders SET version = version + 1, updated_at = now() WHERE id = $1', [orderId]);
  await audit(client, actor, {
    entity: 'order',
    entityId: orderId,
    action: 'items_invoiced',
    data: { invoice_id: invoiceId, item_ids: ids },
  });
  return invoiceId;
}

/** The invoice's totals and each line's tax from all its lines, by the one tax rule (shared/tax.ts). */
export async function retotal(
  client: Queryable,
  invoiceId: number,
  s: { is_tax_included: boolean; tax_bp: number },
): Promise<void> {
  const all = await rows<
    Pick<Tables['invoice_lines'], 'id' | 'quantity' | 'unit_price_minor' | 'discount_minor'>
  >(
    client,
    'SELECT id, quantity, unit_price_minor, discount_minor FROM invoice_lines WHERE invoice_id = $1 ORDER BY id',
    [invoiceId],
  );
  const nets = all.map((l) => l.unit_price_minor * l.quantity - l.discount_minor);
  const gross = all.reduce((a, l) => a + l.unit_price_minor * l.quantity, 0);
  const discount = all.reduce((a, l) => a + l.discount_minor, 0);
  const tax = invoiceTax(gross - discount, s.tax_bp, s.is_tax_included);
  // With taxes included the prices already hold the tax: the subtotal is what is left without it.
  const subtotal = s.is_tax_included ? gross - tax : gross;
  const taxes = spreadTax(nets, tax);
  await exec(
    client,
    `UPDATE invoice_lines l SET tax_minor = v.tax, total_minor = v.total
     FROM unnest($1::bigint[], $2::bigint[], $3::bigint[]) AS v(id, tax, total) WHERE l.id = v.id`,
    [all.map((l) => l.id), taxes, all.map((_, i) => (s.is_tax_included ? nets[i]! : nets[i]! + taxes[i]!))],
  );
  await exec(
    client,
    `UPDATE invoices SET subtotal_minor = $2, discount_minor = $3, tax_minor = $4, total_minor = $5,
            updated_at = now(), version = version + 1 WHERE id = $1`,
    [invoiceId, subtotal, discount, tax, subtotal - discount + tax],
  );
}

/** POST /api/nine/rent-orders/:id/invoice-items and /sale-orders/:id/invoice-items, idempotent by key. */
export function registerOrderItemInvoice(app: FastifyInstance, deps: { db: Db; auth: AuthService }): void {
  for (const kind of ['rent', 'sale'] as const) {
    idempotentRoute(
      app,
      deps.db,
      {
        url: `/api/nine/${PATH[kind]}/:id/invoice-items`,
        access: orderRouteAccess(kind, 'change'),
        params: bigIdParams,
        body: orderItemsInvoice,
        status: 200,
      },
      async (client, actor, input, { id }): Promise<OrderItemsInvoiced> => {
        await assertOrderAccess(client, deps.auth, actor, id, 'change');
        const invoiceId = await addItemsToInvoice(client, actor, kind, id, input);
        return { invoice_id: invoiceId, order: await getOrderDetail(client, id, actor.locationId) };
      },
    );
  }
}

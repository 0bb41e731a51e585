import type { OrderDetail, OrderPhoto, OrderSignature, OrderCustomer } from '@nine/shared/schemas/orders';
import { AppError } from '@nine/shared/errors';
import { allowedEvents, isOverdue } from '@nine/shared/order-machine';
import { priceBreakdown } from '@nine/shared/tax';
import { maybeOne, one, rows, type Queryable } from '../../db/sql.ts';
import type { Tables } from '../../db/tables.ts';
import { PAID_SQL } from './order-list.ts';
import { iso, isoOrNull } from './order-routes-shared.ts';
import { taxSettings } from './order-taxes.ts';
import type { LineHead, OrderHead } from './order-columns.ts';

/** The order view: customer, items, money so far, what may happen next, and its timeline. */
export type { OrderDetail };

type OrderRow = OrderHead &
  Pick<
    Tables['orders'],
    | 'version'
    | 'location_id'
    | 'rental_type_id'
    | 'deposit_minor'
    | 'staff_note'
    | 'customer_note'
    | 'order_image'
    | 'deposit_in_custody'
    | 'cc_skipped'
    | 'has_delivery'
  > & { paid_minor: number; delivery_fee_minor: number; customer: OrderCustomer | null };

type ItemRow = LineHead &
  Pick<Tables['order_items'], 'delivered_at' | 'returned_at' | 'tour_event_id' | 'tour_age_group_id'> & {
    product_sku: Tables['products']['sku'];
    product_name: Tables['products']['name'];
    product_category: Tables['categories']['name'] | null;
    item_sku: Tables['items']['sku'] | null;
    barcode: Tables['items']['barcode'] | null;
    invoiced: boolean;
  };

interface TimelineRow {
  at: Tables['audit_log']['at'];
  user: Tables['users']['name'] | null;
  action: string;
  data: unknown;
}

// method and content_type are text columns held to these values by CHECK constraints (migration 0012).
type SignatureRow = Pick<Tables['order_signatures'], 'signer_name' | 'image' | 'signed_at'> & {
  method: OrderSignature['method'];
  signed_by: Tables['users']['name'] | null;
};

type PhotoRow = Pick<Tables['order_photos'], 'id' | 'file_name' | 'size_bytes' | 'created_at'> & {
  content_type: OrderPhoto['content_type'];
  created_by: Tables['users']['name'] | null;
};

export async function getOrderDetail(
  q: Queryable,
  id: number,
  locationId: number,
  allowUndoDeliver?: boolean,
): Promise<OrderDetail> {
  const order = await maybeOne<OrderRow>(
    q,
    `SELECT o.id, o.number, o.type, o.source, o.status, o.version, o.location_id, o.rental_type_id, o.planned_start, o.planned_finish,
            o.actual_start, o.actual_finish, o.closed_at, o.cancelled_at, o.created_at, o.total_minor, o.deposit_minor,
            ${PAID_SQL}::bigint AS paid_minor, o.staff_note, o.customer_note, o.order_image, o.deposit_in_custody, o.cc_skipped, o.has_delivery,
            CASE WHEN o.has_delivery THEN coalesce((SELECT sum(d.fee_minor) FROM deliveries d WHERE d.order_id = o.id AND d.status <> 'cancelled'), 0)
              ELSE 0 END::bigint AS delivery_fee_minor,
            CASE WHEN c.id IS NULL THEN NULL ELSE json_build_object('id', c.id, 'name', trim(c.first_name || ' ' || c.last_name), 'phone', c.phone,
              'email', c.email, 'address', c.address, 'postal_code', c.postal_code, 'is_anonymous', c.is_anonymous) END AS customer
     FROM orders o LEFT JOIN customers c ON c.id = o.customer_id WHERE o.id = $1 AND o.location_id = $2`,
    [id, locationId],
  );
  if (!order) throw new AppError('notFound');
  // One after another: `q` may be a transaction's client, which runs one query at a time.
  const items = await rows<ItemRow>(
    q,
    `SELECT oi.id, oi.product_id, p.sku AS product_sku, p.name AS product_name, cat.name AS product_category, oi.item_id, i.sku AS item_sku,
            i.barcode, oi.quantity, oi.unit_price_minor, oi.discount_minor, oi.status, oi.delivered_at, oi.returned_at,
            oi.counter_start, oi.counter_end, EXISTS (SELECT 1 FROM invoice_lines l WHERE l.order_item_id = oi.id) AS invoiced,
            oi.tour_event_id, oi.tour_age_group_id
     FROM order_items oi JOIN products p ON p.id = oi.product_id LEFT JOIN categories cat ON cat.id = p.category_id
     LEFT JOIN items i ON i.id = oi.item_id WHERE oi.order_id = $1 ORDER BY oi.id`,
    [id],
  );
  // The order's entries and its invoices' (prefixed `invoice:`, shared/order-audit.ts lists them all), with
  // the names a reader needs that the entries hold as ids: the approver, the invoice and credit note numbers.
  const timeline = await rows<TimelineRow>(
    q,
    `WITH entries AS (
       SELECT a.id, a.at, a.user_id, a.action, a.data, NULL::bigint AS invoice_id
       FROM audit_log a WHERE a.entity_type = 'order' AND a.entity_id = $1
       UNION ALL
       SELECT a.id, a.at, a.user_id, 'invoice:' || a.action, a.data, i.id
       FROM invoices i JOIN audit_log a ON a.entity_type = 'invoice' AND a.entity_id = i.id::text
       WHERE i.order_id = $2
     )
     SELECT e.at, u.name AS user, e.action,
            e.data || jsonb_strip_nulls(jsonb_build_object('approver_name', ap.name, 'invoice_number', inv.number,
              'credit_note_number', cn.number)) AS data
     FROM entries e LEFT JOIN users u ON u.id = e.user_id
     LEFT JOIN users ap ON ap.id = CASE WHEN jsonb_typeof(e.data->'approver') = 'number' THEN (e.data->>'approver')::int END
     LEFT JOIN invoices inv ON inv.id = coalesce(e.invoice_id,
       CASE WHEN jsonb_typeof(e.data->'invoice_id') = 'number' THEN (e.data->>'invoice_id')::bigint END)
     LEFT JOIN invoices cn ON cn.id = CASE WHEN jsonb_typeof(e.data->'credit_note_id') = 'number' THEN (e.data->>'credit_note_id')::bigint END
     ORDER BY e.at, e.id`,
    [String(id), id],
  );
  const participants = await rows<
    Pick<Tables['order_participants'], 'id' | 'name' | 'age' | 'weight_kg' | 'notes'>
  >(q, 'SELECT id, name, age, weight_kg, notes FROM order_participants WHERE order_id = $1 ORDER BY id', [
    id,
  ]);
  const signature = await maybeOne<SignatureRow>(
    q,
    `SELECT s.method, s.signer_name, s.image, s.signed_at, u.name AS signed_by FROM order_signatures s
     LEFT JOIN users u ON u.id = s.signed_by WHERE s.order_id = $1`,
    [id],
  );
  const photos = await rows<PhotoRow>(
    q,
    `SELECT ph.id, ph.file_name, ph.content_type, ph.size_bytes, ph.created_at, u.name AS created_by
     FROM order_photos ph LEFT JOIN users u ON u.id = ph.created_by WHERE ph.order_id = $1 ORDER BY ph.id`,
    [id],
  );
  const photoLimit = await one<{ max: Tables['general_settings']['order_photo_max_bytes'] }>(
    q,
    'SELECT coalesce((SELECT order_photo_max_bytes FROM general_settings WHERE location_id = $1), 5242880) AS max',
    [locationId],
  );
  const undoDeliver =
    allowUndoDeliver ??
    (
      await maybeOne<Pick<Tables['activity_settings'], 'allow_undo_deliver'>>(
        q,
        'SELECT allow_undo_deliver FROM activity_settings WHERE location_id = $1 AND rental_type_id = coalesce($2, 1)',
        [locationId, order.rental_type_id],
      )
    )?.allow_undo_deliver;
  const timing = await maybeOne<
    Pick<Tables['activity_settings'], 'manual_invoice_time' | 'simultaneous_replace_and_deliver'>
  >(
    q,
    'SELECT manual_invoice_time, simultaneous_replace_and_deliver FROM activity_settings WHERE location_id = $1 AND rental_type_id = coalesce($2, 1)',
    [locationId, order.rental_type_id],
  );
  const taxes = await taxSettings(q, locationId);
  const state = {
    status: order.status,
    items: items.map((i) => ({ id: i.id, status: i.status })),
    hasPayment: order.paid_minor > 0,
    rules: { allowUndoDeliver: undoDeliver ?? true },
  };
  return {
    ...order,
    planned_start: isoOrNull(order.planned_start),
    planned_finish: isoOrNull(order.planned_finish),
    actual_start: isoOrNull(order.actual_start),
    actual_finish: isoOrNull(order.actual_finish),
    closed_at: isoOrNull(order.closed_at),
    cancelled_at: isoOrNull(order.cancelled_at),
    created_at: iso(order.created_at),
    overdue: isOverdue(order.status, order.planned_finish, new Date()),
    balance_minor: order.total_minor - order.paid_minor,
    items: items.map((i) => ({
      ...i,
      delivered_at: isoOrNull(i.delivered_at),
      returned_at: isoOrNull(i.returned_at),
    })),
    // The lines that make the total (cancelled ones do not) and the delivery fees (a line without an id),
    // against the total the order charges.
    price_breakdown: priceBreakdown({
      ...taxes,
      lines: [
        ...items
          .filter((i) => i.status !== 'cancelled')
          .map((i) => ({
            id: i.id,
            quantity: i.quantity,
            unit_price_minor: i.unit_price_minor,
            discount_minor: i.discount_minor,
          })),
        ...(order.delivery_fee_minor > 0
          ? [{ quantity: 1, unit_price_minor: order.delivery_fee_minor, discount_minor: 0 }]
          : []),
      ],
      charged_total_minor: order.total_minor,
    }),
    allowed_events: allowedEvents(state).map((e) =>
      'itemIds' in e ? { type: e.type, item_ids: e.itemIds } : { type: e.type },
    ),
    timeline: timeline.map((e) => ({ ...e, at: iso(e.at) })),
    participants,
    signature: signature ? { ...signature, signed_at: iso(signature.signed_at) } : null,
    photos: photos.map((p) => ({ ...p, created_at: iso(p.created_at) })),
    photo_max_bytes: photoLimit.max,
    manual_invoice_time: timing?.manual_invoice_time ?? 'anytime',
    replace_delivered: timing?.simultaneous_replace_and_deliver ?? false,
  };
}

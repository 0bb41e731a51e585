import { z } from 'zod';

export const deliveryStatuses = ['scheduled', 'out', 'done', 'failed', 'cancelled'] as const;

export const deliveryAssign = z.object({
  type: z.enum(['delivery', 'pickup']),
  scheduled_at: z.iso.datetime({ offset: true }),
  /** Omitted: the customer's address. */
  address: z.string().trim().min(1).max(300).optional(),
  zip_code: z.string().trim().max(12).optional(),
  item_ids: z.array(z.number().int().positive()).min(1).max(200),
});

export const deliveryReportQuery = z.object({
  date: z.iso.date(),
  type: z.enum(['delivery', 'pickup']).optional(),
  status: z.enum(deliveryStatuses).optional(),
});

export const deliveryUpdate = z.object({
  status: z.enum(deliveryStatuses).optional(),
  sort: z.number().int().min(0).max(10_000).optional(),
});

export const deliveryReportRow = z.object({
  id: z.number(),
  sort: z.number().int(),
  no: z.number().int(),
  type: z.enum(['delivery', 'pickup']),
  status: z.enum(deliveryStatuses),
  scheduled: z.string(),
  order: z.object({ id: z.number(), number: z.number() }),
  customer: z.string().nullable(),
  address: z.string(),
  zip_code: z.string().nullable(),
  /** The delivery zone the zip matched when scheduled (delivery settings), and its fee then. */
  zone: z.string().nullable(),
  fee_minor: z.number(),
  items: z.array(
    z.object({ id: z.number(), sku: z.string().nullable(), name: z.string(), quantity: z.number() }),
  ),
});
export type DeliveryReportRow = z.infer<typeof deliveryReportRow>;

/** PATCH /api/nine/deliveries/:id answers the delivery's new status and place in the day's list. */
export const updatedDelivery = z.object({
  id: z.number(),
  status: z.enum(deliveryStatuses),
  sort: z.number().int(),
  order_id: z.number(),
});
export type UpdatedDelivery = z.infer<typeof updatedDelivery>;

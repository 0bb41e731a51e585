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

export interface DeliveryReportRow {
  id: number;
  sort: number;
  no: number;
  type: 'delivery' | 'pickup';
  status: (typeof deliveryStatuses)[number];
  scheduled: string;
  order: { id: number; number: number };
  customer: string | null;
  address: string;
  zip_code: string | null;
  items: { id: number; sku: string | null; name: string; quantity: number }[];
}

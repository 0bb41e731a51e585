import type { Tables } from '../../db/tables.ts';

/** What every read of an order shows, as stored: who it is, where it stands and its times. */
export type OrderHead = Pick<
  Tables['orders'],
  | 'id'
  | 'number'
  | 'type'
  | 'source'
  | 'status'
  | 'planned_start'
  | 'planned_finish'
  | 'actual_start'
  | 'actual_finish'
  | 'closed_at'
  | 'cancelled_at'
  | 'created_at'
  | 'total_minor'
>;

/** What every read of an order line works on, as stored: the goods, their price and their counters. */
export type LineHead = Pick<
  Tables['order_items'],
  | 'id'
  | 'product_id'
  | 'item_id'
  | 'quantity'
  | 'unit_price_minor'
  | 'discount_minor'
  | 'status'
  | 'counter_start'
  | 'counter_end'
>;

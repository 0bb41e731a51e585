import { invoiceTimingAllows } from '@nine/shared/invoice-timing';
import type { OrderDetail, OrderItem } from '../api/get-order.ts';

/** Lines "add to invoice" may bill now: not billed yet and allowed by manual_invoice_time (as the server). */
export function invoiceableItems(
  order: Pick<OrderDetail, 'status' | 'type' | 'items' | 'manual_invoice_time'>,
): OrderItem[] {
  if (order.status === 'cancelled' || order.status === 'pre-cancel') return [];
  const timing = order.manual_invoice_time ?? 'anytime';
  return order.items.filter((item) => !item.invoiced && invoiceTimingAllows(timing, order.type, item.status));
}

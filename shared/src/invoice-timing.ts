import type { ItemStatus } from './order-machine.ts';

/** Activity setting manual_invoice_time: when "add to invoice" may bill an order's lines by hand. */
export const invoiceTimings = ['never', 'anytime', 'after_confirm', 'after_deliver', 'after_return'] as const;
export type InvoiceTiming = (typeof invoiceTimings)[number];

const readyFrom: Record<Exclude<InvoiceTiming, 'never' | 'anytime'>, readonly ItemStatus[]> = {
  after_confirm: ['confirmed', 'delivered', 'returned'],
  after_deliver: ['delivered', 'returned'],
  after_return: ['returned'],
};

/**
 * Whether a line may be added to an invoice by hand now. The server refuses what this refuses and the
 * order view offers only what it allows. A sale hands its goods over at the counter, so once open it
 * counts as confirmed, delivered and final: only 'never' holds it back.
 */
export function invoiceTimingAllows(
  timing: InvoiceTiming,
  orderType: string,
  itemStatus: ItemStatus,
): boolean {
  if (timing === 'never' || itemStatus === 'cancelled') return false;
  if (timing === 'anytime' || orderType === 'sale') return true;
  return readyFrom[timing].includes(itemStatus);
}

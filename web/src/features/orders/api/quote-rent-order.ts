import type { PriceBreakdown } from '@nine/shared/tax';
import { api } from '../../../lib/api-client.ts';

export interface RentQuoteBody {
  planned_start: string;
  planned_finish: string;
  rental_type_id?: number;
  items: ({ item_id: number } | { product_id: number; quantity: number })[];
}

export interface RentQuoteLine {
  item_id: number | null;
  product_id: number;
  quantity: number;
  /** For the whole period, as the order would be priced. */
  unit_price_minor: number;
  deposit_minor: number;
  available: boolean;
  /** Bulk lines: how many are free over the period; null for serialized items. */
  available_quantity: number | null;
}

export interface RentQuote {
  lines: RentQuoteLine[];
  net_minor: number;
  tax_minor: number;
  total_minor: number;
  deposit_minor: number;
  is_tax_included: boolean;
  /** Subtotal, each tax with its rate, and the total; its lines follow `lines`. */
  price_breakdown: PriceBreakdown;
}

/**
 * POST /api/nine/rent-orders/quote. Prices the draft and checks availability
 * over the period without booking anything, so the create screen shows both live. Never 1207/1208:
 * availability is reported per line.
 */
export function quoteRentOrder(
  body: RentQuoteBody,
  { signal }: { signal?: AbortSignal } = {},
): Promise<RentQuote> {
  return api.post<RentQuote>('nine/rent-orders/quote', { json: body, signal });
}

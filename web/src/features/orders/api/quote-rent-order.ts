import type { RentQuote } from '@nine/shared/schemas/orders';
import { api } from '../../../lib/api-client.ts';

export interface RentQuoteBody {
  planned_start: string;
  planned_finish: string;
  rental_type_id?: number;
  items: ({ item_id: number } | { product_id: number; quantity: number })[];
}

export type { RentQuote, RentQuoteLine } from '@nine/shared/schemas/orders';

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

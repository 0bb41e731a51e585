import { queryOptions } from '@tanstack/react-query';
import type { InvoiceDetail } from '@nine/shared/schemas/invoices';
import { api } from '../../../lib/api-client.ts';
import { useLocationQuery } from '../../../lib/location-query.ts';
import { invoicesQueryKey } from './get-invoices.ts';

export type {
  InvoiceDetail,
  InvoiceLine,
  InvoicePayment,
  InvoiceTaxLine,
} from '@nine/shared/schemas/invoices';

/** GET /api/nine/invoices/:id: the invoice with its lines, taxes, payments, refunds and allowed actions. */
export function getInvoice(id: number, { signal }: { signal?: AbortSignal } = {}): Promise<InvoiceDetail> {
  return api.get<InvoiceDetail>(`nine/invoices/${id}`, { signal });
}

export const invoiceQueryKey = (locationId: number, id: number) =>
  [...invoicesQueryKey(locationId), 'detail', id] as const;

export const invoiceQueryOptions = (locationId: number, id: number) =>
  queryOptions({
    queryKey: invoiceQueryKey(locationId, id),
    queryFn: ({ signal }) => getInvoice(id, { signal }),
    staleTime: 10_000,
  });

export function useInvoice(locationId: number | null, id: number) {
  return useLocationQuery(locationId, (locationId) => invoiceQueryOptions(locationId, id));
}

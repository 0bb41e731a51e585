import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { InvoiceListQuery, InvoicePage } from '@nine/shared/schemas/invoices';
import { api } from '../../../lib/api-client.ts';
import { INVOICE_LIST_API_PATH, type InvoiceListKind } from '../invoice-kind.ts';

export type { InvoicePage, InvoiceRow } from '@nine/shared/schemas/invoices';

/** The query string as sent: only the filters that are set. */
export type InvoiceListParams = Partial<InvoiceListQuery>;

/** One page of GET /api/nine/invoices/rents or /invoices/sale. */
export function getInvoices(
  kind: InvoiceListKind,
  params: InvoiceListParams,
  { signal }: { signal?: AbortSignal } = {},
): Promise<InvoicePage> {
  const searchParams: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== '') searchParams[key] = value;
  }
  return api.get<InvoicePage>(INVOICE_LIST_API_PATH[kind], { searchParams, signal });
}

export const invoicesQueryKey = (locationId: number) => ['invoices', locationId] as const;

export const invoicesQueryOptions = (kind: InvoiceListKind, locationId: number, params: InvoiceListParams) =>
  queryOptions({
    queryKey: [...invoicesQueryKey(locationId), 'list', kind, params] as const,
    queryFn: ({ signal }) => getInvoices(kind, params, { signal }),
    staleTime: 15_000,
    // Paging and sorting keep the previous page on screen until the next one arrives.
    placeholderData: keepPreviousData,
  });

export function useInvoices(kind: InvoiceListKind, locationId: number | null, params: InvoiceListParams) {
  return useQuery({ ...invoicesQueryOptions(kind, locationId ?? 0, params), enabled: locationId !== null });
}

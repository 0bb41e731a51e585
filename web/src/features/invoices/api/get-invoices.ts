import type { InvoiceListQuery, InvoicePage } from '@nine/shared/schemas/invoices';
import { api, queryParams } from '../../../lib/api-client.ts';
import { pageQueryOptions } from '../../../lib/page-query.ts';
import { useLocationQuery } from '../../../lib/location-query.ts';
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
  return api.get<InvoicePage>(INVOICE_LIST_API_PATH[kind], { searchParams: queryParams(params), signal });
}

export const invoicesQueryKey = (locationId: number) => ['invoices', locationId] as const;

export const invoicesQueryOptions = (kind: InvoiceListKind, locationId: number, params: InvoiceListParams) =>
  pageQueryOptions(
    [...invoicesQueryKey(locationId), 'list', kind, params] as const,
    (signal) => getInvoices(kind, params, { signal }),
    15_000,
  );

export function useInvoices(kind: InvoiceListKind, locationId: number | null, params: InvoiceListParams) {
  return useLocationQuery(locationId, (locationId) => invoicesQueryOptions(kind, locationId, params));
}

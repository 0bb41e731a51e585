import { useQuery } from '@tanstack/react-query';
import type {
  CustomerInvoiceRow,
  CustomerMessageRow,
  CustomerOrderRow,
  CustomerPaymentRow,
} from '@nine/shared/schemas/customers';
import { api } from '../../../lib/api-client.ts';
import { pageQueryOptions } from '../../../lib/page-query.ts';

/** The customer detail's paged lists, each at GET /api/nine/customers/:id/<kind>. */
export interface CustomerHistoryRows {
  orders: CustomerOrderRow;
  invoices: CustomerInvoiceRow;
  payments: CustomerPaymentRow;
  messages: CustomerMessageRow;
}
export type CustomerHistoryKind = keyof CustomerHistoryRows;

export interface HistoryPage<T> {
  rows: T[];
  total: number;
  total_capped: boolean;
  page: number;
  page_size: number;
}

export function getCustomerHistory<K extends CustomerHistoryKind>(
  id: number,
  kind: K,
  page: number,
  pageSize: number,
  { signal }: { signal?: AbortSignal } = {},
) {
  return api.get<HistoryPage<CustomerHistoryRows[K]>>(`nine/customers/${id}/${kind}`, {
    searchParams: { page, page_size: pageSize },
    signal,
  });
}

export const customerHistoryQueryKey = (id: number, kind: CustomerHistoryKind) =>
  ['customers', 'detail', id, kind] as const;

export const customerHistoryQueryOptions = <K extends CustomerHistoryKind>(
  id: number,
  kind: K,
  page: number,
  pageSize: number,
) =>
  pageQueryOptions(
    [...customerHistoryQueryKey(id, kind), page, pageSize] as const,
    (signal) => getCustomerHistory(id, kind, page, pageSize, { signal }),
    15_000,
  );

export function useCustomerHistory<K extends CustomerHistoryKind>(
  id: number,
  kind: K,
  page: number,
  pageSize: number,
) {
  return useQuery(customerHistoryQueryOptions(id, kind, page, pageSize));
}

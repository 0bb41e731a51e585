import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DeliveryReportRow, deliveryStatuses } from '@nine/shared/schemas/delivery';
import { api } from '../../../lib/api-client.ts';

export type DeliveryStatus = (typeof deliveryStatuses)[number];
export type DeliveryType = DeliveryReportRow['type'];

/** The query of shared `deliveryReportQuery`. */
export interface DeliveryReportParams {
  /** YYYY-MM-DD, the location's calendar day. */
  date: string;
  type?: DeliveryType;
  status?: DeliveryStatus;
}

/** GET /api/nine/delivery-report: the day's runs in their sort order, numbered. */
export function getDeliveryReport(params: DeliveryReportParams, { signal }: { signal?: AbortSignal } = {}) {
  const searchParams: Record<string, string> = { date: params.date };
  if (params.type) searchParams.type = params.type;
  if (params.status) searchParams.status = params.status;
  return api.get<DeliveryReportRow[]>('nine/delivery-report', { searchParams, signal });
}

export const deliveryReportQueryKey = (locationId: number) => ['delivery-report', locationId] as const;

export const deliveryReportQueryOptions = (locationId: number, params: DeliveryReportParams) =>
  queryOptions({
    queryKey: [...deliveryReportQueryKey(locationId), params] as const,
    queryFn: ({ signal }) => getDeliveryReport(params, { signal }),
    staleTime: 15_000,
  });

export function useDeliveryReport(locationId: number, params: DeliveryReportParams) {
  return useQuery(deliveryReportQueryOptions(locationId, params));
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** Spec section 3 "Business info"; address, e-mail and phone are the location's own when it has them. */
export interface BusinessInfo {
  accept_external_payments: boolean;
  add_adhoc_to_order: boolean;
  site_title: string | null;
  site_logo: string | null;
  invoice_logo: string | null;
  site_url: string | null;
  address: string | null;
  sale_order_default_customer: string | null;
  email: string | null;
  tel: string | null;
  url: string | null;
  url_prefix: string | null;
  zip_code: string | null;
  tour_is_enabled: boolean;
  process_external_refunds: boolean;
  sms_is_enabled: boolean;
  suspension_alert: string | null;
}

export function getBusinessInfo(locationId: number, { signal }: { signal?: AbortSignal } = {}) {
  return api.get<BusinessInfo>('nine/business-info', { signal, searchParams: { location_id: locationId } });
}

export const businessInfoQueryOptions = (locationId: number) =>
  queryOptions({
    queryKey: ['business-info', locationId],
    queryFn: ({ signal }) => getBusinessInfo(locationId, { signal }),
    staleTime: 5 * 60_000,
  });

export function useBusinessInfo(locationId: number | null) {
  return useQuery({ ...businessInfoQueryOptions(locationId ?? 0), enabled: locationId !== null });
}

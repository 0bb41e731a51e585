import { queryOptions, useQuery } from '@tanstack/react-query';
import { DEFAULT_RENTAL_TYPE_ID } from '@nine/shared/constants';
import { api } from '../../../lib/api-client.ts';

/** Spec section 3 "Activity settings", per location and rental type (1 by default). */
export interface ActivitySettings {
  location_id: number;
  rental_type_id: number;
  enforce_using_rental_periods: boolean;
  deliver_unpaid_orders: 'warn' | 'allow' | 'deny';
  warn_early_deliver_minutes: number;
  warn_early_return_minutes: number;
  allow_exchange_package_items: boolean;
  close_sale_order: 'manual' | 'on_full_payment';
  /** Closing an order while a deposit is still held: ask to acknowledge (1205) or refuse (1254). */
  close_with_deposit_held: 'warn' | 'deny';
  /** Closing an order while a balance is still due. */
  close_with_balance_due: 'allow' | 'warn' | 'deny';
  special_pricing: boolean;
  allow_change_plan_start_after_deliver: boolean;
  allow_undo_deliver: boolean;
  adjust_plan_to_business_hours: boolean;
  simultaneous_replace_and_deliver: boolean;
  manual_invoice_time: 'never' | 'anytime' | 'after_confirm' | 'after_deliver' | 'after_return';
  assign_and_deliver: boolean;
  show_category_image_in_admin_pannel: boolean;
  is_recurring_enabled: boolean;
  is_migration_in_progress: boolean;
}

export function getActivitySettings(
  locationId: number,
  rentalTypeId: number = DEFAULT_RENTAL_TYPE_ID,
  { signal }: { signal?: AbortSignal } = {},
): Promise<ActivitySettings> {
  return api.get<ActivitySettings>('nine/activity-settings', {
    signal,
    searchParams: { location_id: locationId, rental_type_id: rentalTypeId },
  });
}

export const activitySettingsQueryOptions = (
  locationId: number,
  rentalTypeId: number = DEFAULT_RENTAL_TYPE_ID,
) =>
  queryOptions({
    queryKey: ['activity-settings', locationId, rentalTypeId],
    queryFn: ({ signal }) => getActivitySettings(locationId, rentalTypeId, { signal }),
    staleTime: 5 * 60_000,
  });

export function useActivitySettings(
  locationId: number | null,
  rentalTypeId: number = DEFAULT_RENTAL_TYPE_ID,
) {
  return useQuery({
    ...activitySettingsQueryOptions(locationId ?? 0, rentalTypeId),
    enabled: locationId !== null,
  });
}

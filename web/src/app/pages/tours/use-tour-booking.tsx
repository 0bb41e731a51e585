import { useMemo } from 'react';
import { CustomerSearchField } from '../../../features/orders/components/customer-search-field.tsx';
import type {
  CustomerPickerProps,
  TourBooking,
} from '../../../features/tours/reservations/booking-context.tsx';
import { pathTo, pathWith } from '../../route-table.ts';
import { useScreenContext } from '../use-screen-context.ts';

/** The order screens' customer search, lent to tour booking (features do not import each other). */
function BookingCustomerSearch({ value, onChange, errorText }: CustomerPickerProps) {
  const { locationId } = useScreenContext();
  return (
    <CustomerSearchField
      locationId={locationId}
      value={value}
      errorText={errorText}
      onChange={(customer) => onChange(customer === null ? null : { id: customer.id, name: customer.name })}
    />
  );
}

const reservationHref = (orderId: number) => pathWith('tourReservation', { id: orderId });
const manifestHref = (eventId: number) => `${pathTo('tourReservationList')}?event=${eventId}`;

/** What the tours screens need to book: the location, its currency, the customer search, the reservation page. */
export function useTourBookingServices(): TourBooking {
  const { locationId, currencySymbol } = useScreenContext();
  return useMemo(
    () => ({
      locationId,
      currencySymbol,
      CustomerPicker: BookingCustomerSearch,
      reservationHref,
      manifestHref,
    }),
    [locationId, currencySymbol],
  );
}

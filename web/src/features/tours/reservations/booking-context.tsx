import { createContext, useContext, type ReactNode } from 'react';

/** The customer a booking is for, as the picker hands it over. */
export interface BookingCustomer {
  id: number;
  name: string;
}

export interface CustomerPickerProps {
  value: BookingCustomer | null;
  onChange(customer: BookingCustomer | null): void;
  /** The form's refusal (no customer chosen), tied to the picker's own input. */
  errorText?: string;
}

/**
 * What booking needs from outside the tours feature, given by the page that composes it (app/pages): the
 * customer search the order screens use, the location's currency and where a new reservation opens.
 */
export interface TourBooking {
  locationId: number | null;
  currencySymbol: string;
  CustomerPicker(props: CustomerPickerProps): ReactNode;
  /** The in-app address of a reservation (its detail page). */
  reservationHref(orderId: number): string;
  /** The in-app address of an event's manifest (the reservation list filtered to it). */
  manifestHref(eventId: number): string;
}

const BookingContext = createContext<TourBooking | null>(null);

export function TourBookingProvider({ value, children }: { value: TourBooking; children: ReactNode }) {
  return <BookingContext value={value}>{children}</BookingContext>;
}

/** The booking services of the page; null where no page gave them (then there is no "Book" action). */
export function useTourBooking(): TourBooking | null {
  return useContext(BookingContext);
}

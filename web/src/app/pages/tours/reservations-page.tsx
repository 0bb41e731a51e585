import { useSearch } from 'wouter';
import { ReservationList } from '../../../features/tours/reservations/reservation-list.tsx';
import { TourBookingProvider } from '../../../features/tours/reservations/booking-context.tsx';
import { pathWith } from '../../route-table.ts';
import { useScanEvents, useScreenContext } from '../use-screen-context.ts';
import { useTourBookingServices } from './use-tour-booking.tsx';

// The printed manifest's Back returns to the list it was printed from (legacy or new).
const classicPrintHref = (eventId: number) =>
  `${pathWith('tourManifestPrint', { id: eventId })}?from=classic`;
const newPrintHref = (eventId: number) => pathWith('tourManifestPrint', { id: eventId });

function TourReservationsScreen({ variant }: { variant: 'classic' | 'new' }) {
  const screen = useScreenContext();
  const booking = useTourBookingServices();
  // The agent's scanner and keyboard-wedge scanners check participants in on an event's manifest (only
  // there: elsewhere a fast typist in the search box must not be taken for a scanner).
  const manifest = new URLSearchParams(useSearch()).has('event');
  const canChange = screen.can('tour', 'change');
  const scan = useScanEvents({ enabled: manifest && canChange });
  return (
    <TourBookingProvider value={booking}>
      <ReservationList
        key={screen.locationId}
        variant={variant}
        booking={booking}
        canChange={canChange}
        defaultPageSize={screen.local.itemsPerPage}
        scan={scan}
        manifestPrintHref={variant === 'classic' ? classicPrintHref : newPrintHref}
      />
    </TourBookingProvider>
  );
}

/** tours/reservations (legacy): the location's tour reservations; filtered to one event, its manifest. */
export function TourReservationsPage() {
  return <TourReservationsScreen variant="classic" />;
}

/** tours/reservation-list: the same list in the new interface. */
export function TourReservationListPage() {
  return <TourReservationsScreen variant="new" />;
}

import { grants } from '@nine/shared/permissions';
import { useSession } from '../../../features/session/session-context.tsx';
import { EventList } from '../../../features/tours/events/event-list.tsx';
import { TourBookingProvider } from '../../../features/tours/reservations/booking-context.tsx';
import { useLocalSettings } from '../../../lib/local-settings.ts';
import { pathTo } from '../../route-table.ts';
import { useViewerPermissions } from '../../use-viewer-permissions.ts';
import { useTourBookingServices } from './use-tour-booking.tsx';

function TourEventsScreen({ variant }: { variant: 'new' | 'classic' }) {
  const session = useSession();
  const permissions = useViewerPermissions() ?? [];
  const local = useLocalSettings();
  const locationId = session?.locationId ?? null;
  // Rows and the event's detail offer "Book" through the order screens' customer search.
  const booking = useTourBookingServices();
  return (
    <TourBookingProvider value={booking}>
      <EventList
        key={locationId}
        variant={variant}
        locationId={locationId}
        canChange={grants(permissions, { resource: 'tour', action: 'change' })}
        defaultPageSize={local.itemsPerPage}
        calendarHref={variant === 'new' ? pathTo('tourEventsCalendar') : undefined}
      />
    </TourBookingProvider>
  );
}

/** tours/events: the location's tour departures, with new events and schedules and each event's detail. */
export function TourEventsPage() {
  return <TourEventsScreen variant="new" />;
}

/** tours/instances (legacy): the same list in the classic layout. */
export function TourInstancesPage() {
  return <TourEventsScreen variant="classic" />;
}

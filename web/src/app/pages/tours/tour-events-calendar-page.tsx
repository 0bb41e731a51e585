import { Stack } from '@chakra-ui/react';
import { grants } from '@nine/shared/permissions';
import { PageHeading } from '../../../components/page-heading.tsx';
import { useSession } from '../../../features/session/session-context.tsx';
import { TourEventsCalendar } from '../../../features/tours/events/calendar/tour-events-calendar.tsx';
import { TourBookingProvider } from '../../../features/tours/reservations/booking-context.tsx';
import { useAppTranslation } from '../../../lib/i18n.ts';
import { useViewerPermissions } from '../../use-viewer-permissions.ts';
import { useTourBookingServices } from './use-tour-booking.tsx';

/**
 * tours/events/calendar: the location's tour departures by month, week or day. With tour:change a
 * departure is dragged to a new time (confirmed first); FullCalendar loads with this page's chunk only.
 */
export function TourEventsCalendarPage() {
  const { t } = useAppTranslation();
  const session = useSession();
  const permissions = useViewerPermissions() ?? [];
  const locationId = session?.locationId ?? null;
  const canChange = grants(permissions, { resource: 'tour', action: 'change' });
  // The event's detail offers "Book" through the order screens' customer search.
  const booking = useTourBookingServices();
  return (
    <TourBookingProvider value={booking}>
      <Stack gap="6">
        <PageHeading
          title={t('menu:items.tour_events_calendar')}
          intro={canChange ? t('tours:calendar.intro_movable') : t('tours:calendar.intro')}
        />
        {locationId !== null && (
          <TourEventsCalendar key={locationId} locationId={locationId} canChange={canChange} />
        )}
      </Stack>
    </TourBookingProvider>
  );
}

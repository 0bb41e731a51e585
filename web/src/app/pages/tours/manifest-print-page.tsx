import { useSearch } from 'wouter';
import { useSession } from '../../../features/session/session-context.tsx';
import { ManifestPrint } from '../../../features/tours/reservations/manifest-print.tsx';
import { pathTo } from '../../route-table.ts';
import { useRouteId } from '../../use-route-id.ts';
import { NotFoundPage } from '../not-found-page.tsx';

/** tours/events/:id/manifest/print: an event's manifest on A4, with a column to tick or sign at check-in. */
export function TourManifestPrintPage() {
  const session = useSession();
  const eventId = useRouteId('tourManifestPrint');
  // ?from=classic: printed from the legacy screen (reservations-page.tsx), and Back returns there.
  const list =
    new URLSearchParams(useSearch()).get('from') === 'classic' ? 'tourReservations' : 'tourReservationList';
  if (eventId === null) return <NotFoundPage />;
  const locationId = session?.locationId ?? null;
  if (session === null || locationId === null) return null;
  const location = session.login.locations.find((candidate) => candidate.id === locationId);
  return (
    <ManifestPrint
      locationId={locationId}
      locationName={location?.name ?? null}
      eventId={eventId}
      backHref={`${pathTo(list)}?event=${eventId}`}
    />
  );
}

import { Button } from '@chakra-ui/react';
import { ReservationPrint } from '../../../features/tours/reservation/reservation-print.tsx';
import { useAppTranslation } from '../../../lib/i18n.ts';
import { pathWith } from '../../route-table.ts';
import { useRouteId } from '../../use-route-id.ts';
import { NotFoundPage } from '../not-found-page.tsx';
import { useScreenContext } from '../use-screen-context.ts';

/** tours/reservations/:id/print: the A4 booking confirmation with each participant's check-in QR code. */
export function TourReservationPrintPage() {
  const { t } = useAppTranslation();
  const id = useRouteId('tourReservationPrint');
  const screen = useScreenContext();
  if (id === null) return <NotFoundPage />;
  if (screen.locationId === null) return null;
  return (
    <ReservationPrint
      id={id}
      locationId={screen.locationId}
      header={screen.settings?.order_print_header ?? null}
      currencySymbol={screen.currencySymbol}
      backHref={pathWith('tourReservation', { id })}
      controls={(reservation, ready) => (
        <Button onClick={() => window.print()} disabled={reservation === undefined || !ready}>
          {t('tours:reservation.print.print')}
        </Button>
      )}
    />
  );
}

import { Box, chakra, Stack, Text } from '@chakra-ui/react';
import { useEffect, useState, type ReactNode } from 'react';
import { PrintCustomer } from '../../../components/print-customer.tsx';
import { PrintLines, PrintScreen, PrintSheet, PrintTotals } from '../../../components/print-sheet.tsx';
import { loadFailureText } from '../../../components/record-load-state.tsx';
import { formatDateTime, formatMoney, formatTime } from '../../../lib/format.ts';
import { currentLanguage, useAppTranslation } from '../../../lib/i18n.ts';
import { useTourReservation, type TourReservationDetail } from '../api/reservation/get-tour-reservation.ts';
import { loadQrRenderer, type QrRenderer } from './checkin-qr.ts';

/** The QR renderer once bwip-js has arrived (null until then); a failed load is thrown to the error boundary. */
function useQrRenderer(): QrRenderer | null {
  const [state, setState] = useState<{ draw: QrRenderer } | { failed: unknown } | null>(null);
  useEffect(() => {
    let live = true;
    loadQrRenderer().then(
      (draw) => live && setState({ draw }),
      (failed: unknown) => live && setState({ failed }),
    );
    return () => {
      live = false;
    };
  }, []);
  if (state !== null && 'failed' in state) throw state.failed;
  return state === null ? null : state.draw;
}

const Cell = chakra('td', {
  base: { py: '2', pe: '3', verticalAlign: 'middle', borderBottom: '1px solid #ccc' },
});
const HeadCell = chakra('th', {
  base: { py: '1', pe: '3', textAlign: 'start', borderBottom: '1px solid #000' },
});

export interface ReservationPrintProps {
  id: number;
  locationId: number;
  /** The location's order print header. */
  header: string | null;
  currencySymbol: string;
  backHref: string;
  /** The print buttons, given the reservation once loaded and whether its QR codes are drawn. */
  controls: (reservation: TourReservationDetail | undefined, ready: boolean) => ReactNode;
}

/** The A4 booking confirmation: the departure, the customer, the seats and money, each participant's check-in QR. */
export function ReservationPrint(props: ReservationPrintProps) {
  const { t } = useAppTranslation();
  const query = useTourReservation(props.locationId, props.id);
  const draw = useQrRenderer();
  // A sheet printed before bwip-js arrives would have empty QR boxes.
  const ready = query.data !== undefined && (draw !== null || query.data.tour.participants.length === 0);
  return (
    <PrintScreen
      width="a4"
      controls={props.controls(query.data, ready)}
      backHref={props.backHref}
      backLabel={t('tours:reservation.print.back')}
      loading={query.isPending}
      error={loadFailureText(
        query.error,
        t('tours:reservation.not_found'),
        t('tours:reservation.load_failed'),
      )}
    >
      {query.data && <ReservationSheet reservation={query.data} draw={draw} {...props} />}
    </PrintScreen>
  );
}

export function ReservationSheet({
  reservation,
  header,
  currencySymbol,
  draw: given,
}: Pick<ReservationPrintProps, 'header' | 'currencySymbol'> & {
  reservation: TourReservationDetail;
  /** The QR renderer when the caller loads it (ReservationPrint); else the sheet loads its own. */
  draw?: QrRenderer | null;
}) {
  const { t } = useAppTranslation();
  const own = useQrRenderer();
  const draw = given !== undefined ? given : own;
  const money = (minor: number) => formatMoney(minor, currencySymbol, currentLanguage());
  const { tour } = reservation;
  const event = tour.event;
  const point = event.meeting_point;
  const total = tour.seats.reduce((sum, seat) => sum + seat.quantity * seat.unit_price_minor, 0);
  return (
    <PrintSheet
      width="a4"
      header={header}
      heading={t('tours:reservation.print.heading', { number: reservation.number })}
      receiptFooter=""
    >
      <Stack gap="1" mt="2" mb="3">
        <Text fontWeight="semibold">
          {event.definition.name} ({event.definition.code})
        </Text>
        <Text>
          {t('tours:reservation.event.period', {
            start: formatDateTime(event.starts_at),
            end: formatTime(event.ends_at),
          })}
        </Text>
        {point !== null && (
          <Text>
            {t('tours:reservation.event.meeting_point')}:{' '}
            {[point.name, point.address].filter((part) => part !== null && part !== '').join(', ')}
          </Text>
        )}
        {point?.instructions && <Text whiteSpace="pre-line">{point.instructions}</Text>}
        {reservation.customer !== null && !reservation.customer.is_anonymous && (
          <PrintCustomer
            label={t('tours:reservation.customer')}
            name={reservation.customer.name}
            phone={reservation.customer.phone}
            address={null}
            receipt={false}
          />
        )}
      </Stack>
      <PrintLines
        receipt={false}
        headings={[
          t('tours:reservation.seats.age_group'),
          t('tours:reservation.seats.quantity'),
          t('tours:reservation.seats.unit_price'),
          t('tours:reservation.seats.amount'),
        ]}
        lines={tour.seats.map((seat) => ({
          key: seat.age_group_id,
          description: seat.name,
          quantity: seat.quantity,
          price: money(seat.unit_price_minor),
          amount: money(seat.quantity * seat.unit_price_minor),
          cells: [
            seat.name,
            seat.quantity,
            money(seat.unit_price_minor),
            money(seat.quantity * seat.unit_price_minor),
          ],
        }))}
      />
      <PrintTotals
        receipt={false}
        width="70mm"
        rows={[
          [t('tours:reservation.print.seat_total'), money(total)],
          [t('tours:reservation.print.total'), money(reservation.total_minor)],
          [t('tours:reservation.print.paid'), money(reservation.paid_minor)],
          [t('tours:reservation.print.balance'), money(reservation.balance_minor)],
        ]}
      />
      {tour.equipment.length > 0 && (
        <Box mt="4">
          <Text fontWeight="semibold">{t('tours:reservation.equipment.title')}</Text>
          <Text>
            {tour.equipment
              .map(
                (line) =>
                  `${line.quantity} × ${line.product_name}${line.item_sku ? ` (${line.item_sku})` : ''}`,
              )
              .join(' · ')}
          </Text>
        </Box>
      )}
      <Text as="h2" fontSize="12pt" fontWeight="bold" mt="5" mb="1">
        {t('tours:reservation.print.participants')}
      </Text>
      {tour.participants.length === 0 ? (
        <Text>{t('tours:participants.empty')}</Text>
      ) : (
        <chakra.table width="full" borderCollapse="collapse" aria-busy={draw === null}>
          <thead>
            <tr>
              <HeadCell>{t('tours:participants.name')}</HeadCell>
              <HeadCell>{t('tours:participants.signature')}</HeadCell>
              <HeadCell>{t('tours:reservation.print.checkin_code')}</HeadCell>
            </tr>
          </thead>
          <tbody>
            {tour.participants.map((participant) => (
              <tr key={participant.id} data-testid="print-participant">
                <Cell>
                  {participant.first_name} {participant.last_name}
                  {participant.is_organiser ? ` (${t('tours:participants.organiser_yes')})` : ''}
                </Cell>
                <Cell>
                  {participant.signed === null
                    ? t('tours:participants.unsigned')
                    : t(`tours:participants.signed_by_${participant.signed.signer_role}`, {
                        name: participant.signed.signer_name,
                        when: formatDateTime(participant.signed.signed_at),
                      })}
                </Cell>
                <Cell>
                  <Stack gap="0" align="flex-start">
                    {/* bwip-js builds the SVG from the code alone ([A-Z0-9]): no user markup reaches it. */}
                    <Box
                      width="24mm"
                      css={{ '& svg': { width: '100%', height: 'auto' } }}
                      role="img"
                      aria-label={t('tours:reservation.print.qr_of', { code: participant.checkin_code })}
                      dangerouslySetInnerHTML={{ __html: draw ? draw(participant.checkin_code) : '' }}
                    />
                    <Text fontFamily="mono" fontSize="9pt">
                      {participant.checkin_code}
                    </Text>
                  </Stack>
                </Cell>
              </tr>
            ))}
          </tbody>
        </chakra.table>
      )}
      <Text mt="4" fontSize="9pt">
        {t('tours:reservation.print.checkin_note')}
      </Text>
    </PrintSheet>
  );
}

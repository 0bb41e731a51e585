import { Button, Grid, HStack, Link as ChakraLink, Stack, Text } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import { grants } from '@nine/shared/permissions';
import type { ReceiptDocumentInput } from '@nine/shared/receipt';
import { LinkButtons } from '../../../components/link-buttons.tsx';
import { PageHeading } from '../../../components/page-heading.tsx';
import { RecordLoadFailed, RecordLoading } from '../../../components/record-load-state.tsx';
import { SectionCard } from '../../../components/section-card.tsx';
import { ReceiptPrintButton } from '../../../features/agent/printing/receipt-print-button.tsx';
import { orderQueryKey } from '../../../features/orders/api/get-order.ts';
import { CustomerCard, MoneyCard } from '../../../features/orders/components/order-info.tsx';
import { OrderNotesForm } from '../../../features/orders/components/order-notes-form.tsx';
import { OrderStatusBadge } from '../../../components/order-status-badge.tsx';
import { OrderTimeline } from '../../../features/orders/components/order-timeline.tsx';
import { useCounterRegister } from '../../../features/payments/counter-register.ts';
import {
  tourReservationQueryKey,
  useTourReservation,
  type TourReservationDetail,
} from '../../../features/tours/api/reservation/get-tour-reservation.ts';
import { CancelDialog } from '../../../features/tours/reservation/cancel-dialog.tsx';
import { MoveDialog } from '../../../features/tours/reservation/move-dialog.tsx';
import { ParticipantsSection } from '../../../features/tours/reservation/participants-section.tsx';
import {
  reservationReceipt,
  reservationReceiptOptions,
} from '../../../features/tours/reservation/reservation-receipt.ts';
import {
  ReservationEquipmentTable,
  ReservationEventFacts,
  ReservationSeatsTable,
} from '../../../features/tours/reservation/reservation-summary.tsx';
import { ShareLinkSection } from '../../../features/tours/reservation/share-link-section.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { useAppTranslation } from '../../../lib/i18n.ts';
import { useUiStore } from '../../../lib/ui-store.ts';
import { pathTo, pathWith } from '../../route-table.ts';
import { useRouteId } from '../../use-route-id.ts';
import { useViewerPermissions } from '../../use-viewer-permissions.ts';
import { NotFoundPage } from '../not-found-page.tsx';
import { useOrderReceiptBuilder } from '../order-print-pages.tsx';
import { OrderPaymentPanels, useTakePayment } from '../payment-panels-page.tsx';
import { useScreenContext } from '../use-screen-context.ts';
import { ReservationInvoices } from './reservation-invoices.tsx';

/**
 * A reservation is an order the rent routes serve (every non-sale type; a tour order needs the tour right
 * there): its notes go through them, its money through the orders' money routes.
 */
const KIND = 'rent';

/**
 * tours/reservations/:id: one reservation (an order of type 'tour'), composed from the tours feature (event,
 * seats, participants and waivers, share link, move and cancel) and the orders and payments features (customer,
 * money, notes, history, the payments panels and the receipt through the agent).
 */
export function TourReservationPage() {
  const id = useRouteId('tourReservation');
  const screen = useScreenContext();
  if (id === null) return <NotFoundPage />;
  if (screen.locationId === null) return null;
  return <ReservationScreen key={`${screen.locationId}:${id}`} id={id} locationId={screen.locationId} />;
}

function ReservationScreen({ id, locationId }: { id: number; locationId: number }) {
  const { t } = useAppTranslation();
  const query = useTourReservation(locationId, id);
  if (query.isPending) return <RecordLoading />;
  if (query.isError)
    return (
      <Stack gap="4" align="flex-start">
        <RecordLoadFailed
          error={query.error}
          notFound={t('tours:reservation.not_found')}
          failed={t('tours:reservation.load_failed')}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
        <ChakraLink asChild colorPalette="blue" variant="underline">
          <Link href={pathTo('tourReservationList')}>{t('tours:reservation.back_to_list')}</Link>
        </ChakraLink>
      </Stack>
    );
  return <LoadedReservation reservation={query.data} locationId={locationId} />;
}

/**
 * The 55 mm receipt through the paired agent (the browser when none is ready): the order's receipt (header,
 * lines with their discounts and taxes, delivery, totals, paid, balance) with the seat lines named by age
 * group and the departure's time in place of the planned period.
 */
export function ReservationReceiptButton({
  reservation,
  build,
}: {
  reservation: TourReservationDetail;
  /** The order receipt builder of the location (useOrderReceiptBuilder). */
  build: (
    order: TourReservationDetail,
    payment: null,
    lines: ReturnType<typeof reservationReceiptOptions>,
  ) => ReceiptDocumentInput;
}) {
  const { t } = useAppTranslation();
  return (
    <ReceiptPrintButton
      size="sm"
      variant="ghost"
      receipt={() =>
        reservationReceipt(
          t,
          build(reservation, null, reservationReceiptOptions(reservation)),
          formatDateTime(reservation.tour.event.starts_at),
        )
      }
    >
      {t('tours:reservation.receipt.action')}
    </ReceiptPrintButton>
  );
}

function LoadedReservation({
  reservation,
  locationId,
}: {
  reservation: TourReservationDetail;
  locationId: number;
}) {
  const { t } = useAppTranslation();
  const screen = useScreenContext();
  const permissions = useViewerPermissions() ?? [];
  const queryClient = useQueryClient();
  const id = reservation.id;
  const [dialog, setDialog] = useState<'move' | 'cancel' | null>(null);
  const payment = useTakePayment(id);
  const buildReceipt = useOrderReceiptBuilder(KIND, locationId);
  const [counterRegister] = useCounterRegister(locationId);
  const ui = useUiStore();
  // The detail route answers only the request's location: another location's reservation is a 404.
  const canChange = screen.can('tour', 'change');
  // Money moved: the reservation, the lists it shows in and the departure's manifest read again.
  const reload = () => {
    void queryClient.invalidateQueries({ queryKey: tourReservationQueryKey(locationId, id) });
    void queryClient.invalidateQueries({ queryKey: ['tours', 'reservations'] });
    void queryClient.invalidateQueries({ queryKey: ['tours', 'manifest'] });
  };
  const invoiceHref =
    screen.can('rent_order', 'view') || screen.can('sell_order', 'view')
      ? (invoiceId: number) => pathWith('invoice', { id: invoiceId })
      : undefined;
  const approverRequired = !grants(permissions, { resource: 'financial_transaction', action: 'refund' });
  const cashRegisterId = screen.settings?.multi_register ? counterRegister : null;

  // The notes form writes the order into the orders' cache: the reservation reads its own detail again.
  useEffect(() => {
    const key = JSON.stringify(orderQueryKey(KIND, locationId, id));
    return queryClient.getQueryCache().subscribe((event) => {
      if (
        event.type === 'updated' &&
        event.action.type === 'success' &&
        JSON.stringify(event.query.queryKey) === key
      )
        void queryClient.invalidateQueries({ queryKey: tourReservationQueryKey(locationId, id) });
    });
  }, [queryClient, locationId, id]);

  const status = reservation.status;
  // A private booking keeps its departure (the server refuses it too).
  const movable =
    canChange && !reservation.tour.is_private && (status === 'pending' || status === 'confirmed');
  const cancellable = canChange && reservation.allowed_events.some((event) => event.type === 'CANCEL');
  const eventId = reservation.tour.event.id;

  return (
    <Stack gap="6">
      <Stack gap="3">
        <ChakraLink asChild fontSize="sm" colorPalette="blue" alignSelf="flex-start">
          <Link href={pathTo('tourReservationList')}>{t('tours:reservation.back_to_list')}</Link>
        </ChakraLink>
        <HStack gap="3" wrap="wrap">
          <PageHeading title={t('tours:reservation.heading', { number: reservation.number })} />
          <OrderStatusBadge status={status} />
        </HStack>
      </Stack>

      <Stack as="section" aria-label={t('tours:reservation.actions')} gap="2">
        <HStack gap="2" wrap="wrap">
          {movable && (
            <Button size="sm" variant="outline" onClick={() => setDialog('move')}>
              {t('tours:reservation.move.action')}
            </Button>
          )}
          {cancellable && (
            <Button size="sm" variant="outline" colorPalette="red" onClick={() => setDialog('cancel')}>
              {t('tours:reservation.cancel.action')}
            </Button>
          )}
          {payment.onTakePayment !== undefined && reservation.balance_minor > 0 && (
            <Button size="sm" onClick={payment.onTakePayment}>
              {t('tours:reservation.take_payment')}
            </Button>
          )}
          <LinkButtons
            links={[
              { label: t('tours:reservation.print.action'), href: pathWith('tourReservationPrint', { id }) },
            ]}
            variant="ghost"
          />
          <ReservationReceiptButton reservation={reservation} build={buildReceipt} />
        </HStack>
        {!screen.can('tour', 'change') && <Text color="fg.muted">{t('tours:reservation.read_only')}</Text>}
      </Stack>

      <Grid templateColumns={{ base: '1fr', lg: 'repeat(3, minmax(0, 1fr))' }} gap="4">
        <SectionCard title={t('tours:reservation.event.title')}>
          <ReservationEventFacts
            tour={reservation.tour}
            links={{
              manifestHref: `${pathTo('tourReservationList')}?event=${eventId}`,
              calendarHref: pathTo('tourEventsCalendar'),
            }}
          />
        </SectionCard>
        <CustomerCard order={reservation} />
        <MoneyCard order={reservation} currencySymbol={screen.currencySymbol} />
      </Grid>

      <SectionCard title={t('tours:reservation.seats.title')}>
        <ReservationSeatsTable tour={reservation.tour} currencySymbol={screen.currencySymbol} />
      </SectionCard>

      <SectionCard title={t('tours:participants.title')}>
        <ParticipantsSection
          locationId={locationId}
          orderId={id}
          canChange={canChange && status !== 'cancelled'}
          token={screen.session?.login.token ?? ''}
        />
      </SectionCard>

      <Grid templateColumns={{ base: '1fr', lg: 'repeat(2, minmax(0, 1fr))' }} gap="4">
        <SectionCard title={t('tours:reservation.equipment.title')}>
          <ReservationEquipmentTable tour={reservation.tour} />
        </SectionCard>
        <SectionCard title={t('tours:reservation.share.title')}>
          <ShareLinkSection
            orderId={id}
            link={reservation.tour.share_link}
            canChange={canChange && status !== 'cancelled' && status !== 'pre-cancel'}
          />
        </SectionCard>
      </Grid>

      <OrderPaymentPanels
        key={`money:${locationId}:${id}`}
        kind={KIND}
        id={id}
        takePaymentRequest={payment.request}
        orderVersion={reservation.version}
        onMoneyChanged={reload}
      />

      {(screen.can('sell_order', 'view') || screen.can('tour', 'view')) && (
        <SectionCard title={t('tours:reservation.invoices.title')}>
          <ReservationInvoices
            locationId={locationId}
            orderId={id}
            currencySymbol={screen.currencySymbol}
            canOpenInvoice={invoiceHref !== undefined}
          />
        </SectionCard>
      )}

      <Grid templateColumns={{ base: '1fr', lg: 'repeat(2, minmax(0, 1fr))' }} gap="4">
        <SectionCard title={t('orders:notes.title')}>
          <OrderNotesForm kind={KIND} locationId={locationId} order={reservation} canChange={canChange} />
        </SectionCard>
        <SectionCard title={t('orders:timeline.title')}>
          <OrderTimeline order={reservation} currencySymbol={screen.currencySymbol} />
        </SectionCard>
      </Grid>

      <MoveDialog
        open={dialog === 'move'}
        onClose={() => setDialog(null)}
        locationId={locationId}
        reservation={reservation}
        currencySymbol={screen.currencySymbol}
        approverRequired={approverRequired}
        cashRegisterId={cashRegisterId}
        invoiceHref={invoiceHref}
        onMoved={reload}
        onConflict={reload}
        onUnavailable={(data) => {
          // The modal takes the screen: the dialog closes first, as the booking's refusal does.
          setDialog(null);
          ui.openCommonModal('unavailable-items', data);
        }}
      />
      <CancelDialog
        open={dialog === 'cancel'}
        onClose={() => setDialog(null)}
        locationId={locationId}
        reservation={reservation}
        currencySymbol={screen.currencySymbol}
        canWaive={screen.can('tour', 'manage')}
        approverRequired={approverRequired}
        cashRegisterId={cashRegisterId}
        invoiceHref={invoiceHref}
        onConflict={reload}
      />
    </Stack>
  );
}

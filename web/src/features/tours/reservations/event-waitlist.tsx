import { Badge, HStack, Link as ChakraLink, Stack, Text } from '@chakra-ui/react';
import type { TourWaitlistRow } from '@nine/shared/schemas/tours/reservation-changes';
import { useRef, useState } from 'react';
import { Link } from 'wouter';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { DataTable, type DataTableColumn } from '../../../components/data-table/data-table.tsx';
import { RowActionButton } from '../../../components/data-table/row-action-button.tsx';
import { SectionCard } from '../../../components/section-card.tsx';
import { formatDateTime, formatNumber } from '../../../lib/format.ts';
import { useAppTranslation } from '../../../lib/i18n.ts';
import { newIdempotencyKey } from '../../../lib/random-id.ts';
import { useNotify } from '../../../lib/toast.tsx';
import { useBookWaitlistEntry } from '../api/reservations/book-waitlist-entry.ts';
import { useEventWaitlist } from '../api/reservations/get-event-waitlist.ts';
import { useOfferWaitlistEntry } from '../api/reservations/offer-waitlist-entry.ts';
import { useRemoveWaitlistEntry } from '../api/reservations/remove-waitlist-entry.ts';
import { refusedForGood } from './refused-for-good.ts';

export interface EventWaitlistProps {
  locationId: number | null;
  eventId: number;
  /** Holds tour:change: may offer, book and remove entries (the server checks again). */
  canChange: boolean;
  /** The in-app address of a reservation (a booked entry's). */
  reservationHref(orderId: number): string;
}

const statusColor: Record<TourWaitlistRow['status'], string> = {
  waiting: 'blue',
  offered: 'orange',
  booked: 'green',
  expired: 'gray',
  removed: 'gray',
};

const live = (row: TourWaitlistRow) => row.status === 'waiting' || row.status === 'offered';

/**
 * The departure's waitlist: who waits for how many seats, the offers open (until when, on the location's
 * clock), and for tour:change offering the free seats, booking an entry as a reservation and removing one.
 */
export function EventWaitlist({ locationId, eventId, canChange, reservationHref }: EventWaitlistProps) {
  const { t } = useAppTranslation();
  const notify = useNotify();
  const query = useEventWaitlist(locationId, eventId);
  const offer = useOfferWaitlistEntry();
  const book = useBookWaitlistEntry();
  const remove = useRemoveWaitlistEntry();
  const [pending, setPending] = useState<ReadonlySet<number>>(() => new Set());
  const [removing, setRemoving] = useState<TourWaitlistRow | null>(null);
  // One Idempotency-Key per entry's booking, kept across retries until the server refuses it for good.
  const bookKeys = useRef(new Map<number, string>());

  const busy = (id: number, on: boolean) =>
    setPending((last) => {
      const next = new Set(last);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  const failed = (error: unknown) =>
    notify({
      type: 'error',
      title: t('tours:reservations.waitlist.failed'),
      message: error instanceof Error ? error.message : undefined,
    });

  const run = (row: TourWaitlistRow, action: () => Promise<void>) => {
    busy(row.id, true);
    action()
      .catch(failed)
      .finally(() => busy(row.id, false));
  };

  const offerRow = (row: TourWaitlistRow) =>
    run(row, async () => {
      const next = await offer.mutateAsync({ id: row.id, body: { version: row.version } });
      notify({
        type: 'success',
        title: t('tours:reservations.waitlist.offered_toast', {
          name: next.customer_name,
          until: next.offer_expires_at === null ? '' : formatDateTime(next.offer_expires_at),
        }),
      });
    });

  const bookRow = (row: TourWaitlistRow) =>
    run(row, async () => {
      const key = bookKeys.current.get(row.id) ?? newIdempotencyKey();
      bookKeys.current.set(row.id, key);
      try {
        await book.mutateAsync({ id: row.id, body: { version: row.version }, idempotencyKey: key });
        bookKeys.current.delete(row.id);
      } catch (error) {
        if (refusedForGood(error)) bookKeys.current.delete(row.id);
        throw error;
      }
      notify({
        type: 'success',
        title: t('tours:reservations.waitlist.booked_toast', { name: row.customer_name }),
      });
    });

  const confirmRemove = () => {
    const row = removing;
    if (row === null) return;
    busy(row.id, true);
    remove
      .mutateAsync(row.id)
      .then(() => {
        setRemoving(null);
        notify({
          type: 'success',
          title: t('tours:reservations.waitlist.removed_toast', { name: row.customer_name }),
        });
      })
      .catch(failed)
      .finally(() => busy(row.id, false));
  };

  const columns: DataTableColumn<TourWaitlistRow>[] = [
    {
      id: 'customer',
      title: t('tours:reservations.waitlist.columns.customer'),
      rowHeader: true,
      cell: (row) => (
        <Stack gap="0">
          <Text fontWeight="medium">{row.customer_name}</Text>
          {(row.customer_phone ?? row.customer_email) !== null && (
            <Text fontSize="xs" color="fg.muted">
              {row.customer_phone ?? row.customer_email}
            </Text>
          )}
          {row.note !== null && (
            <Text fontSize="xs" color="fg.muted">
              {row.note}
            </Text>
          )}
        </Stack>
      ),
    },
    {
      id: 'seats',
      title: t('tours:reservations.waitlist.columns.seats'),
      cell: (row) => (
        <Stack gap="0">
          <Text>{formatNumber(row.seat_count)}</Text>
          <Text fontSize="xs" color="fg.muted">
            {row.seats
              .map((seat) =>
                t('tours:reservations.list.seats_of', {
                  quantity: formatNumber(seat.quantity),
                  name: seat.age_group_name ?? '—',
                }),
              )
              .join(', ')}
          </Text>
        </Stack>
      ),
    },
    {
      id: 'joined',
      title: t('tours:reservations.waitlist.columns.joined'),
      nowrap: true,
      cell: (row) => formatDateTime(row.created_at),
    },
    {
      id: 'status',
      title: t('tours:reservations.waitlist.columns.status'),
      cell: (row) => (
        <Stack gap="1" align="start">
          <Badge colorPalette={statusColor[row.status]} variant="subtle">
            {t(`tours:reservations.waitlist.status.${row.status}`)}
          </Badge>
          {row.status === 'offered' && row.offer_expires_at !== null && (
            <Text fontSize="xs">
              {t('tours:reservations.waitlist.offered_until', { when: formatDateTime(row.offer_expires_at) })}
            </Text>
          )}
          {row.order_id !== null && (
            <ChakraLink asChild colorPalette="blue" variant="underline" fontSize="sm">
              <Link href={reservationHref(row.order_id)}>
                {t('tours:reservations.waitlist.open_reservation')}
              </Link>
            </ChakraLink>
          )}
        </Stack>
      ),
    },
  ];
  if (canChange)
    columns.push({
      id: 'actions',
      title: t('tours:reservations.waitlist.columns.actions'),
      hideWhenPrinting: true,
      cell: (row) =>
        live(row) ? (
          <HStack gap="2" wrap="wrap">
            {row.status === 'waiting' && (
              <RowActionButton
                label={t('tours:reservations.waitlist.offer')}
                name={t('tours:reservations.waitlist.offer_named', { name: row.customer_name })}
                disabled={pending.has(row.id)}
                onClick={() => offerRow(row)}
              />
            )}
            <RowActionButton
              label={t('tours:reservations.waitlist.book')}
              name={t('tours:reservations.waitlist.book_named', { name: row.customer_name })}
              colorPalette="blue"
              loading={pending.has(row.id)}
              onClick={() => bookRow(row)}
            />
            <RowActionButton
              label={t('tours:reservations.waitlist.remove')}
              name={t('tours:reservations.waitlist.remove_named', { name: row.customer_name })}
              disabled={pending.has(row.id)}
              onClick={() => setRemoving(row)}
            />
          </HStack>
        ) : null,
    });

  const data = query.data;
  return (
    <SectionCard title={t('tours:reservations.waitlist.title')}>
      <Stack gap="3">
        {data !== undefined && (
          <Text fontSize="sm">
            {t('tours:reservations.waitlist.seats_free', {
              count: data.seats_free,
              free: formatNumber(data.seats_free),
            })}
          </Text>
        )}
        <DataTable<TourWaitlistRow>
          columns={columns}
          rows={data?.rows}
          rowId={(row) => row.id}
          caption={t('tours:reservations.waitlist.caption')}
          query={query}
          errorTitle={t('tours:reservations.waitlist.load_failed')}
          emptyNote={t('tours:reservations.waitlist.empty')}
        />
      </Stack>
      {removing !== null && (
        <ConfirmDialog
          open
          title={t('tours:reservations.waitlist.remove_title')}
          message={t('tours:reservations.waitlist.remove_message', { name: removing.customer_name })}
          confirmLabel={t('tours:reservations.waitlist.remove')}
          danger
          pending={pending.has(removing.id)}
          onConfirm={confirmRemove}
          onClose={() => setRemoving(null)}
        />
      )}
    </SectionCard>
  );
}

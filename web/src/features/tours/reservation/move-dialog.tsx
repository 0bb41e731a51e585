import { Button, Field, Input, Link, Stack, Text } from '@chakra-ui/react';
import { useMemo, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { errorCatalogue } from '@nine/shared/errors';
import { tourReservationMove } from '@nine/shared/schemas/tours/reservation-changes';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { useResetOnOpen, useSchemaForm } from '../../../components/form/use-schema-form.ts';
import { MessageAlert } from '../../../components/message-alert.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import {
  formatDateTime,
  formatMoney,
  formatNumber,
  fromLocalInput,
  todayAtLocation,
  toLocalInput,
} from '../../../lib/format.ts';
import { useAppTranslation, type AppT } from '../../../lib/i18n.ts';
import { newIdempotencyKey } from '../../../lib/random-id.ts';
import { saveFailureText } from '../../../lib/save-failure.ts';
import { useTourDefinition } from '../api/definitions/get-tour-definition.ts';
import { useTourEvents } from '../api/events/get-tour-events.ts';
import type { TourReservationDetail } from '../api/reservation/get-tour-reservation.ts';
import {
  useMoveTourReservation,
  type TourReservationMoved,
} from '../api/reservation/move-tour-reservation.ts';
import { IdSelectField } from '../definitions/editor/id-select-field.tsx';
import { isEventFull } from '../reservations/full-event.ts';
import { ApproverKeyField, asksForKey, useApproverKey } from './approver-key.tsx';
import { movePrice } from './move-price.ts';

const moveForm = tourReservationMove.pick({ event_id: true, access_key: true });
type MoveForm = { event_id: number; access_key?: string };

/** The reasons the server gives for 1780 (server/src/modules/tours/reservation-move.ts). */
const NOT_MOVABLE_REASONS = [
  'status',
  'same_event',
  'other_definition',
  'event_not_bookable',
  'private',
] as const;

/** A move refusal in words: 1780 by its reason, a version conflict, else the catalogue's message. */
export function moveFailureText(t: AppT, error: unknown): string | null {
  if (error instanceof ApiError && error.respCode === errorCatalogue.reservationNotMovable.code) {
    const reason = (error.data as { reason?: unknown } | null)?.reason;
    const known = NOT_MOVABLE_REASONS.find((code) => code === reason);
    if (known !== undefined) return t(`tours:reservation.move.not_movable.${known}`);
  }
  return saveFailureText(error, t('tours:reservation.conflict'));
}

export interface MoveDialogProps {
  open: boolean;
  onClose(): void;
  locationId: number;
  reservation: TourReservationDetail;
  currencySymbol: string;
  /** After the move, with what the server settled (the dialog shows it until closed). */
  onMoved?(moved: TourReservationMoved): void;
  /** A 1207 refusal (a full departure, equipment taken): the page opens the unavailable-items modal. */
  onUnavailable?(data: unknown): void;
  /** A version conflict: the page reads the reservation again. */
  onConflict?(): void;
  /** The viewer may not refund by themselves: the approver's key is asked for up front. */
  approverRequired?: boolean;
  /** The counter's register when the location has several: a cash refund leaves its drawer. */
  cashRegisterId?: number | null;
  /** Where an invoice is shown (the page's route). */
  invoiceHref?(id: number): string;
  newKey?: () => string;
}

/**
 * Moves the reservation to another departure of the same tour: the departures to come, and an estimate of
 * what the seats cost on the new day (the server reprices the whole order, taxes included, and says what
 * it charged or refunded once moved). One Idempotency-Key per attempt, kept across a retry with an
 * approver's key, so a refund is made once.
 */
export function MoveDialog({
  open,
  onClose,
  locationId,
  reservation,
  currencySymbol,
  onMoved,
  onUnavailable,
  onConflict,
  approverRequired = false,
  cashRegisterId = null,
  invoiceHref,
  newKey = newIdempotencyKey,
}: MoveDialogProps) {
  const { t } = useAppTranslation();
  const money = (minor: number) => formatMoney(minor, currencySymbol);
  const event = reservation.tour.event;
  const seats = reservation.tour.seats.reduce((sum, seat) => sum + seat.quantity, 0);
  // Departures to come, as of opening: a fixed instant keeps one query key while the dialog is open. A
  // later start day reaches departures past the first page.
  const [fromDay, setFromDay] = useState('');
  const now = useMemo(() => (open ? new Date().toISOString() : ''), [open]);
  const dayStart = fromDay === '' ? null : fromLocalInput(`${fromDay}T00:00`);
  const from = dayStart !== null && dayStart > now ? dayStart : now;
  const events = useTourEvents(open ? locationId : null, {
    definition_id: event.definition.id,
    from,
    sort: 'starts_at',
    sort_type: 'asc',
    page_size: 200,
  });
  const definition = useTourDefinition(open ? locationId : null, event.definition.id);
  const move = useMoveTourReservation();
  const [done, setDone] = useState<TourReservationMoved | null>(null);
  const approver = useApproverKey(newKey);
  const form = useSchemaForm(moveForm, { defaultValues: {} });
  useResetOnOpen(form, {
    open,
    record: reservation.id,
    // No departure chosen: the select shows empty until one is picked.
    values: () => ({}) as MoveForm,
    onOpen: () => {
      move.reset();
      setFromDay('');
      setDone(null);
      approver.reset();
    },
  });
  const chosenId = useWatch({ control: form.control, name: 'event_id' });

  // A departure private to another reservation takes no other seats (the server answers 1772).
  const choices = (events.data?.rows ?? []).filter(
    (row) =>
      row.id !== event.id &&
      (row.status === 'scheduled' || row.status === 'confirmed') &&
      (row.private_order_id === null || row.private_order_id === reservation.id),
  );
  const more = events.data !== undefined && events.data.total > events.data.rows.length;
  const chosen = choices.find((row) => row.id === chosenId) ?? null;
  const price =
    chosen !== null && definition.data !== undefined
      ? movePrice(reservation, definition.data, toLocalInput(chosen.starts_at).slice(0, 10))
      : null;
  const full = chosen !== null && chosen.capacity - chosen.seats_taken < seats;
  // A cheaper day refunds what was paid beyond the new total: an approver is asked for up front then.
  const refunding = price !== null && price.difference_minor < 0 && reservation.paid_minor > 0;
  const needsKey = (approverRequired && refunding) || approver.keyAsked;

  const submit = form.handleSubmit(({ event_id, access_key }) => {
    move.mutate(
      {
        id: reservation.id,
        // A retry keeps the key while the departure stays the same.
        idempotencyKey: approver.keyFor(String(event_id)),
        body: {
          event_id,
          version: reservation.version,
          ...(needsKey && access_key !== undefined && access_key !== '' ? { access_key } : {}),
          ...(cashRegisterId !== null ? { cash_register_id: cashRegisterId } : {}),
        },
      },
      {
        onSuccess: (moved) => {
          setDone(moved);
          onMoved?.(moved);
        },
        onError: (error) => {
          if (approver.asked(error, () => form.setValue('access_key', undefined))) return;
          if (error instanceof ApiError && error.respCode === errorCatalogue.itemsUnavailable.code) {
            onUnavailable?.(error.data);
          } else if (error instanceof ApiError && error.respCode === errorCatalogue.versionConflict.code) {
            onConflict?.();
          }
        },
      },
    );
  });

  const failure =
    move.isError && !asksForKey(move.error)
      ? isEventFull(move.error)
        ? t('tours:reservation.move.not_enough_seats_now')
        : moveFailureText(t, move.error)
      : null;

  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title={t('tours:reservation.move.title', { number: reservation.number })}
      onSubmit={() => {
        if (done === null) void submit();
      }}
      saving={move.isPending}
      submitLabel={t('tours:reservation.move.submit')}
      submitDisabled={chosen === null}
      error={failure}
      footer={
        done !== null ? <Button onClick={onClose}>{t('tours:reservation.move.close')}</Button> : undefined
      }
    >
      {done !== null ? (
        <Stack gap="2" role="status" data-testid="move-done">
          <Text fontWeight="semibold">{t('tours:reservation.move.done')}</Text>
          <Text>
            {done.price_difference_minor > 0
              ? t('tours:reservation.move.done_more', { amount: money(done.price_difference_minor) })
              : done.price_difference_minor < 0
                ? t('tours:reservation.move.done_less', { amount: money(-done.price_difference_minor) })
                : t('tours:reservation.move.difference_none')}
          </Text>
          {done.refunded_minor > 0 && (
            <Text>{t('tours:reservation.move.done_refund', { amount: money(done.refunded_minor) })}</Text>
          )}
          <Text>{t('tours:reservation.move.done_total', { amount: money(done.total_minor) })}</Text>
          {done.invoice_id !== null && invoiceHref !== undefined && (
            <Link href={invoiceHref(done.invoice_id)} colorPalette="blue" variant="underline">
              {t('tours:reservation.move.invoice')}
            </Link>
          )}
        </Stack>
      ) : (
        <Stack gap="4">
          <Text>
            {t('tours:reservation.move.current', {
              tour: event.definition.name,
              when: formatDateTime(event.starts_at),
              count: seats,
            })}
          </Text>
          <Field.Root>
            <Field.Label>{t('tours:reservation.move.from_day')}</Field.Label>
            <Input
              type="date"
              value={fromDay}
              min={todayAtLocation()}
              onChange={(change) => setFromDay(change.currentTarget.value)}
            />
          </Field.Root>
          <IdSelectField
            control={form.control}
            name="event_id"
            label={t('tours:reservation.move.departure')}
            required
            options={choices.map((row) => ({
              id: row.id,
              label: t('tours:reservation.move.option', {
                when: formatDateTime(row.starts_at),
                free: formatNumber(Math.max(row.capacity - row.seats_taken, 0)),
              }),
            }))}
            helperText={
              events.isSuccess && choices.length === 0
                ? t('tours:reservation.move.no_departures')
                : more
                  ? t('tours:reservation.move.more_departures', { count: events.data.rows.length })
                  : undefined
            }
          />
          {full && (
            <MessageAlert status="warning">{t('tours:reservation.move.not_enough_seats')}</MessageAlert>
          )}
          {chosen !== null && (
            <Stack gap="1" role="status" aria-live="polite" data-testid="move-price">
              {price === null ? (
                <Text color="fg.muted">
                  {reservation.tour.is_private
                    ? t('tours:reservation.move.private_price')
                    : definition.isPending
                      ? t('common:loading')
                      : t('tours:reservation.move.no_price')}
                </Text>
              ) : (
                <>
                  <Text>
                    {t('tours:reservation.move.prices', {
                      current: money(price.current_minor),
                      next: money(price.next_minor),
                    })}
                  </Text>
                  <Text fontWeight="semibold">
                    {price.difference_minor > 0
                      ? t('tours:reservation.move.difference_more', { amount: money(price.difference_minor) })
                      : price.difference_minor < 0
                        ? t('tours:reservation.move.difference_less', {
                            amount: money(-price.difference_minor),
                          })
                        : t('tours:reservation.move.difference_none')}
                  </Text>
                  <Text fontSize="sm" color="fg.muted">
                    {t('tours:reservation.move.estimate_note')}
                  </Text>
                </>
              )}
            </Stack>
          )}
          <ApproverKeyField
            control={form.control}
            shown={needsKey}
            keyAsked={approver.keyAsked}
            error={move.error}
          />
        </Stack>
      )}
    </FormDialog>
  );
}

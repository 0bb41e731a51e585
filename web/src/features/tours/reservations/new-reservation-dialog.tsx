import { Button, Checkbox, HStack, Input, SimpleGrid, Stack, Table, Text } from '@chakra-ui/react';
import { STAFF_NOTE_MAX } from '@nine/shared/constants';
import {
  tourReservationCreate,
  type TourReservationCreateParsed,
} from '@nine/shared/schemas/tours/reservations';
import { useId, useMemo, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { useLocation } from 'wouter';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { fieldsOf } from '../../../components/form/form-fields.tsx';
import type { IssueMessages } from '../../../components/form/issue-messages.ts';
import {
  applyServerIssues,
  useResetOnOpen,
  useSchemaForm,
  type FormSchema,
} from '../../../components/form/use-schema-form.ts';
import { MessageAlert } from '../../../components/message-alert.tsx';
import { OptionSelect } from '../../../components/list-filter-fields.tsx';
import { formatDateTime, formatMoney, formatNumber, toLocalInput } from '../../../lib/format.ts';
import { useAppTranslation } from '../../../lib/i18n.ts';
import { newIdempotencyKey } from '../../../lib/random-id.ts';
import { saveFailureText } from '../../../lib/save-failure.ts';
import { useNotify } from '../../../lib/toast.tsx';
import { useTourDefinition } from '../api/definitions/get-tour-definition.ts';
import { useTourEvent } from '../api/events/get-tour-event.ts';
import { useTourEvents } from '../api/events/get-tour-events.ts';
import { useCreateTourReservation } from '../api/reservations/create-tour-reservation.ts';
import { useJoinEventWaitlist } from '../api/reservations/join-event-waitlist.ts';
import { useTourAgeGroups } from '../api/settings/get-tour-age-groups.ts';
import { IdSelectField } from '../definitions/editor/id-select-field.tsx';
import { useTourChoices } from '../events/use-event-choices.ts';
import type { BookingCustomer, TourBooking } from './booking-context.tsx';
import { bookingTotal, seatPrices, seatRows, type SeatPrice } from './booking-price.ts';
import { isBookableEvent } from './bookable-event.ts';
import { isEventFull } from './full-event.ts';
import { refusedForGood } from './refused-for-good.ts';

/** The form holds the request; the seat rows are written from the per-group counts the dialog keeps. */
interface BookingValues {
  event_id: number | null;
  seats: { age_group_id: number; quantity: number }[];
  customer_id?: number | undefined;
  customer?:
    { first_name: string; last_name: string; email: string | null; phone: string | null } | undefined;
  private: boolean;
  note: string;
}
const bookingForm = tourReservationCreate as unknown as FormSchema<
  BookingValues,
  TourReservationCreateParsed
>;

const bookingMessages: IssueMessages = {
  event_id: 'tours:reservations.create.event_required',
  seats: 'tours:reservations.create.seats_required',
  customer_id: 'tours:reservations.create.customer_required',
};

const DAY_MS = 86_400_000;
/** The departure picker's window: the next weeks of every tour, or a year of the tour chosen. */
const ANY_TOUR_DAYS = 31;
const ONE_TOUR_DAYS = 366;
const DEPARTURES_MAX = 200;

const emptyCustomer = () => ({ first_name: '', last_name: '', email: null, phone: null });

const emptyValues = (eventId: number | null): BookingValues => ({
  event_id: eventId,
  seats: [],
  customer_id: undefined,
  customer: undefined,
  private: false,
  note: '',
});

export interface NewReservationDialogProps {
  open: boolean;
  onClose(): void;
  booking: TourBooking;
  /** The event booked (opened from an event); without it the dialog asks for the tour and the departure. */
  eventId?: number | null;
}

/** Seats per age group at the event's price, and the booking's total. */
function SeatCounts({
  prices,
  counts,
  currencySymbol,
  onChange,
  error,
  privatePriceMinor,
}: {
  prices: readonly SeatPrice[];
  counts: Readonly<Record<number, number>>;
  currencySymbol: string;
  onChange(ageGroupId: number, quantity: number): void;
  error: string | undefined;
  privatePriceMinor: number | null;
}) {
  const { t } = useAppTranslation();
  const headingId = useId();
  const errorId = useId();
  const total = bookingTotal(prices, counts, privatePriceMinor);
  return (
    <Stack as="fieldset" gap="2" aria-labelledby={headingId} aria-describedby={error ? errorId : undefined}>
      <Text as="legend" id={headingId} fontWeight="semibold">
        {t('tours:reservations.create.seats')}
      </Text>
      <Table.Root size="sm">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>{t('tours:reservations.create.age_group')}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{t('tours:reservations.create.price')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('tours:reservations.create.quantity')}</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {prices.map((price) => (
            <Table.Row key={price.ageGroupId}>
              <Table.Cell>
                <Text>{price.name}</Text>
                {price.guardianRequired && (
                  <Text fontSize="xs" color="fg.muted">
                    {t('tours:reservations.create.guardian_required')}
                  </Text>
                )}
              </Table.Cell>
              <Table.Cell textAlign="end">{formatMoney(price.priceMinor, currencySymbol)}</Table.Cell>
              <Table.Cell>
                <Input
                  size="sm"
                  width="24"
                  type="number"
                  inputMode="numeric"
                  min={0}
                  max={500}
                  aria-label={t('tours:reservations.create.seats_of', { name: price.name })}
                  value={counts[price.ageGroupId] ?? 0}
                  onChange={(event) => {
                    const value = Math.trunc(Number(event.currentTarget.value));
                    onChange(
                      price.ageGroupId,
                      Number.isFinite(value) ? Math.min(500, Math.max(0, value)) : 0,
                    );
                  }}
                />
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
      <Text fontWeight="semibold" role="status" aria-live="polite">
        {t(
          privatePriceMinor === null
            ? 'tours:reservations.create.total'
            : 'tours:reservations.create.total_private',
          {
            count: total.seats,
            seats: formatNumber(total.seats),
            total: formatMoney(total.totalMinor, currencySymbol),
          },
        )}
      </Text>
      {error !== undefined && (
        <Text id={errorId} color="fg.error" fontSize="sm">
          {error}
        </Text>
      )}
    </Stack>
  );
}

/**
 * A new reservation: the departure (given, or chosen by tour), seats per age group at the event's price,
 * the customer (found, or new), an optional private group and a note. One Idempotency-Key per attempt.
 * A full event answers 1207: the unavailable-items modal says so, and the dialog offers the waitlist with
 * the same seats and customer.
 */
export function NewReservationDialog({ open, onClose, booking, eventId = null }: NewReservationDialogProps) {
  const { t } = useAppTranslation();
  const notify = useNotify();
  const [, navigate] = useLocation();
  const { locationId, currencySymbol, CustomerPicker } = booking;
  const create = useCreateTourReservation();
  const join = useJoinEventWaitlist();
  const [key, setKey] = useState(newIdempotencyKey);
  // Seats asked per age group, for the event they were asked on: another event starts from none.
  const [asked, setAsked] = useState<{ eventId: number | null; counts: Record<number, number> }>({
    eventId: null,
    counts: {},
  });
  const [tourId, setTourId] = useState<number | undefined>(undefined);
  const [customer, setCustomer] = useState<BookingCustomer | null>(null);
  const [newCustomer, setNewCustomer] = useState(false);
  const [full, setFull] = useState(false);

  const form = useSchemaForm(bookingForm, { defaultValues: emptyValues(eventId), messages: bookingMessages });
  useResetOnOpen(form, {
    open,
    record: eventId,
    values: () => emptyValues(eventId),
    onOpen: () => {
      setKey(newIdempotencyKey());
      setAsked({ eventId: null, counts: {} });
      setTourId(undefined);
      setCustomer(null);
      setNewCustomer(false);
      setFull(false);
      create.reset();
      join.reset();
    },
  });

  const chosenEvent = useWatch({ control: form.control, name: 'event_id' });
  const isPrivate = useWatch({ control: form.control, name: 'private' });
  const [now] = useState(() => Date.now());
  const tours = useTourChoices(eventId === null ? locationId : null, 'active') ?? [];
  // The next days of every tour, or the months ahead of the tour chosen; only departures still bookable.
  const upcomingPage = useTourEvents(eventId === null ? locationId : null, {
    from: new Date(now).toISOString(),
    to: new Date(now + (tourId === undefined ? ANY_TOUR_DAYS : ONE_TOUR_DAYS) * DAY_MS).toISOString(),
    definition_id: tourId,
    sort: 'starts_at',
    sort_type: 'asc',
    page_size: DEPARTURES_MAX,
  }).data;
  const upcoming = upcomingPage?.rows.filter((row) => isBookableEvent(row, now));
  // More departures than one page: the list stops at the last one fetched, and says so.
  const capped = upcomingPage !== undefined && upcomingPage.total > upcomingPage.rows.length;
  const lastFetched = upcomingPage?.rows.at(-1);
  const event = useTourEvent(locationId, chosenEvent ?? null).data;
  const definition = useTourDefinition(locationId, event?.definition_id ?? null).data;
  const ageGroups = useTourAgeGroups().data?.rows;
  const prices = useMemo(
    () =>
      event !== undefined && definition !== undefined && ageGroups !== undefined
        ? seatPrices(ageGroups, definition, toLocalInput(event.starts_at).slice(0, 10))
        : [],
    [event, definition, ageGroups],
  );
  const privatePrice = definition?.private_price_minor ?? null;
  const privateTaken = event !== undefined && event.seats_taken > 0;

  const counts = asked.eventId === chosenEvent ? asked.counts : {};
  // The request's seat rows: groups priced for this event with at least one seat.
  const rowsOf = (of: Readonly<Record<number, number>>) => {
    const priced = new Set(prices.map((price) => price.ageGroupId));
    return seatRows(of).filter((row) => priced.has(row.age_group_id));
  };
  const setSeat = (ageGroupId: number, quantity: number) => {
    const next = { ...counts, [ageGroupId]: quantity };
    setAsked({ eventId: chosenEvent, counts: next });
    form.setValue('seats', rowsOf(next), { shouldValidate: form.formState.isSubmitted });
  };

  const chooseCustomer = (picked: BookingCustomer | null) => {
    setCustomer(picked);
    form.setValue('customer_id', picked?.id, { shouldValidate: form.formState.isSubmitted });
  };

  const switchNewCustomer = (on: boolean) => {
    setNewCustomer(on);
    setCustomer(null);
    form.setValue('customer_id', undefined);
    form.setValue('customer', on ? emptyCustomer() : undefined);
    form.clearErrors(['customer_id', 'customer']);
  };

  const submit = form.handleSubmit((values) => {
    setFull(false);
    const body = { ...values, note: values.note === '' ? undefined : values.note };
    create.mutate(
      { body, idempotencyKey: key },
      {
        onSuccess: (detail) => {
          onClose();
          navigate(booking.reservationHref(detail.id));
        },
        onError: (error) => {
          if (refusedForGood(error)) setKey(newIdempotencyKey());
          if (isEventFull(error)) setFull(true);
          else if (applyServerIssues(form, error)) create.reset();
        },
      },
    );
  });

  const joinWaitlist = () => {
    const values = form.getValues();
    if (values.event_id === null) return;
    join.mutate(
      {
        eventId: values.event_id,
        body: {
          customer_id: values.customer_id,
          customer: values.customer,
          seats: values.seats,
          note: values.note === '' ? undefined : values.note,
        },
      },
      {
        onSuccess: () => {
          notify({ type: 'success', title: t('tours:reservations.create.waitlisted') });
          onClose();
        },
      },
    );
  };

  const { TextField, TextareaField, CheckboxField } = fieldsOf(form.control);
  const seatsError = form.formState.errors.seats?.message;
  const customerError = form.formState.errors.customer_id?.message;
  const failure = full ? null : saveFailureText(create.error, t('tours:reservations.create.failed'));

  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title={t('tours:reservations.create.title')}
      onSubmit={() => {
        form.setValue('seats', rowsOf(counts));
        void submit();
      }}
      saving={create.isPending}
      submitLabel={t('tours:reservations.create.submit')}
      error={failure}
      size="lg"
      scrollInside
      closeButton
    >
      {eventId === null ? (
        <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
          <OptionSelect
            label={t('tours:reservations.create.tour')}
            emptyLabel={t('tours:reservations.create.any_tour')}
            options={tours.map((tour) => ({ value: tour.id, label: tour.name }))}
            value={tourId}
            onChange={(value) => {
              setTourId(value === '' ? undefined : Number(value));
              form.setValue('event_id', null);
            }}
            width="full"
          />
          <IdSelectField
            control={form.control}
            name="event_id"
            label={t('tours:reservations.create.event')}
            required
            helperText={
              capped
                ? t(
                    tourId === undefined
                      ? 'tours:reservations.create.event_capped'
                      : 'tours:reservations.create.event_capped_tour',
                    { when: lastFetched === undefined ? '' : formatDateTime(lastFetched.starts_at) },
                  )
                : t(
                    tourId === undefined
                      ? 'tours:reservations.create.event_window'
                      : 'tours:reservations.create.event_window_tour',
                  )
            }
            options={(upcoming ?? []).map((row) => ({
              id: row.id,
              label: t('tours:reservations.create.event_option', {
                name: row.definition_name,
                when: formatDateTime(row.starts_at),
                free: formatNumber(Math.max(0, row.capacity - row.seats_taken)),
              }),
            }))}
          />
        </SimpleGrid>
      ) : null}
      {event !== undefined && (
        <Text role="status">
          {t('tours:reservations.create.event_summary', {
            name: event.definition_name,
            when: formatDateTime(event.starts_at),
            free: formatNumber(Math.max(0, event.capacity - event.seats_taken)),
            capacity: formatNumber(event.capacity),
          })}
        </Text>
      )}
      {event !== undefined && prices.length === 0 && definition !== undefined && ageGroups !== undefined && (
        <MessageAlert status="warning">{t('tours:reservations.create.no_prices')}</MessageAlert>
      )}
      {prices.length > 0 && (
        <SeatCounts
          prices={prices}
          counts={counts}
          currencySymbol={currencySymbol}
          onChange={setSeat}
          error={seatsError}
          privatePriceMinor={isPrivate ? privatePrice : null}
        />
      )}
      {prices.length === 0 && seatsError !== undefined && (
        <Text color="fg.error" fontSize="sm">
          {seatsError}
        </Text>
      )}
      {privatePrice !== null && (
        <CheckboxField
          name="private"
          label={t('tours:reservations.create.private')}
          // A private group takes the whole departure: only while nobody else is booked on it.
          disabled={privateTaken}
          helperText={
            privateTaken
              ? t('tours:reservations.create.private_taken')
              : t('tours:reservations.create.private_hint', {
                  price: formatMoney(privatePrice, currencySymbol),
                })
          }
        />
      )}

      <Stack gap="3">
        <Checkbox.Root
          checked={newCustomer}
          onCheckedChange={(details) => switchNewCustomer(details.checked === true)}
        >
          <Checkbox.HiddenInput />
          <Checkbox.Control />
          <Checkbox.Label>{t('tours:reservations.create.new_customer')}</Checkbox.Label>
        </Checkbox.Root>
        {newCustomer ? (
          <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
            <TextField
              name="customer.first_name"
              label={t('tours:reservations.create.first_name')}
              required
              autoComplete="off"
            />
            <TextField
              name="customer.last_name"
              label={t('tours:reservations.create.last_name')}
              autoComplete="off"
            />
            <TextField
              name="customer.email"
              label={t('tours:reservations.create.email')}
              type="email"
              autoComplete="off"
            />
            <TextField
              name="customer.phone"
              label={t('tours:reservations.create.phone')}
              type="tel"
              autoComplete="off"
            />
          </SimpleGrid>
        ) : (
          <CustomerPicker value={customer} onChange={chooseCustomer} errorText={customerError} />
        )}
      </Stack>

      <TextareaField name="note" label={t('tours:reservations.create.note')} maxLength={STAFF_NOTE_MAX} />

      {full && (
        <MessageAlert status="warning" role="alert">
          <Stack gap="2" align="start">
            <Text>{t('tours:reservations.create.full')}</Text>
            <HStack gap="2">
              <Button size="sm" colorPalette="blue" loading={join.isPending} onClick={joinWaitlist}>
                {t('tours:reservations.create.join_waitlist')}
              </Button>
            </HStack>
            {join.error !== null && (
              <Text color="fg.error">
                {saveFailureText(join.error, t('tours:reservations.create.failed'))}
              </Text>
            )}
          </Stack>
        </MessageAlert>
      )}
    </FormDialog>
  );
}

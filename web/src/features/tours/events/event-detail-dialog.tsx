import { Button, DataList, Heading, HStack, Separator, Stack, Text } from '@chakra-ui/react';
import type { TourEventDetail } from '@nine/shared/schemas/tours/events';
import type { ReactNode } from 'react';
import { useId, useState } from 'react';
import { Link } from 'wouter';
import { DialogFrame } from '../../../components/dialog-frame.tsx';
import { RecordLoadFailed, RecordLoading } from '../../../components/record-load-state.tsx';
import { formatDateTime, formatDay, formatNumber, formatTime } from '../../../lib/format.ts';
import { useAppTranslation } from '../../../lib/i18n.ts';
import { useTourEvent } from '../api/events/get-tour-event.ts';
import { isBookableEvent } from '../reservations/bookable-event.ts';
import { useTourBooking } from '../reservations/booking-context.tsx';
import { NewReservationDialog } from '../reservations/new-reservation-dialog.tsx';
import { EventGroupBadge, EventStatusBadge } from './event-badges.tsx';
import { EventEditForm, EventRescheduleForm, EventStatusForm } from './event-edit-forms.tsx';
import { EventLeadersSection } from './event-leaders-section.tsx';
import { EquipmentShortNotice } from './equipment-short.tsx';

export interface EventDetailDialogProps {
  /** The event shown; null keeps the dialog closed. */
  eventId: number | null;
  locationId: number | null;
  /** Holds tour:change: the write controls show (the server checks again). */
  canChange: boolean;
  onClose(): void;
}

/** A titled part of the dialog, named by its heading. */
function Part({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <Stack as="section" aria-labelledby={id} gap="2">
      <Heading as="h3" size="sm" id={id}>
        {title}
      </Heading>
      {children}
    </Stack>
  );
}

function Facts({ event }: { event: TourEventDetail }) {
  const { t } = useAppTranslation();
  const free = Math.max(0, event.capacity - event.seats_taken);
  const rows: [string, ReactNode][] = [
    [
      t('tours:events.detail.when'),
      t('tours:events.when', { start: formatDateTime(event.starts_at), end: formatTime(event.ends_at) }),
    ],
    [t('tours:events.detail.time_zone'), event.time_zone],
    [
      t('tours:events.detail.meeting_point'),
      event.meeting_point === null ? (
        t('tours:events.detail.no_meeting_point')
      ) : (
        <Stack gap="0">
          <Text>{event.meeting_point.name}</Text>
          {event.meeting_point.address !== null && (
            <Text fontSize="sm" color="fg.muted">
              {event.meeting_point.address}
            </Text>
          )}
        </Stack>
      ),
    ],
    [
      t('tours:events.detail.status'),
      <HStack key="status" gap="2" wrap="wrap">
        <EventStatusBadge status={event.status} />
        {event.status_reason !== null && <Text fontSize="sm">{event.status_reason}</Text>}
      </HStack>,
    ],
    [
      t('tours:events.detail.seats'),
      t('tours:events.detail.seats_value', {
        taken: formatNumber(event.seats_taken),
        capacity: formatNumber(event.capacity),
        free: formatNumber(free),
      }),
    ],
    [t('tours:events.detail.minimum'), formatNumber(event.min_participants)],
  ];
  if (event.series_id !== null)
    rows.push([
      t('tours:events.detail.series'),
      event.detached
        ? t('tours:events.detail.series_detached', { day: formatDay(event.occurrence_day) })
        : t('tours:events.detail.series_part', { day: formatDay(event.occurrence_day) }),
    ]);
  if (event.note !== null) rows.push([t('tours:events.form.note'), event.note]);
  return (
    <DataList.Root orientation="horizontal" size="sm">
      {rows.map(([label, value]) => (
        <DataList.Item key={label}>
          <DataList.ItemLabel minW="36">{label}</DataList.ItemLabel>
          <DataList.ItemValue>{value}</DataList.ItemValue>
        </DataList.Item>
      ))}
    </DataList.Root>
  );
}

/**
 * One tour event: when and where, status and its moves, capacity, seats, equipment short for it, its
 * leaders, and a keyboard way to reschedule it. The events list and the calendar open it.
 */
export function EventDetailDialog({ eventId, locationId, canChange, onClose }: EventDetailDialogProps) {
  const { t } = useAppTranslation();
  const query = useTourEvent(locationId, eventId);
  const event = query.data;
  const stale = () => void query.refetch();
  // "Book" closes the event and opens the booking of it (where the page lends booking its services).
  const booking = useTourBooking();
  const [booked, setBooked] = useState<number | null>(null);

  const title =
    event === undefined
      ? t('tours:events.detail.title')
      : t('tours:events.detail.title_named', {
          name: event.definition_name,
          when: formatDateTime(event.starts_at),
        });

  return (
    <>
      <DialogFrame
        open={eventId !== null}
        onDismiss={onClose}
        title={title}
        size="lg"
        scrollInside
        closeButton
        busy={query.isPending}
        footer={
          <>
            {canChange && booking !== null && event !== undefined && isBookableEvent(event) && (
              <Button
                colorPalette="blue"
                onClick={() => {
                  setBooked(event.id);
                  onClose();
                }}
              >
                {t('tours:reservations.create.book')}
              </Button>
            )}
            {booking !== null && event !== undefined && (
              <Button asChild variant="outline">
                <Link href={booking.manifestHref(event.id)}>{t('tours:reservations.manifest.open')}</Link>
              </Button>
            )}
            <Button variant="outline" onClick={onClose}>
              {t('tours:events.detail.close')}
            </Button>
          </>
        }
      >
        {event === undefined ? (
          query.error !== null ? (
            <RecordLoadFailed
              error={query.error}
              notFound={t('tours:events.detail.not_found')}
              failed={t('tours:events.detail.load_failed')}
              onRetry={stale}
              retrying={query.isFetching}
            />
          ) : (
            <RecordLoading />
          )
        ) : (
          <Stack gap="5">
            <HStack gap="2" wrap="wrap">
              <Text fontWeight="medium">{event.definition_code}</Text>
              <EventGroupBadge name={event.group_name} color={event.group_color} />
            </HStack>
            <Facts event={event} />
            <Part title={t('tours:events.detail.equipment')}>
              <EquipmentShortNotice lines={event.equipment_short} />
            </Part>
            <Part title={t('tours:events.detail.leaders')}>
              <EventLeadersSection event={event} locationId={locationId} canChange={canChange} />
            </Part>
            {canChange && (
              <>
                <Separator />
                <Part title={t('tours:events.detail.change_status')}>
                  <EventStatusForm key={`${event.id}-${event.version}`} event={event} onStale={stale} />
                </Part>
                <Part title={t('tours:events.detail.edit')}>
                  <EventEditForm key={event.id} event={event} onStale={stale} />
                </Part>
                <Part title={t('tours:events.detail.reschedule')}>
                  <EventRescheduleForm key={event.id} event={event} />
                </Part>
              </>
            )}
          </Stack>
        )}
      </DialogFrame>
      {booking !== null && booked !== null && (
        <NewReservationDialog open eventId={booked} booking={booking} onClose={() => setBooked(null)} />
      )}
    </>
  );
}

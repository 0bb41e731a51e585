import { useState } from 'react';
import { ConfirmDialog } from '../../../../components/confirm-dialog.tsx';
import { formatDateTime } from '../../../../lib/format.ts';
import { useAppTranslation } from '../../../../lib/i18n.ts';
import { useNotify } from '../../../../lib/toast.tsx';
import type { TourEventCalendarRow } from '../../api/events/get-events-calendar.ts';
import { useRescheduleEvent } from '../../api/events/reschedule-event.ts';
import { calendarInstant } from './calendar-time.ts';

/** What FullCalendar's eventDrop hands over that a move needs (EventDropArg fits). */
export interface DropInfo {
  event: { start: Date | null; extendedProps: Record<string, unknown> };
  revert(): void;
}

/** A dragged event waiting for the person's yes: the row as shown, the new start, and how to undo the drag. */
export interface PendingMove {
  row: TourEventCalendarRow;
  /** The new start as an instant (ISO, UTC). */
  startsAt: string;
  revert(): void;
}

/** The move a drop asks for; null when the dropped event carries no row or no start. */
export function pendingMoveOf(info: DropInfo): PendingMove | null {
  const row = info.event.extendedProps.row as TourEventCalendarRow | undefined;
  const start = info.event.start;
  if (row === undefined || start === null) return null;
  return { row, startsAt: calendarInstant(start), revert: () => info.revert() };
}

/**
 * Rescheduling by drag: a drop opens a confirmation naming the tour, the new time and the participants
 * affected (the seats taken); yes posts the move, no puts the event back. A refused move (a leader's overlap
 * or hours, a stale version) is put back too, its catalogue message shown by the client's default handling.
 */
export function useEventMove() {
  const { t } = useAppTranslation();
  const notify = useNotify();
  const reschedule = useRescheduleEvent();
  const [pending, setPending] = useState<PendingMove | null>(null);

  function request(info: DropInfo) {
    const move = pendingMoveOf(info);
    if (move === null) info.revert();
    setPending(move);
  }

  function cancel() {
    // The answer is on its way: it decides whether the event stays where it was dropped.
    if (reschedule.isPending) return;
    pending?.revert();
    setPending(null);
  }

  function confirm() {
    if (pending === null) return;
    const move = pending;
    reschedule.mutate(
      { id: move.row.id, starts_at: move.startsAt, version: move.row.version },
      {
        onSuccess: () => {
          notify({
            type: 'success',
            title: t('tours:calendar.moved', { tour: move.row.name, when: formatDateTime(move.startsAt) }),
          });
          setPending(null);
        },
        onError: () => {
          move.revert();
          setPending(null);
        },
      },
    );
  }

  const dialog = (
    <ConfirmDialog
      open={pending !== null}
      title={t('tours:calendar.move_title')}
      message={
        pending === null
          ? ''
          : t('tours:calendar.move_message', {
              tour: pending.row.name,
              when: formatDateTime(pending.startsAt),
              count: pending.row.seats_taken,
            })
      }
      confirmLabel={t('tours:calendar.move_confirm')}
      pending={reschedule.isPending}
      onConfirm={confirm}
      onClose={cancel}
    />
  );

  return { request, pending, dialog };
}

import type { EventInput } from '@fullcalendar/core';
import type { TourEventCalendarRow } from '../../api/events/get-events-calendar.ts';
import { calendarWallTime } from './calendar-time.ts';

// The palettes a tour group may take (the CHECK of tour_groups.color); anything else is drawn gray.
const PALETTES = new Set([
  'gray',
  'red',
  'orange',
  'yellow',
  'green',
  'teal',
  'blue',
  'cyan',
  'purple',
  'pink',
]);

/** The Chakra palette an event is drawn in: its group's, gray without one. */
export function paletteOf(row: Pick<TourEventCalendarRow, 'group_color'>): string {
  return row.group_color !== null && PALETTES.has(row.group_color) ? row.group_color : 'gray';
}

/** Seats still free, never below 0. */
export const seatsLeft = (row: Pick<TourEventCalendarRow, 'capacity' | 'seats_taken'>) =>
  Math.max(0, row.capacity - row.seats_taken);

/** Whether a departure may still be moved: not cancelled or done, and not started. */
export function isMovable(row: Pick<TourEventCalendarRow, 'status' | 'starts_at'>, now: Date): boolean {
  return (
    (row.status === 'scheduled' || row.status === 'confirmed') && Date.parse(row.starts_at) > now.getTime()
  );
}

/**
 * A row as FullCalendar's event: the location's wall clock (the calendar runs in 'UTC'), the group's palette
 * through Chakra's CSS variables (so dark mode follows), cancelled ones muted and struck through.
 */
export function toCalendarEvent(row: TourEventCalendarRow, canMove: boolean, now: Date): EventInput {
  const palette = paletteOf(row);
  const cancelled = row.status === 'cancelled';
  return {
    id: String(row.id),
    title: row.name,
    start: calendarWallTime(row.starts_at),
    end: calendarWallTime(row.ends_at),
    backgroundColor: cancelled ? 'var(--chakra-colors-bg-muted)' : `var(--chakra-colors-${palette}-subtle)`,
    borderColor: `var(--chakra-colors-${palette}-solid)`,
    textColor: cancelled ? 'var(--chakra-colors-fg-muted)' : `var(--chakra-colors-${palette}-fg)`,
    classNames: cancelled ? ['nine-event', 'nine-event-cancelled'] : ['nine-event'],
    startEditable: canMove && isMovable(row, now),
    durationEditable: false,
    extendedProps: { row },
  };
}

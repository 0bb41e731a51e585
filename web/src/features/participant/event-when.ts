import { formatDate, formatDateTime, formatTime } from '../../lib/format.ts';

/**
 * A departure's start and end in the tour's own zone (whatever zone the phone is in, without changing the
 * zone the rest of the app shows): the end as a time the same day, with its date too when a tour runs over
 * several days.
 */
export function eventWhen(
  startsAt: string,
  endsAt: string,
  timeZone: string,
): { start: string; end: string } {
  const sameDay = formatDate(startsAt, undefined, timeZone) === formatDate(endsAt, undefined, timeZone);
  return {
    start: formatDateTime(startsAt, undefined, timeZone),
    end: sameDay
      ? formatTime(endsAt, undefined, 'minute', timeZone)
      : formatDateTime(endsAt, undefined, timeZone),
  };
}

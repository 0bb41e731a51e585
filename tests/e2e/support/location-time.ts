/** The demo locations' time zone (server/src/seed/seed-demo.ts): the app shows and reads times in it. */
export const DEMO_TIME_ZONE = 'America/Los_Angeles';

/** An instant as datetime-local's "YYYY-MM-DDTHH:mm" on a location's clock, whatever this process's zone. */
export function localInput(date: Date, timeZone = DEMO_TIME_ZONE): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(date)
      .map((p) => [p.type, p.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}`;
}

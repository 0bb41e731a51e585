const pad = (n: number) => String(n).padStart(2, '0');

/** The spec's short date format, MM/DD/YYYY, in the browser's time zone; empty for none. */
export function formatDate(iso: string | null): string {
  if (iso === null) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return `${pad(date.getMonth() + 1)}/${pad(date.getDate())}/${date.getFullYear()}`;
}

/** A calendar day (YYYY-MM-DD) as MM/DD/YYYY, without passing through a time zone. */
export function formatDay(day: string): string {
  const [year, month, date] = day.split('-');
  return year && month && date ? `${month}/${date}/${year}` : day;
}

/** Today as YYYY-MM-DD in the browser's time zone. */
export function todayIso(now = new Date()): string {
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The spec's short date format, MM/DD/YYYY, in the browser's time zone. */
export function formatDate(iso: string | null): string {
  if (iso === null) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return `${pad(date.getMonth() + 1)}/${pad(date.getDate())}/${date.getFullYear()}`;
}

/** MM/DD/YYYY HH:mm. */
export function formatDateTime(iso: string | null): string {
  const day = formatDate(iso);
  if (day === '') return '';
  const date = new Date(iso!);
  return `${day} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** A calendar day (YYYY-MM-DD) shown as MM/DD/YYYY, without time-zone shifts. */
export function formatDay(day: string | null): string {
  if (day === null) return '';
  const [year, month, date] = day.split('-');
  return year && month && date ? `${month}/${date}/${year}` : day;
}

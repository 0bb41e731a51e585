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
  if (iso === null) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return `${formatDate(iso)} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** YYYY-MM-DD (a calendar day) shown as MM/DD/YYYY. */
export function formatIsoDay(day: string): string {
  const [year, month, date] = day.split('-');
  return year && month && date ? `${month}/${date}/${year}` : day;
}

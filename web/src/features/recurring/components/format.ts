const pad = (n: number) => String(n).padStart(2, '0');

/** Today as YYYY-MM-DD in the browser's time zone (a value for date inputs, not shown as such). */
export function todayIso(now = new Date()): string {
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

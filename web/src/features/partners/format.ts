/** A calendar day (YYYY-MM-DD) shown as MM/DD/YYYY (spec section 9), without time-zone shifts. */
export function formatDay(day: string): string {
  const [year, month, date] = day.split('-');
  return year && month && date ? `${month}/${date}/${year}` : day;
}

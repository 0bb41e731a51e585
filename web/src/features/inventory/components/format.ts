import { formatMoney } from '../../../lib/format.ts';
import { currentLanguage } from '../../../lib/i18n.ts';

export const money = (minor: number, symbol: string) => formatMoney(minor, symbol);

/** Rent minutes as hours with one decimal, in the reader's language. */
export const hours = (minutes: number) =>
  new Intl.NumberFormat(currentLanguage(), { maximumFractionDigits: 1 }).format(minutes / 60);

/** "12", "12.5", "12,50" → minor units; null when it is not an amount. */
export function parseAmount(text: string): number | null {
  const m = /^\s*(\d{1,10})(?:[.,](\d{1,2}))?\s*$/.exec(text);
  if (!m) return null;
  return Number(m[1]) * 100 + Number((m[2] ?? '0').padEnd(2, '0'));
}

export const amountText = (minor: number | null | undefined) =>
  minor === null || minor === undefined ? '' : (minor / 100).toFixed(2);

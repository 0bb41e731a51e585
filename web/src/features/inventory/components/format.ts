import { formatMoney } from '../../../lib/format.ts';
import { currentLanguage } from '../../../lib/i18n.ts';

export const money = (minor: number, symbol: string) => formatMoney(minor, symbol);

/** Rent minutes as hours with one decimal, in the reader's language. */
export const hours = (minutes: number) =>
  new Intl.NumberFormat(currentLanguage(), { maximumFractionDigits: 1 }).format(minutes / 60);

export const amountText = (minor: number | null | undefined) =>
  minor === null || minor === undefined ? '' : (minor / 100).toFixed(2);

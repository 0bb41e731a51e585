import { z } from 'zod';

/** Money is integer minor units (cents) everywhere; these helpers only format and parse. */
export type Minor = number;

/** The most one amount may be: 1,000,000,000.00 in a currency with cents. */
export const MAX_AMOUNT_MINOR = 100_000_000_000;
/**
 * The most a running total (an order, the deposit held, a drawer) may reach: far below 2^53, so sums of
 * many amounts stay exact as numbers and in bigint SQL.
 */
export const MAX_TOTAL_MINOR = 1_000_000_000_000_000;

/** An amount a person may enter: a whole number of minor units from 0 to MAX_AMOUNT_MINOR. */
export const amountMinor = z.number().int().min(0).max(MAX_AMOUNT_MINOR);
/** As amountMinor, more than zero. */
export const positiveAmountMinor = z.number().int().positive().max(MAX_AMOUNT_MINOR);

export function assertMinor(value: number): Minor {
  if (!Number.isSafeInteger(value)) throw new RangeError(`not an integer amount of minor units: ${value}`);
  return value;
}

/** Formats minor units for display with the business's currency symbol (default $). */
export function formatMoney(minor: Minor, symbol = '$', locale = 'en-US'): string {
  const sign = minor < 0 ? '-' : '';
  const major = Math.abs(minor) / 100;
  return `${sign}${symbol}${major.toLocaleString(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

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

// "1234", "1,234" (comma groups of three) and an optional ".5"/".50"/"." part; or a decimal comma "12,5".
const POINT_DECIMAL = /^(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{0,2}))?$/;
const COMMA_DECIMAL = /^(\d+),(\d{0,2})$/;

/**
 * The one parser for an amount a person types in the major unit ("12", "12.5", "1,234.50", "12,50") to
 * integer minor units. Null when the text is empty, is not an amount, has more than two decimals, is
 * negative or exceeds MAX_AMOUNT_MINOR; callers decide what an empty field means.
 */
export function parseMoneyInput(text: string): Minor | null {
  const clean = text.trim();
  const match = POINT_DECIMAL.exec(clean) ?? COMMA_DECIMAL.exec(clean);
  if (!match) return null;
  const whole = (match[1] ?? '').replaceAll(',', '').replace(/^0+(?=\d)/, '');
  // Longer than MAX_AMOUNT_MINOR's major part: refuse before Number() loses precision.
  if (whole.length > 12) return null;
  const minor = Number(whole) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  if (minor > MAX_AMOUNT_MINOR) return null;
  return minor;
}

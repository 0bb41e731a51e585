/** Money is integer minor units (cents) everywhere; these helpers only format and parse. */
export type Minor = number;

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

/** Amount fields: what a person types (12, 12.5, 12,50) to integer minor units, and back. */
export function parseMinor(text: string): number | null {
  const clean = text.trim().replace(',', '.');
  if (!/^\d{1,9}(\.\d{0,2})?$/.test(clean)) return null;
  const [whole, fraction = ''] = clean.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

export const minorToText = (minor: number): string => (Math.max(minor, 0) / 100).toFixed(2);

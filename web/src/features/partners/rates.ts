/** Basis points shown and typed as a percentage: 1250 ⇄ "12.5". */
export function bpToPercent(bp: number): string {
  return String(bp / 100);
}

/** "12.5" → 1250; null when it is not a number with at most two decimals. */
export function percentToBp(text: string): number | null {
  const trimmed = text.trim().replace(',', '.');
  if (!/^\d{1,5}(\.\d{1,2})?$/.test(trimmed)) return null;
  return Math.round(Number(trimmed) * 100);
}

export function minorToAmount(minor: number): string {
  return (minor / 100).toFixed(2);
}

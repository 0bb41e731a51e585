import type { TourCancellationTier } from '@nine/shared/schemas/tours/definitions';

/** One line of the plain-language preview: the time window before the start and its fee. */
export type PreviewLine =
  | { kind: 'from'; hours: number; fee_bp: number }
  | { kind: 'between'; from: number; to: number; fee_bp: number }
  | { kind: 'under'; hours: number; fee_bp: number }
  | { kind: 'any'; fee_bp: number };

/**
 * The tiers as a person reads them, earliest first: "48 h or more before", "24–48 h", "less than 24 h". A
 * tier of h hours applies from h hours before the start up to the next larger tier. Rows not filled in yet
 * (NaN, null) and repeated hours are left out; null when nothing is left.
 */
export function cancellationPreview(
  tiers: readonly { hours_before: number | null; fee_bp: number | null }[],
): PreviewLine[] | null {
  const valid = new Map<number, number>();
  for (const tier of tiers) {
    const { hours_before: hours, fee_bp: fee } = tier;
    if (typeof hours !== 'number' || typeof fee !== 'number' || Number.isNaN(hours) || Number.isNaN(fee))
      continue;
    if (!valid.has(hours)) valid.set(hours, fee);
  }
  const sorted: TourCancellationTier[] = [...valid]
    .map(([hours_before, fee_bp]) => ({ hours_before, fee_bp }))
    .sort((a, b) => b.hours_before - a.hours_before);
  if (sorted.length === 0) return null;
  return sorted.map((tier, index): PreviewLine => {
    const above = index === 0 ? null : sorted[index - 1]!.hours_before;
    if (above === null) {
      return tier.hours_before === 0
        ? { kind: 'any', fee_bp: tier.fee_bp }
        : { kind: 'from', hours: tier.hours_before, fee_bp: tier.fee_bp };
    }
    return tier.hours_before === 0
      ? { kind: 'under', hours: above, fee_bp: tier.fee_bp }
      : { kind: 'between', from: tier.hours_before, to: above, fee_bp: tier.fee_bp };
  });
}

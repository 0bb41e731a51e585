import type { DatePreset } from './date-presets.ts';

/** Helpers the list URL codecs share to read their query strings safely. */

/** `value` when it is one of `allowed`, else undefined. */
export const oneOf = <T extends string>(allowed: readonly T[], value: string | null): T | undefined =>
  value !== null && (allowed as readonly string[]).includes(value) ? (value as T) : undefined;

/** A whole number from 1 to `max` written in plain digits, else undefined. */
export function positiveInt(value: string | null, max = Number.MAX_SAFE_INTEGER): number | undefined {
  if (value === null || !/^\d{1,15}$/.test(value)) return undefined;
  const n = Number(value);
  return n >= 1 && n <= max ? n : undefined;
}

/** Whether a preset reads the given from/to date (custom both; the anchored presets only their start). */
export function usesGivenDates(preset: DatePreset, key: 'from' | 'to'): boolean {
  if (preset === 'custom') return true;
  return key === 'from' && (preset === 'weekly' || preset === 'biweekly' || preset === 'monthly');
}

import type { CatalogueMatch } from '../api/lookup-catalogue.ts';

/*
 * What the create wizard and the quick sale share when a scanned code comes back, or a create is refused:
 * one match goes on the draft, none or several are told; a refused create names its records.
 */

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

export const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

export const respCodeOf = (error: unknown): number | null =>
  isRecord(error) && typeof error.respCode === 'number' ? error.respCode : null;

export type MissedLookup =
  { status: 'not_found'; code: string } | { status: 'several'; code: string; matches: CatalogueMatch[] };

/** A lookup that did not answer exactly one match: nothing, or several for the clerk to choose from. */
export const missedLookup = (code: string, matches: CatalogueMatch[]): MissedLookup =>
  matches.length === 0 ? { status: 'not_found', code } : { status: 'several', code, matches };

export const failedLookup = (code: string, error: unknown) =>
  ({ status: 'failed', code, message: messageOf(error) }) as const;

/** Guard of the transition that adds the single match of a lookup. */
export const oneMatch = ({ event }: { event: { output: { matches: CatalogueMatch[] } } }) =>
  event.output.matches.length === 1;

/** The records of a refused create (1207/1208): keyed by code ({ "1207": [...] }); a bare list is read too. */
export function refusedRecords(error: unknown): Record<string, unknown>[] {
  const data = isRecord(error) ? error.data : undefined;
  const list: unknown[] = Array.isArray(data)
    ? data
    : isRecord(data)
      ? Object.values(data).flatMap((value) => (Array.isArray(value) ? (value as unknown[]) : []))
      : [];
  return list.filter(isRecord);
}

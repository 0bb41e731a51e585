import { z } from 'zod';

// The small schemas every contract file builds on. A file of their own: contracts.ts spreads in the
// tour contract files, so those could not import them from contracts.ts without a cycle.

/** Numeric ids in the path, as the routes accept them: digits only. */
export function idPath<const K extends string>(...names: K[]) {
  return z.object(
    Object.fromEntries(names.map((n) => [n, z.string().regex(/^\d{1,15}$/)])) as Record<K, z.ZodString>,
  );
}
export const id = idPath('id');

/** A paged list's answer (`Page<T>`): `total_capped` when the count stopped at 10,000 ("10,000+"). */
export function pageOf<T extends z.ZodType>(row: T) {
  return z.object({
    rows: z.array(row),
    total: z.number().int(),
    total_capped: z.boolean(),
    page: z.number().int(),
    page_size: z.number().int(),
  });
}
/** The answer of a delete (and of a create that answers only the new id). */
export const deleted = z.object({ id: z.number() });
/** A multipart upload's one file field. */
export const fileUpload = z.object({ file: z.string().describe('multipart/form-data file field') });

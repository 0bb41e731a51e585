import type { Db } from '../../db/pool.ts';
import { one } from '../../db/sql.ts';

/**
 * A customer's name, e-mail or phone containing the text in SQL parameter `param`, whatever the case and
 * accents ("garcia" finds "García"): `search_text` is normalised by `search_normalize` (migration 0023) and
 * the pattern the same way, so the trigram index serves it. Every search over customers goes through here.
 */
export function customerMatches(param: string): string {
  return `search_text LIKE search_contains_pattern(${param})`;
}

/** The ids of the customers matching `param`, for `customer_id IN (…)`. */
export function matchingCustomerIds(param: string): string {
  return `SELECT id FROM customers WHERE ${customerMatches(param)}`;
}

/** Past this many matching customers a list filters by the subquery instead of an array of ids. */
const FEW_CUSTOMERS = 5_000;

/**
 * The ids of the customers matching `text` when they are few (trigram index, a few ms), else null. A list
 * passes them as an array parameter: the planner then sees how many they are and picks its plan by it.
 */
export async function fewMatchingCustomers(db: Db, text: string): Promise<number[] | null> {
  const found = await one<{ ids: number[] | null; n: number }>(
    db.pool,
    `SELECT array_agg(id) AS ids, count(*)::int AS n
     FROM (SELECT id FROM customers WHERE ${customerMatches('$1')} LIMIT ${FEW_CUSTOMERS + 1}) m`,
    [text],
  );
  return found.n > FEW_CUSTOMERS ? null : (found.ids ?? []);
}

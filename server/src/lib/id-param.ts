import { z } from 'zod';

const DIGITS = { integer: 10, bigint: 15 } as const;
const MAX = { integer: 2_147_483_647, bigint: Number.MAX_SAFE_INTEGER } as const;

/**
 * A numeric id in a route path: digits only ('12abc', '1e3', '-1' are a 400, not a query), positive and
 * within its column's type (`integer` ids, or `bigint` ones: orders, invoices, payments, exports…).
 */
export function idParam(column: keyof typeof DIGITS = 'integer') {
  return z
    .string()
    .regex(new RegExp(`^\\d{1,${DIGITS[column]}}$`))
    .transform(Number)
    .pipe(z.number().int().positive().max(MAX[column]));
}

/** `/:id` of an `integer` id. */
export const idParams = z.object({ id: idParam() });
/** `/:id` of a `bigint` id. */
export const bigIdParams = z.object({ id: idParam('bigint') });

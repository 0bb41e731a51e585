import { ApiError } from '../../../lib/api-client.ts';

/**
 * True when the server refused a keyed write for good (a 4xx other than 409), so the corrected retry is
 * another request with its own Idempotency-Key. A network failure, a 409 (the first try still in flight,
 * 1022) or a 5xx may have written or may yet: the retry keeps the key and the server answers it once.
 */
export function refusedForGood(error: unknown): boolean {
  return error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 409;
}

/**
 * A fresh Idempotency-Key. getRandomValues, unlike crypto.randomUUID, also works on pages served over
 * plain http from another machine of the shop's network.
 */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

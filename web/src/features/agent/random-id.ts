/**
 * Random hex from WebCrypto's getRandomValues, which (unlike crypto.randomUUID) also works on pages served
 * over plain http from another machine of the shop's network.
 */
export function randomHex(bytes: number): string {
  const values = crypto.getRandomValues(new Uint8Array(bytes));
  return Array.from(values, (value) => value.toString(16).padStart(2, '0')).join('');
}

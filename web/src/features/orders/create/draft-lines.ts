import type { CatalogueMatch } from '../api/lookup-catalogue.ts';

/** A line of a draft order: what was scanned or picked, how many, and what the server said about it. */
export interface DraftLine {
  /** Stable key for the list: the item id for serialized items, the product id otherwise. */
  key: string;
  match: CatalogueMatch;
  quantity: number;
  /** Sale lines: a discount on the whole line, in minor units. */
  discountMinor: number;
  /** Rent lines: free over the period, as the last quote said; null before any quote. */
  available: boolean | null;
}

export const lineKey = (match: CatalogueMatch): string =>
  match.kind === 'item' && match.item_id !== null ? `item:${match.item_id}` : `product:${match.product_id}`;

export const lineLabel = (line: Pick<DraftLine, 'match'>): string =>
  line.match.item_sku !== null
    ? `${line.match.product_name} (${line.match.item_sku})`
    : line.match.product_name;

export type AddResult = { lines: DraftLine[]; added: boolean };

/**
 * Adds a match: a serialized item once only; a product again raises its quantity (a second scan of the
 * same goods at the counter means one more).
 */
export function addMatch(lines: readonly DraftLine[], match: CatalogueMatch): AddResult {
  const key = lineKey(match);
  const existing = lines.find((line) => line.key === key);
  if (existing === undefined) {
    return { lines: [...lines, { key, match, quantity: 1, discountMinor: 0, available: null }], added: true };
  }
  if (match.kind === 'item') return { lines: [...lines], added: false };
  return {
    lines: lines.map((line) =>
      line.key === key ? { ...line, quantity: Math.min(999, line.quantity + 1) } : line,
    ),
    added: true,
  };
}

export function setQuantity(lines: readonly DraftLine[], key: string, quantity: number): DraftLine[] {
  if (!Number.isInteger(quantity)) return [...lines];
  if (quantity <= 0) return lines.filter((line) => line.key !== key);
  return lines.map((line) =>
    line.key === key && line.match.kind === 'product' ? { ...line, quantity: Math.min(999, quantity) } : line,
  );
}

export function lineGrossMinor(line: DraftLine): number {
  return line.match.price_minor * line.quantity;
}

/** A discount may not exceed the line's price (the server refuses it too). */
export function discountValid(line: DraftLine): boolean {
  return (
    Number.isInteger(line.discountMinor) &&
    line.discountMinor >= 0 &&
    line.discountMinor <= lineGrossMinor(line)
  );
}

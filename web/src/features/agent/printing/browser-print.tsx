import { lazy, Suspense, useSyncExternalStore } from 'react';
import type { ReceiptDocument } from '@nine/shared/receipt';
import type { PaperWidth } from '../agent-settings.ts';

/**
 * Printing a receipt through the browser when no agent is paired: the receipt is rendered into the page
 * (hidden on screen), a print stylesheet hides everything else, and the browser's print dialog opens.
 * One receipt at a time; a newer request replaces one that has not printed yet.
 */

export const BROWSER_PRINT_ROOT_ID = 'nine-receipt-print';

export interface BrowserPrintRequest {
  receipt: ReceiptDocument;
  widthMm: PaperWidth;
  done: () => void;
}

let current: BrowserPrintRequest | null = null;

const listeners = new Set<() => void>();

function setCurrent(next: BrowserPrintRequest | null): void {
  current = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Resolves once the print dialog was closed (printed or not: browsers do not say). */
export function printReceiptInBrowser(receipt: ReceiptDocument, widthMm: PaperWidth): Promise<void> {
  return new Promise((resolve) => {
    current?.done();
    setCurrent({ receipt, widthMm, done: resolve });
  });
}

/** The request is over (printed or not): it leaves the page unless a newer one replaced it. */
function release(request: BrowserPrintRequest): void {
  if (current === request) setCurrent(null);
  request.done();
}

// The sheet (with its QR and barcode drawing) loads with the first receipt printed in the browser.
const BrowserPrintSheet = lazy(() =>
  import('./browser-print-sheet.tsx').then((m) => ({ default: m.BrowserPrintSheet })),
);

/** Mounted once (by the AgentProvider): renders the receipt being printed, which opens the dialog. */
export function BrowserReceiptPrintHost() {
  const request = useSyncExternalStore(subscribe, () => current);
  if (request === null) return null;
  return (
    <Suspense fallback={null}>
      <BrowserPrintSheet request={request} rootId={BROWSER_PRINT_ROOT_ID} release={release} />
    </Suspense>
  );
}

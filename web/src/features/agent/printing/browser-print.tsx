import { useEffect, useSyncExternalStore } from 'react';
import { createPortal } from 'react-dom';
import type { ReceiptDocument } from '@nine/shared/receipt';
import type { PaperWidth } from '../agent-settings.ts';
import { ReceiptSheet, receiptStylesheet } from './receipt-sheet.tsx';

/**
 * Printing a receipt through the browser when no agent is paired: the receipt is rendered into the page
 * (hidden on screen), a print stylesheet hides everything else, and the browser's print dialog opens.
 * One receipt at a time; a newer request replaces one that has not printed yet.
 */

export const BROWSER_PRINT_ROOT_ID = 'nine-receipt-print';

interface BrowserPrintRequest {
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

/** Screen: nothing. Paper: the receipt alone, at the receipt's width, no page margins. */
export function browserPrintStylesheet(widthMm: PaperWidth): string {
  // No @page size: roll printers take their paper size from the driver, and CSS cannot say "as long as
  // the content" (`size` takes no auto height).
  return `${receiptStylesheet(widthMm)}
@media screen { #${BROWSER_PRINT_ROOT_ID} { display: none !important; } }
@media print {
  @page { margin: 0; }
  html, body { background: #fff !important; margin: 0 !important; padding: 0 !important; min-height: 0 !important; }
  body > :not(#${BROWSER_PRINT_ROOT_ID}) { display: none !important; }
  #${BROWSER_PRINT_ROOT_ID} { display: block !important; }
  #${BROWSER_PRINT_ROOT_ID} .nine-receipt { margin: 0; }
}`;
}

/** How long after print() returns the receipt stays in the page, for browsers whose print() does not block. */
const LINGER_MS = 1000;

/** Mounted once (by the AgentProvider): renders the receipt being printed and opens the dialog. */
export function BrowserReceiptPrintHost() {
  const request = useSyncExternalStore(subscribe, () => current);

  useEffect(() => {
    if (request === null) return;
    let finished = false;
    let linger: ReturnType<typeof setTimeout> | undefined;
    const finish = () => {
      if (finished) return;
      finished = true;
      window.removeEventListener('afterprint', finish);
      clearTimeout(linger);
      if (current === request) setCurrent(null);
      request.done();
    };
    window.addEventListener('afterprint', finish);
    // Give the browser a frame to lay the sheet out before it snapshots the page for printing.
    const frame = requestAnimationFrame(() => {
      try {
        window.print();
      } finally {
        linger = setTimeout(finish, LINGER_MS);
      }
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(linger);
      window.removeEventListener('afterprint', finish);
    };
  }, [request]);

  if (request === null) return null;
  return createPortal(
    <div id={BROWSER_PRINT_ROOT_ID}>
      <style>{browserPrintStylesheet(request.widthMm)}</style>
      <ReceiptSheet receipt={request.receipt} widthMm={request.widthMm} />
    </div>,
    document.body,
  );
}

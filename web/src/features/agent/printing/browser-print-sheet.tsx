import { useEffect } from 'react';
import { createPortal } from 'react-dom';
import type { PaperWidth } from '../agent-settings.ts';
import type { BrowserPrintRequest } from './browser-print.tsx';
import { ReceiptSheet, receiptStylesheet } from './receipt-sheet.tsx';

/** Screen: nothing. Paper: the receipt alone, at the receipt's width, no page margins. */
function browserPrintStylesheet(widthMm: PaperWidth, rootId: string): string {
  // No @page size: roll printers take their paper size from the driver, and CSS cannot say "as long as
  // the content" (`size` takes no auto height).
  return `${receiptStylesheet(widthMm)}
@media screen { #${rootId} { display: none !important; } }
@media print {
  @page { margin: 0; }
  html, body { background: #fff !important; margin: 0 !important; padding: 0 !important; min-height: 0 !important; }
  body > :not(#${rootId}) { display: none !important; }
  #${rootId} { display: block !important; }
  #${rootId} .nine-receipt { margin: 0; }
}`;
}

/** How long after print() returns the receipt stays in the page, for browsers whose print() does not block. */
const LINGER_MS = 1000;

/** The receipt being printed, in the page for the print dialog it opens; done once the dialog closes. */
export function BrowserPrintSheet({
  request,
  rootId,
  release,
}: {
  request: BrowserPrintRequest;
  rootId: string;
  release: (request: BrowserPrintRequest) => void;
}) {
  useEffect(() => {
    let finished = false;
    let linger: ReturnType<typeof setTimeout> | undefined;
    const finish = () => {
      if (finished) return;
      finished = true;
      window.removeEventListener('afterprint', finish);
      clearTimeout(linger);
      release(request);
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
  }, [request, release]);

  return createPortal(
    <div id={rootId}>
      <style>{browserPrintStylesheet(request.widthMm, rootId)}</style>
      <ReceiptSheet receipt={request.receipt} widthMm={request.widthMm} />
    </div>,
    document.body,
  );
}

import type { PrintJob } from '@nine/shared/agent-protocol';
import { formatReceiptMoney, formatReceiptNumber, type ReceiptDocument } from '@nine/shared/receipt';
import { createEscPosWriter, type EscPosWriter } from '../escpos/escpos-writer.ts';
import type { PrinterProfile } from '../devices/printer.ts';
import { renderReceiptLogo } from './receipt-logo.ts';
import { createPaperLayout, type PaperLayout } from './receipt-layout.ts';

/** Lines fed before cutting so the last printed line clears the cutter blade. */
const CUT_FEED_LINES = 4;

function writeLines(writer: EscPosWriter, lines: string[]): void {
  for (const line of lines) writer.line(line);
}

function renderReceipt(writer: EscPosWriter, receipt: ReceiptDocument, layout: PaperLayout): void {
  const money = (amount: number) => formatReceiptMoney(amount, receipt.currency, receipt.locale);
  const rule = '-'.repeat(layout.columns());

  if (receipt.logo !== undefined) writer.raw(renderReceiptLogo(receipt.logo, layout.headDots));

  writer.align('center').bold(true).size(2, 2);
  writeLines(writer, layout.wrap(receipt.header.title, 2));
  writer.size(1, 1).bold(false);
  for (const line of receipt.header.lines) writeLines(writer, layout.wrap(line));
  writer.align('left').line();

  for (const entry of receipt.meta) writeLines(writer, layout.labelValue(`${entry.label}:`, entry.value));
  if (receipt.meta.length > 0) writer.line(rule);

  for (const item of receipt.lines) {
    writeLines(writer, layout.wrap(item.description));
    const quantity = `  ${formatReceiptNumber(item.quantity, receipt.locale)} x ${money(item.unitPrice)}`;
    writeLines(writer, layout.labelAmount(quantity, money(item.amount)));
    if (item.detail !== undefined && item.detail.length > 0) writeLines(writer, layout.indented(item.detail));
  }
  writer.line(rule);

  for (const total of receipt.totals) {
    if (total.emphasis) writer.bold(true);
    writeLines(writer, layout.labelAmount(total.label, money(total.amount)));
    if (total.emphasis) writer.bold(false);
  }
  for (const tax of receipt.taxes) {
    const rate = formatReceiptNumber(tax.rate, receipt.locale);
    writeLines(writer, layout.labelAmount(`${tax.label} ${rate}% / ${money(tax.base)}`, money(tax.amount)));
  }
  if (receipt.payments.length > 0) {
    writer.line(rule);
    for (const payment of receipt.payments) {
      writeLines(writer, layout.labelAmount(payment.method, money(payment.amount)));
      if (payment.detail !== undefined && payment.detail.length > 0)
        writeLines(writer, layout.indented(payment.detail));
    }
  }

  if (receipt.codes.length > 0) writer.line().align('center');
  for (const code of receipt.codes) {
    if (code.kind === 'qr') writer.qr(code.data, layout.qr(code.data)).line();
    else {
      const fit = layout.code128(code.data);
      writer.code128(code.data, fit).line();
      if (fit.hri === 'none') writeLines(writer, layout.wrap(code.data));
    }
    if (code.caption !== undefined && code.caption.length > 0) writeLines(writer, layout.wrap(code.caption));
  }
  if (receipt.footer.length > 0) {
    writer.align('center').line();
    for (const line of receipt.footer) writeLines(writer, layout.wrap(line));
  }
  writer.align('left');
}

/**
 * Renders a print job to the bytes for one printer. Throws RangeError when the job cannot be printed as
 * given (CODE128 data outside ASCII, a broken logo): a caller error, reported before the job is queued;
 * `LayoutDoesNotFitError` (a RangeError too) when an element is wider than this printer's head.
 */
export function renderPrintJob(job: PrintJob, profile: PrinterProfile): Uint8Array {
  const writer = createEscPosWriter(profile.codePage).init({ leaveKanjiMode: profile.leaveKanjiMode });
  if (profile.font === 'b') writer.font('b');
  const layout = createPaperLayout(profile);
  if (job.kind === 'receipt') renderReceipt(writer, job.receipt, layout);
  else writeLines(writer, layout.cut(job.text));
  // Kick the drawer before the cut so it opens while the paper feeds.
  if (job.openDrawer) writer.drawerKick();
  if (job.cut) writer.cut({ partial: true, feed: CUT_FEED_LINES });
  else writer.feed(CUT_FEED_LINES);
  return writer.toBytes();
}

import type { PrintJob } from '@nine/shared/agent-protocol';
import { formatReceiptMoney, formatReceiptNumber, type ReceiptDocument } from '@nine/shared/receipt';
import { createEscPosWriter, type EscPosWriter } from '../escpos/escpos-writer.ts';
import { columnsOf, type PrinterProfile } from '../devices/printer.ts';
import { renderReceiptLogo } from './receipt-logo.ts';

/** Lines fed before cutting so the last printed line clears the cutter blade. */
const CUT_FEED_LINES = 4;

/** Splits text into lines of at most `width` characters, on spaces where possible; keeps a leading indent. */
export function wrapText(text: string, width: number): string[] {
  const lines: string[] = [];
  for (const paragraph of text.normalize('NFC').split('\n')) {
    let line = (/^ */.exec(paragraph)?.[0] ?? '').slice(0, Math.max(0, width - 1));
    let hasWord = false;
    for (const word of paragraph.split(/\s+/).filter((w) => w.length > 0)) {
      const separator = hasWord ? ' ' : '';
      if (line.length + separator.length + word.length <= width) {
        line += separator + word;
        hasWord = true;
        continue;
      }
      if (hasWord) lines.push(line);
      let rest = word;
      while (rest.length > width) {
        lines.push(rest.slice(0, width));
        rest = rest.slice(width);
      }
      line = rest;
      hasWord = rest.length > 0;
    }
    lines.push(line);
  }
  return lines;
}

/** Cuts lines longer than `width` without touching spacing (text jobs are often laid out by hand). */
function hardWrap(text: string, width: number): string[] {
  const lines: string[] = [];
  for (const line of text.normalize('NFC').replace(/\r\n?/g, '\n').split('\n')) {
    if (line.length === 0) lines.push('');
    for (let start = 0; start < line.length; start += width) lines.push(line.slice(start, start + width));
  }
  return lines;
}

/** `left` and `right` on one line of `width` columns; a long left side wraps and the right ends its last line. */
export function twoColumns(left: string, right: string, width: number): string[] {
  const rightText = right.normalize('NFC');
  const leftLines = wrapText(left, width);
  const last = leftLines.pop() ?? '';
  if (last.length + 1 + rightText.length <= width) {
    return [...leftLines, last + ' '.repeat(width - last.length - rightText.length) + rightText];
  }
  return [...leftLines, last, rightText.padStart(width)];
}

function writeLines(writer: EscPosWriter, lines: string[]): void {
  for (const line of lines) writer.line(line);
}

function renderReceipt(writer: EscPosWriter, receipt: ReceiptDocument, profile: PrinterProfile): void {
  const columns = columnsOf(profile);
  const money = (amount: number) => formatReceiptMoney(amount, receipt.currency, receipt.locale);
  const rule = '-'.repeat(columns);

  if (receipt.logo !== undefined) writer.raw(renderReceiptLogo(receipt.logo, profile.dotsPerLine));

  writer.align('center').bold(true).size(2, 2);
  // Double width halves the columns.
  writeLines(writer, wrapText(receipt.header.title, Math.floor(columns / 2)));
  writer.size(1, 1).bold(false);
  for (const line of receipt.header.lines) writeLines(writer, wrapText(line, columns));
  writer.align('left').line();

  for (const entry of receipt.meta) writeLines(writer, twoColumns(`${entry.label}:`, entry.value, columns));
  if (receipt.meta.length > 0) writer.line(rule);

  for (const item of receipt.lines) {
    writeLines(writer, wrapText(item.description, columns));
    const quantity = `  ${formatReceiptNumber(item.quantity, receipt.locale)} x ${money(item.unitPrice)}`;
    writeLines(writer, twoColumns(quantity, money(item.amount), columns));
    if (item.detail !== undefined && item.detail.length > 0)
      writeLines(writer, wrapText(`  ${item.detail}`, columns));
  }
  writer.line(rule);

  for (const total of receipt.totals) {
    if (total.emphasis) writer.bold(true);
    writeLines(writer, twoColumns(total.label, money(total.amount), columns));
    if (total.emphasis) writer.bold(false);
  }
  for (const tax of receipt.taxes) {
    const rate = formatReceiptNumber(tax.rate, receipt.locale);
    writeLines(writer, twoColumns(`${tax.label} ${rate}% / ${money(tax.base)}`, money(tax.amount), columns));
  }
  if (receipt.payments.length > 0) {
    writer.line(rule);
    for (const payment of receipt.payments) {
      writeLines(writer, twoColumns(payment.method, money(payment.amount), columns));
      if (payment.detail !== undefined && payment.detail.length > 0)
        writeLines(writer, wrapText(`  ${payment.detail}`, columns));
    }
  }

  if (receipt.codes.length > 0) writer.line().align('center');
  for (const code of receipt.codes) {
    if (code.kind === 'qr') writer.qr(code.data);
    else writer.code128(code.data);
    writer.line();
    if (code.caption !== undefined && code.caption.length > 0)
      writeLines(writer, wrapText(code.caption, columns));
  }
  if (receipt.footer.length > 0) {
    writer.align('center').line();
    for (const line of receipt.footer) writeLines(writer, wrapText(line, columns));
  }
  writer.align('left');
}

/**
 * Renders a print job to the bytes for one printer. Throws RangeError when the job cannot be printed as
 * given (CODE128 data outside ASCII, an oversized QR, a broken logo): a caller error, reported before the
 * job is queued.
 */
export function renderPrintJob(job: PrintJob, profile: PrinterProfile): Uint8Array {
  const writer = createEscPosWriter(profile.codePage).init({ leaveKanjiMode: profile.leaveKanjiMode });
  if (profile.font === 'b') writer.font('b');
  if (job.kind === 'receipt') renderReceipt(writer, job.receipt, profile);
  else writeLines(writer, hardWrap(job.text, columnsOf(profile)));
  // Kick the drawer before the cut so it opens while the paper feeds.
  if (job.openDrawer) writer.drawerKick();
  if (job.cut) writer.cut({ partial: true, feed: CUT_FEED_LINES });
  else writer.feed(CUT_FEED_LINES);
  return writer.toBytes();
}

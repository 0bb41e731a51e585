import { printedText, type CodePage } from '../escpos/code-pages.ts';
import { code128Modules, qrModules, type QrErrorCorrection } from '../escpos/symbol-size.ts';
import { FONT_DOTS, type PrinterProfile } from '../devices/printer.ts';

/**
 * One layout model for every element of a job, in dots of the printer's head: text lines are character
 * cells of the font (font A 12 dots, font B 9, times the GS ! width multiplier), barcodes and QR codes are
 * modules times the module width. Nothing is sent wider than the head, because a printer wraps a long line
 * where it likes and clips a wide symbol.
 */

/** A job that cannot be laid out on this printer's paper; the agent answers `layout-does-not-fit`. */
export class LayoutDoesNotFitError extends RangeError {
  override readonly name = 'LayoutDoesNotFitError';
}

/** Module widths asked for before the head has its say: 2 dots scans well, 6 dots per QR module too. */
const CODE128_MODULE = 2;
const QR_MODULE = 6;
const QR_ERROR_CORRECTION: QrErrorCorrection = 'M';
const INDENT = '  ';

/**
 * Splits text into lines of at most `width` cells, on spaces where possible; keeps a leading indent. Measures
 * `length`, so pass printed text (see `printedText`): one unit per cell.
 */
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

/**
 * `left` and `right` on one line of `width` cells. The left side gives way: it wraps, and when its last line
 * leaves no room the right side goes flush right on a line of its own. The right side is never cut.
 */
export function twoColumns(left: string, right: string, width: number): string[] {
  const rightText = right.normalize('NFC');
  if (rightText.length > width) {
    throw new LayoutDoesNotFitError(`"${rightText}" is wider than a line of ${width} characters`);
  }
  const leftLines = wrapText(left, width);
  const last = leftLines.pop() ?? '';
  if (last.length + 1 + rightText.length <= width) {
    return [...leftLines, last + ' '.repeat(width - last.length - rightText.length) + rightText];
  }
  return [...leftLines, last, rightText.padStart(width)];
}

export interface PaperLayout {
  readonly headDots: number;
  /** Character cells per line in the profile's font at a GS ! width multiplier. */
  columns(widthMultiplier?: number): number;
  /** Word-wrapped printed lines. */
  wrap(text: string, widthMultiplier?: number): string[];
  /** Word-wrapped printed lines, each indented (details under an item, a long value under its label). */
  indented(text: string): string[];
  /** Printed lines cut at the head, spacing kept (text jobs are often laid out by hand). */
  cut(text: string): string[];
  /** A label and an amount: the amount is whole and flush right, the label wraps. */
  labelAmount(label: string, amount: string): string[];
  /** A label and a value (customer name): short values go flush right, long ones wrap below the label. */
  labelValue(label: string, value: string): string[];
  /** The widest module up to 2 dots that fits, and the HRI font that fits (none: print the data as text). */
  code128(data: string): { moduleWidth: number; hri: 'a' | 'b' | 'none' };
  /** The largest module up to 6 dots that fits. */
  qr(data: string): { moduleSize: number; errorCorrection: QrErrorCorrection };
}

function describeHead(profile: PrinterProfile): string {
  return `this printer's head is ${profile.dotsPerLine} dots wide (${profile.paperWidthMm} mm paper)`;
}

function shorten(text: string): string {
  return text.length > 24 ? `${text.slice(0, 21)}...` : text;
}

export function createPaperLayout(profile: PrinterProfile): PaperLayout {
  const headDots = profile.dotsPerLine;
  const page: CodePage = profile.codePage;
  const configured = profile.font === 'b' ? profile.columnsFontB : profile.columns;
  const cellDots = FONT_DOTS[profile.font];

  const columns = (widthMultiplier = 1): number => {
    const fit = Math.min(
      Math.floor(configured / widthMultiplier),
      Math.floor(headDots / (cellDots * widthMultiplier)),
    );
    if (fit < 1) {
      throw new LayoutDoesNotFitError(`not one character fits a line: ${describeHead(profile)}`);
    }
    return fit;
  };
  const printed = (text: string) => printedText(text, page);

  const layout: PaperLayout = {
    headDots,
    columns,
    wrap: (text, widthMultiplier = 1) => wrapText(printed(text), columns(widthMultiplier)),
    indented(text) {
      const indent = columns() > 2 * INDENT.length ? INDENT : '';
      return wrapText(printed(text), columns() - indent.length).map((line) => indent + line);
    },
    cut(text) {
      const width = columns();
      const lines: string[] = [];
      for (const line of printed(text.replace(/\r\n?/g, '\n')).split('\n')) {
        if (line.length === 0) lines.push('');
        for (let start = 0; start < line.length; start += width) lines.push(line.slice(start, start + width));
      }
      return lines;
    },
    labelAmount: (label, amount) => twoColumns(printed(label), printed(amount), columns()),
    labelValue(label, value) {
      const text = printed(value);
      if (text.length <= columns()) return twoColumns(printed(label), text, columns());
      return [...layout.wrap(label), ...layout.indented(value)];
    },
    code128(data) {
      const modules = code128Modules(data);
      const moduleWidth = Math.min(CODE128_MODULE, Math.floor(headDots / modules));
      if (moduleWidth < 1) {
        throw new LayoutDoesNotFitError(
          `CODE128 "${shorten(data)}" (${data.length} characters) is ${modules} dots wide even with 1-dot bars ` +
            `and ${describeHead(profile)}: shorten the code or print it as a QR code`,
        );
      }
      // The human-readable line under the bars shows every character; font B when A is too wide.
      const hri =
        data.length * FONT_DOTS.a <= headDots ? 'a' : data.length * FONT_DOTS.b <= headDots ? 'b' : 'none';
      return { moduleWidth, hri };
    },
    qr(data) {
      const bytes = new TextEncoder().encode(data).length;
      const modules = qrModules(bytes, QR_ERROR_CORRECTION);
      const moduleSize = modules === undefined ? 0 : Math.min(QR_MODULE, Math.floor(headDots / modules));
      if (modules === undefined || moduleSize < 1) {
        throw new LayoutDoesNotFitError(
          `QR code of ${bytes} bytes is ${modules ?? 'more than 177'} dots wide even at 1 dot per module ` +
            `and ${describeHead(profile)}: shorten the data`,
        );
      }
      return { moduleSize, errorCorrection: QR_ERROR_CORRECTION };
    },
  };
  return layout;
}

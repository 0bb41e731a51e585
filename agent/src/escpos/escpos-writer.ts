import { encodeText, type CodePage } from './code-pages.ts';
import { code128Data, QR_MAX_BYTES, type QrErrorCorrection } from './symbol-size.ts';

/** ESC/POS command bytes (Epson TM-series reference; the common subset cheap 58/80 mm printers implement). */
const ESC = 0x1b;
const GS = 0x1d;
const FS = 0x1c;
const LF = 0x0a;

export type Alignment = 'left' | 'center' | 'right';

export interface EscPosWriter {
  /**
   * ESC @ (reset), FS . (leave the double-byte mode some printers boot in; skipped with
   * `leaveKanjiMode: false`), ESC t n (code page).
   */
  init(options?: { leaveKanjiMode?: boolean }): EscPosWriter;
  codePage(page: CodePage): EscPosWriter;
  align(alignment: Alignment): EscPosWriter;
  bold(on: boolean): EscPosWriter;
  /** ESC M n: font A (12x24 dots) or B (9x17 dots). */
  font(font: 'a' | 'b'): EscPosWriter;
  /** GS ! n: width and height multipliers 1..8. */
  size(width: number, height: number): EscPosWriter;
  /** Text in the current code page, without a line feed. */
  text(text: string): EscPosWriter;
  /** Text followed by LF. */
  line(text?: string): EscPosWriter;
  /** ESC d n: print and feed n lines. */
  feed(lines: number): EscPosWriter;
  /**
   * GS k 73: CODE128 in code set C for an even run of digits, B otherwise (printable ASCII). The
   * human-readable text goes below, in `hri` font (GS f); `none` leaves it out.
   */
  code128(
    data: string,
    options?: { height?: number; moduleWidth?: number; hri?: 'a' | 'b' | 'none' },
  ): EscPosWriter;
  /** GS ( k: QR model 2, stored then printed. */
  qr(data: string, options?: { moduleSize?: number; errorCorrection?: QrErrorCorrection }): EscPosWriter;
  /** GS V: full or partial cut, after feeding `feed` lines so the last text clears the cutter. */
  cut(options?: { partial?: boolean; feed?: number }): EscPosWriter;
  /** ESC p m t1 t2: pulse the cash-drawer pin (0 = pin 2, 1 = pin 5); times in 2 ms units. */
  drawerKick(options?: { pin?: 0 | 1; onMs?: number; offMs?: number }): EscPosWriter;
  raw(bytes: ArrayLike<number>): EscPosWriter;
  toBytes(): Uint8Array;
}

function byteInRange(value: number, min: number, max: number, what: string): number {
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new RangeError(`${what} must be an integer from ${min} to ${max}, got ${value}`);
  }
  return value;
}

const alignments: Record<Alignment, number> = { left: 0, center: 1, right: 2 };
const qrLevels: Record<QrErrorCorrection, number> = { L: 48, M: 49, Q: 50, H: 51 };

export function createEscPosWriter(initialPage: CodePage): EscPosWriter {
  const chunks: number[] = [];
  let page = initialPage;
  const push = (...bytes: number[]) => {
    for (const byte of bytes) chunks.push(byte);
  };

  const writer: EscPosWriter = {
    init(options = {}) {
      push(ESC, 0x40);
      if (options.leaveKanjiMode ?? true) push(FS, 0x2e);
      return writer.codePage(page);
    },
    codePage(next) {
      page = next;
      push(ESC, 0x74, byteInRange(next.escPosNumber, 0, 255, 'code page number'));
      return writer;
    },
    align(alignment) {
      push(ESC, 0x61, alignments[alignment]);
      return writer;
    },
    bold(on) {
      push(ESC, 0x45, on ? 1 : 0);
      return writer;
    },
    font(font) {
      push(ESC, 0x4d, font === 'b' ? 1 : 0);
      return writer;
    },
    size(width, height) {
      const w = byteInRange(width, 1, 8, 'width multiplier') - 1;
      const h = byteInRange(height, 1, 8, 'height multiplier') - 1;
      push(GS, 0x21, (w << 4) | h);
      return writer;
    },
    text(text) {
      for (const byte of encodeText(text, page)) chunks.push(byte);
      return writer;
    },
    line(text = '') {
      writer.text(text);
      push(LF);
      return writer;
    },
    feed(lines) {
      push(ESC, 0x64, byteInRange(lines, 0, 255, 'feed lines'));
      return writer;
    },
    code128(data, options = {}) {
      // The length byte counts the code set selector (`{B`, `{C`) too.
      const { body } = code128Data(data);
      byteInRange(body.length, 3, 255, 'CODE128 length');
      const hri = options.hri;
      push(GS, 0x48, hri === 'none' ? 0 : 2); // HRI below
      if (hri === 'a' || hri === 'b') push(GS, 0x66, hri === 'b' ? 1 : 0);
      push(GS, 0x68, byteInRange(options.height ?? 80, 1, 255, 'barcode height'));
      push(GS, 0x77, byteInRange(options.moduleWidth ?? 2, 1, 6, 'barcode module width'));
      push(GS, 0x6b, 73, body.length, ...body);
      return writer;
    },
    qr(data, options = {}) {
      const bytes = new TextEncoder().encode(data);
      if (bytes.length === 0 || bytes.length > QR_MAX_BYTES) {
        throw new RangeError(`QR data must be 1 to ${QR_MAX_BYTES} bytes`);
      }
      const stored = bytes.length + 3;
      push(GS, 0x28, 0x6b, 4, 0, 0x31, 0x41, 0x32, 0x00); // model 2
      push(GS, 0x28, 0x6b, 3, 0, 0x31, 0x43, byteInRange(options.moduleSize ?? 6, 1, 16, 'QR module size'));
      push(GS, 0x28, 0x6b, 3, 0, 0x31, 0x45, qrLevels[options.errorCorrection ?? 'M']);
      push(GS, 0x28, 0x6b, stored & 0xff, stored >> 8, 0x31, 0x50, 0x30);
      for (const byte of bytes) chunks.push(byte);
      push(GS, 0x28, 0x6b, 3, 0, 0x31, 0x51, 0x30); // print the stored symbol
      return writer;
    },
    cut(options = {}) {
      const partial = options.partial ?? false;
      if (options.feed === undefined) push(GS, 0x56, partial ? 1 : 0);
      else push(GS, 0x56, partial ? 66 : 65, byteInRange(options.feed, 0, 255, 'cut feed'));
      return writer;
    },
    drawerKick(options = {}) {
      const on = byteInRange(Math.round((options.onMs ?? 50) / 2), 1, 255, 'drawer pulse on time');
      const off = byteInRange(Math.round((options.offMs ?? 500) / 2), 1, 255, 'drawer pulse off time');
      push(ESC, 0x70, options.pin ?? 0, on, off);
      return writer;
    },
    raw(bytes) {
      for (let i = 0; i < bytes.length; i += 1) chunks.push(bytes[i] ?? 0);
      return writer;
    },
    toBytes() {
      return Uint8Array.from(chunks);
    },
  };
  return writer;
}

import { codePages, decodeText, type CodePage } from '../../src/escpos/code-pages.ts';

/**
 * Walks ESC/POS bytes the way a printer does and measures, in dots, every line and symbol it would print.
 * Written from the Epson command reference, independently of the renderer: layout tests use it to check
 * that nothing is wider than the head. Any command it does not know is an error, never skipped.
 */

export type PrintedElement =
  | { kind: 'text'; text: string; dots: number }
  | { kind: 'code128'; data: string; symbols: number; module: number; dots: number }
  | { kind: 'hri'; text: string; dots: number }
  | { kind: 'qr'; bytes: number; version: number; module: number; dots: number }
  | { kind: 'raster'; dots: number; height: number };

const FONT_DOTS = { a: 12, b: 9 } as const;

/** Bytes a QR symbol holds in byte mode, per version 1..40 (ISO/IEC 18004 table 7). */
const QR_BYTE_CAPACITY: Record<number, readonly number[]> = {
  // Level L (48)
  48: [
    17, 32, 53, 78, 106, 134, 154, 192, 230, 271, 321, 367, 425, 458, 520, 586, 644, 718, 792, 858, 929, 1003,
    1091, 1171, 1273, 1367, 1465, 1528, 1628, 1732, 1840, 1952, 2068, 2188, 2303, 2431, 2563, 2699, 2809,
    2953,
  ],
  // Level M (49)
  49: [
    14, 26, 42, 62, 84, 106, 122, 152, 180, 213, 251, 287, 331, 362, 412, 450, 504, 560, 624, 666, 711, 779,
    857, 911, 997, 1059, 1125, 1190, 1264, 1370, 1452, 1538, 1628, 1722, 1809, 1911, 1989, 2099, 2213, 2331,
  ],
};

/** Modules of a CODE128 symbol: start, data symbols and check of 11 modules each, stop of 13. */
function code128Symbols(data: Uint8Array): { symbols: number; text: string } {
  if (data[0] !== 0x7b || ![0x41, 0x42, 0x43].includes(data[1] ?? 0)) {
    throw new Error('CODE128 data must start with a code set ({A, {B or {C)');
  }
  let set = data[1];
  let symbols = 0;
  let text = '';
  for (let i = 2; i < data.length; i += 1) {
    const byte = data[i] ?? 0;
    symbols += 1;
    if (byte === 0x7b) {
      const next = data[i + 1] ?? 0;
      i += 1;
      if (next === 0x7b) text += '{';
      else if (next === 0x41 || next === 0x42 || next === 0x43) set = next;
      continue;
    }
    text += set === 0x43 ? String(byte).padStart(2, '0') : String.fromCharCode(byte);
  }
  return { symbols, text };
}

export function decodeEscPos(bytes: Uint8Array, page: CodePage = codePages.cp858): PrintedElement[] {
  const elements: PrintedElement[] = [];
  let font: 'a' | 'b' = 'a';
  let widthMultiplier = 1;
  let hriPosition = 0;
  let hriFont: 'a' | 'b' = 'a';
  let barcodeModule = 3;
  let qrModule = 3;
  let qrLevel = 48;
  let qrStored = 0;
  let line: number[] = [];
  let lineDots = 0;
  let i = 0;
  const arg = (offset: number) => bytes[i + offset] ?? 0;

  const reset = () => {
    font = 'a';
    widthMultiplier = 1;
    hriPosition = 0;
    hriFont = 'a';
    barcodeModule = 3;
  };
  const endLine = () => {
    elements.push({ kind: 'text', text: decodeText(Uint8Array.from(line), page), dots: lineDots });
    line = [];
    lineDots = 0;
  };

  while (i < bytes.length) {
    const byte = arg(0);
    if (byte === 0x0a) {
      endLine();
      i += 1;
    } else if (byte === 0x1b) {
      const command = arg(1);
      if (command === 0x40) {
        reset();
        i += 2;
      } else if (command === 0x21) {
        font = (arg(2) & 0x01) === 0 ? 'a' : 'b';
        widthMultiplier = (arg(2) & 0x20) === 0 ? 1 : 2;
        i += 3;
      } else if (command === 0x4d) {
        font = (arg(2) & 0x01) === 0 ? 'a' : 'b';
        i += 3;
      } else if (command === 0x64) {
        if (line.length > 0) endLine();
        i += 3;
      } else if ([0x61, 0x45, 0x74, 0x2d].includes(command)) {
        i += 3;
      } else if (command === 0x70) {
        i += 5;
      } else {
        throw new Error(`unknown ESC ${command.toString(16)} at byte ${i}`);
      }
    } else if (byte === 0x1d) {
      const command = arg(1);
      if (command === 0x21) {
        widthMultiplier = (arg(2) >> 4) + 1;
        i += 3;
      } else if (command === 0x48) {
        hriPosition = arg(2) & 0x03;
        i += 3;
      } else if (command === 0x66) {
        hriFont = (arg(2) & 0x01) === 0 ? 'a' : 'b';
        i += 3;
      } else if (command === 0x77) {
        barcodeModule = arg(2);
        i += 3;
      } else if (command === 0x68) {
        i += 3;
      } else if (command === 0x56) {
        i += arg(2) >= 65 ? 4 : 3;
      } else if (command === 0x6b && arg(2) === 73) {
        const length = arg(3);
        const { symbols, text } = code128Symbols(bytes.subarray(i + 4, i + 4 + length));
        const modules = 11 * (symbols + 2) + 13;
        elements.push({
          kind: 'code128',
          data: text,
          symbols,
          module: barcodeModule,
          dots: modules * barcodeModule,
        });
        if (hriPosition !== 0) elements.push({ kind: 'hri', text, dots: text.length * FONT_DOTS[hriFont] });
        i += 4 + length;
      } else if (command === 0x28 && arg(2) === 0x6b) {
        const length = arg(3) + arg(4) * 256;
        const fn = arg(6);
        if (arg(5) !== 0x31) throw new Error('only QR (cn 49) symbols are expected');
        if (fn === 0x43) qrModule = arg(7);
        else if (fn === 0x45) qrLevel = arg(7);
        else if (fn === 0x50) qrStored = length - 3;
        else if (fn === 0x51) {
          const capacity = QR_BYTE_CAPACITY[qrLevel];
          if (capacity === undefined) throw new Error(`no capacity table for QR level ${qrLevel}`);
          const version = capacity.findIndex((bytesHeld) => bytesHeld >= qrStored) + 1;
          if (version === 0) throw new Error(`${qrStored} bytes do not fit any QR version`);
          const modules = 17 + 4 * version;
          elements.push({ kind: 'qr', bytes: qrStored, version, module: qrModule, dots: modules * qrModule });
        } else if (fn !== 0x41) throw new Error(`unknown GS ( k function ${fn}`);
        i += 5 + length;
      } else if (command === 0x76 && arg(2) === 0x30) {
        const widthBytes = arg(4) + arg(5) * 256;
        const height = arg(6) + arg(7) * 256;
        elements.push({ kind: 'raster', dots: widthBytes * 8, height });
        i += 8 + widthBytes * height;
      } else {
        throw new Error(`unknown GS ${command.toString(16)} at byte ${i}`);
      }
    } else if (byte === 0x1c) {
      i += 2; // FS . (leave Kanji mode)
    } else if (byte === 0x10 && arg(1) === 0x04) {
      i += 3; // DLE EOT n
    } else if (byte < 0x20) {
      throw new Error(`unexpected control byte ${byte.toString(16)} at byte ${i}`);
    } else {
      line.push(byte);
      lineDots += FONT_DOTS[font] * widthMultiplier;
      i += 1;
    }
  }
  if (line.length > 0) endLine();
  return elements;
}

/** The elements wider than the head. */
export function overflowing(elements: readonly PrintedElement[], headDots: number): PrintedElement[] {
  return elements.filter((element) => element.dots > headDots);
}

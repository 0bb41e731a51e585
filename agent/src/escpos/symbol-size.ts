/**
 * Sizes of the barcodes the writer emits, in modules, so the layout can pick a module width that fits the
 * head before a byte is sent: a printer never shrinks a symbol, it clips it or prints nothing.
 */

export type QrErrorCorrection = 'L' | 'M' | 'Q' | 'H';

/**
 * The `GS k 73` data of a CODE128 symbol: code set C (two digits per symbol) when the data is an even run
 * of digits, code set B (printable ASCII) otherwise. `symbols` counts the data symbols only.
 */
export function code128Data(data: string): { body: number[]; symbols: number } {
  if (!/^[\x20-\x7e]+$/.test(data)) throw new RangeError('CODE128 data must be printable ASCII');
  if (data.length >= 4 && data.length % 2 === 0 && /^\d+$/.test(data)) {
    const pairs = data.match(/\d\d/g) ?? [];
    return { body: [0x7b, 0x43, ...pairs.map(Number)], symbols: pairs.length };
  }
  // `{` is the escape of GS k 73: a literal one is sent as `{{` (one symbol).
  const body = [0x7b, 0x42];
  for (const char of data) body.push(...(char === '{' ? [0x7b, 0x7b] : [char.charCodeAt(0)]));
  return { body, symbols: data.length };
}

/** Modules of a CODE128 symbol: start, data and check symbols of 11 modules, the stop of 13. */
export function code128Modules(data: string): number {
  return 11 * (code128Data(data).symbols + 2) + 13;
}

/** Bytes a QR symbol holds in byte mode, per version 1..40 (ISO/IEC 18004, table 7). */
const QR_BYTE_CAPACITY: Record<QrErrorCorrection, readonly number[]> = {
  L: [
    17, 32, 53, 78, 106, 134, 154, 192, 230, 271, 321, 367, 425, 458, 520, 586, 644, 718, 792, 858, 929, 1003,
    1091, 1171, 1273, 1367, 1465, 1528, 1628, 1732, 1840, 1952, 2068, 2188, 2303, 2431, 2563, 2699, 2809,
    2953,
  ],
  M: [
    14, 26, 42, 62, 84, 106, 122, 152, 180, 213, 251, 287, 331, 362, 412, 450, 504, 560, 624, 666, 711, 779,
    857, 911, 997, 1059, 1125, 1190, 1264, 1370, 1452, 1538, 1628, 1722, 1809, 1911, 1989, 2099, 2213, 2331,
  ],
  Q: [
    11, 20, 32, 46, 60, 74, 86, 108, 130, 151, 177, 203, 241, 258, 292, 322, 364, 394, 442, 482, 509, 565,
    611, 661, 715, 751, 805, 868, 908, 982, 1030, 1112, 1168, 1228, 1283, 1351, 1423, 1499, 1579, 1663,
  ],
  H: [
    7, 14, 24, 34, 44, 58, 64, 84, 98, 119, 137, 155, 177, 194, 220, 250, 280, 310, 338, 382, 403, 439, 461,
    511, 535, 593, 625, 658, 698, 742, 790, 842, 898, 958, 983, 1051, 1093, 1139, 1219, 1273,
  ],
};

/**
 * Modules per side of the QR symbol the printer builds for `byteLength` bytes: it picks the smallest version
 * that holds them. Byte mode is assumed; a printer that packs digits or capitals tighter only prints smaller.
 * Undefined when no version holds the data.
 */
export function qrModules(byteLength: number, errorCorrection: QrErrorCorrection): number | undefined {
  const version = QR_BYTE_CAPACITY[errorCorrection].findIndex((capacity) => capacity >= byteLength) + 1;
  return version === 0 ? undefined : 17 + 4 * version;
}

/** The largest QR payload in bytes (version 40, level L). */
export const QR_MAX_BYTES = QR_BYTE_CAPACITY.L[39] ?? 2953;

/**
 * CODE128 for the browser rendering of receipts (the agent lets the printer draw it with `GS k`). Code set
 * C for even runs of digits only (twice as dense), code set B for printable ASCII otherwise, as the agent
 * accepts. Each symbol is six alternating bar/space widths in modules (the stop symbol seven).
 */

// prettier-ignore
const PATTERNS = [
  '212222', '222122', '222221', '121223', '121322', '131222', '122213', '122312', '132212', '221213',
  '221312', '231212', '112232', '122132', '122231', '113222', '123122', '123221', '223211', '221132',
  '221231', '213212', '223112', '312131', '311222', '321122', '321221', '312212', '322112', '322211',
  '212123', '212321', '232121', '111323', '131123', '131321', '112313', '132113', '132311', '211313',
  '231113', '231311', '112133', '112331', '132131', '113123', '113321', '133121', '313121', '211331',
  '231131', '213113', '213311', '213131', '311123', '311321', '331121', '312113', '312311', '332111',
  '314111', '221411', '431111', '111224', '111422', '121124', '121421', '141122', '141221', '112214',
  '112412', '122114', '122411', '142112', '142211', '241211', '221114', '413111', '241112', '134111',
  '111242', '121142', '121241', '114212', '124112', '124211', '411212', '421112', '421211', '212141',
  '214121', '412121', '111143', '111341', '131141', '114113', '114311', '411113', '411311', '113141',
  '114131', '311141', '411131', '211412', '211214', '211232', '2331112',
] as const;

export const CODE128_START_B = 104;
export const CODE128_START_C = 105;
export const CODE128_STOP = 106;

/** The symbol values of `data` (start, data, checksum, stop), or null when CODE128 B/C cannot carry it. */
export function code128Values(data: string): number[] | null {
  if (data.length === 0) return null;
  let values: number[];
  if (/^(?:\d\d)+$/.test(data) && data.length >= 4) {
    values = [CODE128_START_C];
    for (let i = 0; i < data.length; i += 2) values.push(Number(data.slice(i, i + 2)));
  } else {
    if (!/^[\x20-\x7f]+$/.test(data)) return null;
    values = [CODE128_START_B];
    for (const char of data) values.push(char.charCodeAt(0) - 32);
  }
  // The checksum weighs the start symbol by 1 and each data symbol by its position.
  let sum = values[0] ?? 0;
  for (let i = 1; i < values.length; i++) sum += (values[i] ?? 0) * i;
  values.push(sum % 103, CODE128_STOP);
  return values;
}

export function code128Pattern(value: number): string {
  const pattern = PATTERNS[value];
  if (pattern === undefined) throw new RangeError(`no CODE128 symbol ${value}`);
  return pattern;
}

export interface Code128Bars {
  /** Bars as [start module, width in modules], quiet zones included in `modules`. */
  bars: [number, number][];
  modules: number;
}

/** Quiet zone on each side, in modules (the standard asks for at least ten). */
export const CODE128_QUIET_ZONE = 10;

/** The bars of `data`, ready to draw, or null when it cannot be encoded. */
export function code128Bars(data: string): Code128Bars | null {
  const values = code128Values(data);
  if (values === null) return null;
  const bars: [number, number][] = [];
  let x = CODE128_QUIET_ZONE;
  for (const value of values) {
    const widths = code128Pattern(value);
    for (let i = 0; i < widths.length; i++) {
      const width = Number(widths[i]);
      if (i % 2 === 0) bars.push([x, width]);
      x += width;
    }
  }
  return { bars, modules: x + CODE128_QUIET_ZONE };
}

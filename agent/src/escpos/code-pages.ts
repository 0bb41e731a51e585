/**
 * Single-byte code pages for ESC/POS text. Printers print bytes, not Unicode: the page is selected with
 * `ESC t n` and the text must be encoded to that same page, or é ñ ç € come out as junk. Tables cover
 * 0x80-0xFF (0x00-0x7F is ASCII); U+FFFD marks an unassigned byte. Generated from Python's codecs.
 */

export type CodePageName = 'cp858' | 'cp1252';

export interface CodePage {
  name: CodePageName;
  /** The `ESC t n` number on Epson-compatible printers; override per printer where firmware differs. */
  escPosNumber: number;
  /** Characters of bytes 0x80..0xFF. */
  high: string;
}

/** PC858: PC850 (Multilingual Latin 1) with € at 0xD5. */
const CP858_HIGH =
  '\xc7\xfc\xe9\xe2\xe4\xe0\xe5\xe7\xea\xeb\xe8\xef\xee\xec\xc4\xc5\xc9\xe6\xc6\xf4\xf6\xf2\xfb\xf9\xff\xd6\xdc\xf8\xa3\xd8\xd7\u0192' +
  '\xe1\xed\xf3\xfa\xf1\xd1\xaa\xba\xbf\xae\xac\xbd\xbc\xa1\xab\xbb\u2591\u2592\u2593\u2502\u2524\xc1\xc2\xc0\xa9\u2563\u2551\u2557\u255d\xa2\xa5\u2510' +
  '\u2514\u2534\u252c\u251c\u2500\u253c\xe3\xc3\u255a\u2554\u2569\u2566\u2560\u2550\u256c\xa4\xf0\xd0\xca\xcb\xc8\u20ac\xcd\xce\xcf\u2518\u250c\u2588\u2584\xa6\xcc\u2580' +
  '\xd3\xdf\xd4\xd2\xf5\xd5\xb5\xfe\xde\xda\xdb\xd9\xfd\xdd\xaf\xb4\xad\xb1\u2017\xbe\xb6\xa7\xf7\xb8\xb0\xa8\xb7\xb9\xb3\xb2\u25a0\xa0';

/** WPC1252 (Windows Latin 1): Latin-1 plus € and typographic quotes in 0x80-0x9F. */
const CP1252_HIGH =
  '\u20ac\ufffd\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\ufffd\u017d\ufffd\ufffd\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\ufffd\u017e\u0178' +
  Array.from({ length: 0x60 }, (_, i) => String.fromCharCode(0xa0 + i)).join('');

export const codePages: Record<CodePageName, CodePage> = {
  cp858: { name: 'cp858', escPosNumber: 19, high: CP858_HIGH },
  cp1252: { name: 'cp1252', escPosNumber: 16, high: CP1252_HIGH },
};

/** Characters no page here holds, mapped to what prints closest (same width where possible). */
const substitutes: Record<string, string> = {
  '\u2018': "'",
  '\u2019': "'",
  '\u201a': ',',
  '\u201c': '"',
  '\u201d': '"',
  '\u201e': '"',
  '\u2013': '-',
  '\u2014': '-',
  '\u2212': '-',
  '\u2026': '...',
  '\u2022': '*',
  '\u00b7': '.',
};

const encoders = new Map<CodePageName, Map<string, number>>();

function encoderOf(page: CodePage): Map<string, number> {
  let map = encoders.get(page.name);
  if (map === undefined) {
    map = new Map();
    for (let i = 0; i < page.high.length; i += 1) {
      const char = page.high[i];
      if (char !== undefined && char !== '\ufffd' && !map.has(char)) map.set(char, 0x80 + i);
    }
    encoders.set(page.name, map);
  }
  return map;
}

/** The byte of one character (a code point) in the page, or undefined when the page lacks it. */
function byteOf(char: string, page: CodePage): number | undefined {
  const code = char.codePointAt(0) ?? 0x3f;
  return code < 0x80 ? code : encoderOf(page).get(char);
}

/**
 * Encodes text to the page. Characters the page lacks fall back to a listed substitute, then to the letter
 * without its accent (NFD), then to '?'. Control characters other than LF are dropped.
 */
export function encodeText(text: string, page: CodePage): Uint8Array {
  const out: number[] = [];
  // Every Unicode space (NBSP and U+202F from Intl money formats) prints as a plain space.
  for (const char of text.normalize('NFC').replace(/\p{Zs}/gu, ' ')) {
    const code = char.codePointAt(0) ?? 0;
    if ((code < 0x20 && char !== '\n') || code === 0x7f) continue;
    const direct = byteOf(char, page);
    if (direct !== undefined) {
      out.push(direct);
      continue;
    }
    const substitute = substitutes[char];
    if (substitute !== undefined) {
      for (const sub of substitute) out.push(byteOf(sub, page) ?? 0x3f);
      continue;
    }
    // A mark left over after NFC (no precomposed letter) or an invisible format character (zero width
    // joiner, bidi marks) takes no cell on screen: printing '?' for it would widen the line.
    if (/[\p{M}\p{Cf}]/u.test(char)) continue;
    const base = char.normalize('NFD')[0];
    out.push((base !== undefined && base !== char ? byteOf(base, page) : undefined) ?? 0x3f);
  }
  return Uint8Array.from(out);
}

/**
 * The text as the printer will print it with the page: NFC, substitutes applied, one UTF-16 unit per
 * character cell. Layout measures and cuts this, never the text as given (`…` prints as three cells in
 * CP858, a decomposed `é` as one).
 */
export function printedText(text: string, page: CodePage): string {
  return decodeText(encodeText(text, page), page);
}

/** Decodes bytes of the page back to text (for previews). */
export function decodeText(bytes: Uint8Array, page: CodePage): string {
  let text = '';
  for (const byte of bytes)
    text += byte < 0x80 ? String.fromCharCode(byte) : (page.high[byte - 0x80] ?? '\ufffd');
  return text;
}

export function codePageByNumber(escPosNumber: number): CodePage | undefined {
  return Object.values(codePages).find((page) => page.escPosNumber === escPosNumber);
}

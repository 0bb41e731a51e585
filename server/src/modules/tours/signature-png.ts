import { crc32, inflateSync } from 'node:zlib';

// A signature image is checked fully before it is kept (issue #20): every chunk's CRC, a bounded size, and the
// image data inflated with a ceiling equal to what its header announces, so a crafted PNG can neither freeze nor
// crash the PDF that embeds it later.

const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/**
 * The largest signature taken. The pad (web components/signature-pad.tsx) is its CSS size times a pixel ratio of
 * at most 2: a pad as wide as a 1920-pixel screen is 3840 pixels, 180 CSS pixels high is 360.
 */
export const SIGNATURE_MAX_WIDTH = 4000;
export const SIGNATURE_MAX_HEIGHT = 1000;

/** Channels per colour type, and the bit depths each allows (PNG spec, table 11.1). */
const COLOUR_TYPES: Record<number, { channels: number; depths: number[] }> = {
  0: { channels: 1, depths: [1, 2, 4, 8, 16] },
  2: { channels: 3, depths: [8, 16] },
  3: { channels: 1, depths: [1, 2, 4, 8] },
  4: { channels: 2, depths: [8, 16] },
  6: { channels: 4, depths: [8, 16] },
};
/** Adam7 passes: x start, y start, x step, y step. */
const ADAM7 = [
  [0, 0, 8, 8],
  [4, 0, 8, 8],
  [0, 4, 4, 8],
  [2, 0, 4, 4],
  [0, 2, 2, 4],
  [1, 0, 2, 2],
  [0, 1, 1, 2],
] as const;

export interface PngInfo {
  width: number;
  height: number;
}

/** The scanlines' lengths (without their filter byte), pass by pass. */
function scanlines(width: number, height: number, bitsPerPixel: number, interlaced: boolean): number[][] {
  const rowBytes = (w: number) => Math.ceil((w * bitsPerPixel) / 8);
  if (!interlaced) return [Array<number>(height).fill(rowBytes(width))];
  return ADAM7.map(([x0, y0, dx, dy]) => {
    const w = Math.ceil((width - x0) / dx);
    const h = Math.ceil((height - y0) / dy);
    return w > 0 && h > 0 ? Array<number>(h).fill(rowBytes(w)) : [];
  });
}

/** The image's size when `png` is a whole, well-formed PNG within the bounds; else null. Never throws. */
export function checkPng(png: Buffer): PngInfo | null {
  try {
    if (png.length < 8 + 25 + 12 || !png.subarray(0, 8).equals(PNG_MAGIC)) return null;
    let at = 8;
    let header: { width: number; height: number; depth: number; colour: number; interlace: number } | null =
      null;
    let palette = false;
    const idat: Buffer[] = [];
    let ended = false;
    let last = '';
    while (at < png.length) {
      if (ended || at + 12 > png.length) return null;
      const length = png.readUInt32BE(at);
      if (length > png.length - at - 12) return null;
      const type = png.subarray(at + 4, at + 8);
      const data = png.subarray(at + 8, at + 8 + length);
      if (!/^[A-Za-z]{4}$/.test(type.toString('latin1'))) return null;
      if (crc32(data, crc32(type)) !== png.readUInt32BE(at + 8 + length)) return null;
      const name = type.toString('latin1');
      if (header === null) {
        if (name !== 'IHDR' || length !== 13) return null;
        header = {
          width: data.readUInt32BE(0),
          height: data.readUInt32BE(4),
          depth: data[8]!,
          colour: data[9]!,
          interlace: data[12]!,
        };
        const kind = COLOUR_TYPES[header.colour];
        if (!kind?.depths.includes(header.depth) || data[10] !== 0 || data[11] !== 0 || header.interlace > 1)
          return null;
        if (header.width < 1 || header.height < 1) return null;
        if (header.width > SIGNATURE_MAX_WIDTH || header.height > SIGNATURE_MAX_HEIGHT) return null;
      } else if (name === 'PLTE') palette = true;
      else if (name === 'IDAT') {
        // The image data is one run of IDAT chunks.
        if (idat.length && last !== 'IDAT') return null;
        idat.push(data);
      } else if (name === 'IEND') ended = true;
      else if (name === 'IHDR') return null;
      last = name;
      at += 12 + length;
    }
    if (!header || !ended || !idat.length || (header.colour === 3 && !palette)) return null;
    const bits = COLOUR_TYPES[header.colour]!.channels * header.depth;
    const passes = scanlines(header.width, header.height, bits, header.interlace === 1);
    const expected = passes.flat().reduce((sum, row) => sum + row + 1, 0);
    const raw = inflateSync(Buffer.concat(idat), { maxOutputLength: expected });
    if (raw.length !== expected) return null;
    // Each scanline starts with a filter type 0..4.
    let row = 0;
    for (const pass of passes)
      for (const bytes of pass) {
        if (raw[row]! > 4) return null;
        row += bytes + 1;
      }
    return { width: header.width, height: header.height };
  } catch {
    // inflateSync throws on corrupt data or output past the ceiling.
    return null;
  }
}

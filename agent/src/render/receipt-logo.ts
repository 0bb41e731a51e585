import { createHash } from 'node:crypto';
import { PNG } from 'pngjs';
import { RECEIPT_LOGO_MAX_SIDE, type ReceiptLogo } from '@nine/shared/receipt';
import { bitsToGray, rasterizeForHead, rgbaToGray, type GrayImage } from '../escpos/raster-image.ts';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const DATA_URL_PREFIX = 'data:image/png;base64,';

/** Decodes a PNG data URL. Throws RangeError (a caller error) for anything that is not a sane PNG. */
export function decodePngDataUrl(dataUrl: string): GrayImage {
  if (!dataUrl.startsWith(DATA_URL_PREFIX)) throw new RangeError('the logo must be a PNG data URL');
  const buffer = Buffer.from(dataUrl.slice(DATA_URL_PREFIX.length), 'base64');
  if (buffer.length < 24 || !buffer.subarray(0, 8).equals(PNG_SIGNATURE))
    throw new RangeError('the logo is not a PNG');
  // Check the size in the IHDR header before decoding: a tiny file can claim a huge canvas.
  const width = buffer.readUInt32BE(16);
  const height = buffer.readUInt32BE(20);
  if (width < 1 || height < 1 || width > RECEIPT_LOGO_MAX_SIDE || height > RECEIPT_LOGO_MAX_SIDE) {
    throw new RangeError(`the logo must be at most ${RECEIPT_LOGO_MAX_SIDE} pixels a side`);
  }
  let png: PNG;
  try {
    png = PNG.sync.read(buffer);
  } catch (error) {
    throw new RangeError(`the logo PNG cannot be decoded: ${error instanceof Error ? error.message : ''}`);
  }
  return rgbaToGray(png.width, png.height, png.data);
}

function grayOf(logo: ReceiptLogo): GrayImage {
  if (logo.kind === 'png') return decodePngDataUrl(logo.dataUrl);
  return bitsToGray(logo.width, logo.height, Buffer.from(logo.data, 'base64'));
}

/** Shops print the same logo on every receipt: decoding it once per printer width is enough. */
const CACHE_SIZE = 8;
const cache = new Map<string, Uint8Array>();

/** The `GS v 0` bytes of a receipt logo for a head of `dotsPerLine` dots. */
export function renderReceiptLogo(logo: ReceiptLogo, dotsPerLine: number): Uint8Array {
  const source = logo.kind === 'png' ? logo.dataUrl : `${logo.width}x${logo.height}:${logo.data}`;
  const key = createHash('sha256')
    .update(`${dotsPerLine}|${logo.widthRatio ?? ''}|${source}`)
    .digest('base64');
  const cached = cache.get(key);
  if (cached !== undefined) {
    cache.delete(key);
    cache.set(key, cached);
    return cached;
  }
  const { bytes } = rasterizeForHead(grayOf(logo), dotsPerLine, logo.widthRatio);
  cache.set(key, bytes);
  if (cache.size > CACHE_SIZE) cache.delete(cache.keys().next().value ?? '');
  return bytes;
}

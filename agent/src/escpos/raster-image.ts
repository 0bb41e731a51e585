/**
 * Raster images for thermal heads: a grayscale image is scaled to the dots the head has, dithered to 1 bit
 * (Floyd–Steinberg keeps gradients and anti-aliased edges readable where a threshold turns them into blobs)
 * and packed into `GS v 0` rows.
 */

/** Luminance 0 (black) .. 255 (white), row-major. */
export interface GrayImage {
  width: number;
  height: number;
  pixels: Float32Array;
}

/** 1-bit rows, most significant bit first, 1 = black (burnt dot), each row padded to whole bytes. */
export interface BitImage {
  width: number;
  height: number;
  bytesPerRow: number;
  data: Uint8Array;
}

/** Rows per `GS v 0` band: cheap printers drop or garble one huge raster command. */
const BAND_ROWS = 128;

/** Area-averaging resize: every source pixel counts, so thin lines fade to gray instead of vanishing. */
export function resizeGray(image: GrayImage, width: number, height: number): GrayImage {
  if (width === image.width && height === image.height) return image;
  const out = new Float32Array(width * height);
  const sx = image.width / width;
  const sy = image.height / height;
  for (let y = 0; y < height; y += 1) {
    const y0 = y * sy;
    const y1 = y0 + sy;
    for (let x = 0; x < width; x += 1) {
      const x0 = x * sx;
      const x1 = x0 + sx;
      let sum = 0;
      let area = 0;
      for (let iy = Math.floor(y0); iy < Math.min(image.height, Math.ceil(y1)); iy += 1) {
        const wy = Math.min(y1, iy + 1) - Math.max(y0, iy);
        for (let ix = Math.floor(x0); ix < Math.min(image.width, Math.ceil(x1)); ix += 1) {
          const weight = wy * (Math.min(x1, ix + 1) - Math.max(x0, ix));
          sum += (image.pixels[iy * image.width + ix] ?? 255) * weight;
          area += weight;
        }
      }
      out[y * width + x] = area > 0 ? sum / area : 255;
    }
  }
  return { width, height, pixels: out };
}

/** Floyd–Steinberg to 1 bit: a pixel darker than mid-gray burns; its error goes 7/16 right, 3/5/1 below. */
export function ditherFloydSteinberg(image: GrayImage): BitImage {
  const { width, height } = image;
  const bytesPerRow = Math.ceil(width / 8);
  const data = new Uint8Array(bytesPerRow * height);
  const work = Float32Array.from(image.pixels);
  const spread = (x: number, y: number, amount: number) => {
    if (x < 0 || x >= width || y >= height) return;
    const index = y * width + x;
    work[index] = (work[index] ?? 0) + amount;
  };
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const old = work[y * width + x] ?? 255;
      const black = old < 128;
      const error = old - (black ? 0 : 255);
      if (black) {
        const index = y * bytesPerRow + (x >> 3);
        data[index] = (data[index] ?? 0) | (0x80 >> (x & 7));
      }
      spread(x + 1, y, (error * 7) / 16);
      spread(x - 1, y + 1, (error * 3) / 16);
      spread(x, y + 1, (error * 5) / 16);
      spread(x + 1, y + 1, error / 16);
    }
  }
  return { width, height, bytesPerRow, data };
}

/**
 * The size a logo prints at: `widthRatio` of the head, or its own width shrunk to fit, never wider than the
 * head; the height keeps the aspect ratio.
 */
export function fitToHead(
  width: number,
  height: number,
  dotsPerLine: number,
  widthRatio?: number,
): { width: number; height: number } {
  const target =
    widthRatio === undefined ? Math.min(width, dotsPerLine) : Math.round(dotsPerLine * widthRatio);
  const fitted = Math.max(1, Math.min(dotsPerLine, target));
  return { width: fitted, height: Math.max(1, Math.round((height * fitted) / width)) };
}

/** Places the image in the middle of the head: printers ignore `ESC a` for raster data, padding always works. */
export function centerOnHead(image: BitImage, dotsPerLine: number): BitImage {
  const left = Math.floor((dotsPerLine - image.width) / 2 / 8);
  if (left <= 0) return image;
  const bytesPerRow = left + image.bytesPerRow;
  const data = new Uint8Array(bytesPerRow * image.height);
  for (let y = 0; y < image.height; y += 1) {
    data.set(image.data.subarray(y * image.bytesPerRow, (y + 1) * image.bytesPerRow), y * bytesPerRow + left);
  }
  return { width: bytesPerRow * 8, height: image.height, bytesPerRow, data };
}

/** `GS v 0 m xL xH yL yH d...` (normal density), in bands of at most 128 rows. */
export function rasterCommands(image: BitImage): Uint8Array {
  const bands: number[][] = [];
  let total = 0;
  for (let top = 0; top < image.height; top += BAND_ROWS) {
    const rows = Math.min(BAND_ROWS, image.height - top);
    const x = image.bytesPerRow;
    const header = [0x1d, 0x76, 0x30, 0, x & 0xff, x >> 8, rows & 0xff, rows >> 8];
    bands.push(header);
    total += header.length + x * rows;
  }
  const out = new Uint8Array(total);
  let offset = 0;
  bands.forEach((header, band) => {
    out.set(header, offset);
    offset += header.length;
    const start = band * BAND_ROWS * image.bytesPerRow;
    const rows = Math.min(BAND_ROWS, image.height - band * BAND_ROWS);
    out.set(image.data.subarray(start, start + rows * image.bytesPerRow), offset);
    offset += rows * image.bytesPerRow;
  });
  return out;
}

/** A packed 1-bit bitmap as grayscale (1 = black = 0), so it can be scaled and dithered like a photo. */
export function bitsToGray(width: number, height: number, data: Uint8Array): GrayImage {
  const bytesPerRow = Math.ceil(width / 8);
  const pixels = new Float32Array(width * height);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const byte = data[y * bytesPerRow + (x >> 3)] ?? 0;
      pixels[y * width + x] = byte & (0x80 >> (x & 7)) ? 0 : 255;
    }
  }
  return { width, height, pixels };
}

/** RGBA (as PNG decoders give) over a white paper: transparent pixels print nothing. */
export function rgbaToGray(width: number, height: number, rgba: Uint8Array): GrayImage {
  const pixels = new Float32Array(width * height);
  for (let i = 0; i < width * height; i += 1) {
    const r = rgba[i * 4] ?? 255;
    const g = rgba[i * 4 + 1] ?? 255;
    const b = rgba[i * 4 + 2] ?? 255;
    const alpha = (rgba[i * 4 + 3] ?? 255) / 255;
    // Rec. 601 luma: what the eye reads as darkness.
    const luma = 0.299 * r + 0.587 * g + 0.114 * b;
    pixels[i] = luma * alpha + 255 * (1 - alpha);
  }
  return { width, height, pixels };
}

/** Gray image -> the bytes that print it on a head of `dotsPerLine` dots, centred. */
export function rasterizeForHead(
  image: GrayImage,
  dotsPerLine: number,
  widthRatio?: number,
): { bytes: Uint8Array; width: number; height: number } {
  const size = fitToHead(image.width, image.height, dotsPerLine, widthRatio);
  const bits = ditherFloydSteinberg(resizeGray(image, size.width, size.height));
  return { bytes: rasterCommands(centerOnHead(bits, dotsPerLine)), ...size };
}

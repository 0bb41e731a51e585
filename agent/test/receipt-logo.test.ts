import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { printJob, type JobInfo } from '@nine/shared/agent-protocol';
import { receiptLogo, type ReceiptLogo } from '@nine/shared/receipt';
import { makePrinterProfile, paperProfiles } from '../src/devices/printer.ts';
import { renderEscPosPreview } from '../src/escpos/escpos-preview.ts';
import { ditherFloydSteinberg, rasterCommands, resizeGray } from '../src/escpos/raster-image.ts';
import { renderPrintJob } from '../src/render/render-print-job.ts';
import { renderReceiptLogo } from '../src/render/receipt-logo.ts';
import { makeReceipt } from './fixtures/receipts.ts';
import { pairedClient, removeDir, startAgent } from './helpers/agent-harness.ts';

const hex = (bytes: Uint8Array) =>
  Buffer.from(bytes)
    .toString('hex')
    .replace(/(..)(?!$)/g, '$1 ');

/** A PNG from rows of gray levels (0 black .. 255 white); `alpha` rows optional. */
function pngDataUrl(rows: number[][], alpha?: number[][]): string {
  const png = new PNG({ width: rows[0]!.length, height: rows.length });
  rows.forEach((row, y) =>
    row.forEach((value, x) => {
      const i = (y * png.width + x) * 4;
      png.data[i] = value;
      png.data[i + 1] = value;
      png.data[i + 2] = value;
      png.data[i + 3] = alpha?.[y]?.[x] ?? 255;
    }),
  );
  return `data:image/png;base64,${PNG.sync.write(png).toString('base64')}`;
}

const B = 0;
const W = 255;
const stripes = [
  [B, W, B, W, B, W, B, W],
  [B, B, B, B, B, B, B, B],
];

describe('raster logo', () => {
  it('emits GS v 0 for a tiny PNG, byte for byte', () => {
    const logo = receiptLogo.parse({ kind: 'png', dataUrl: pngDataUrl(stripes) });
    // 8 dots wide on a 16-dot head: no room to centre by whole bytes.
    expect(hex(renderReceiptLogo(logo, 16))).toBe('1d 76 30 00 01 00 02 00 aa ff');
    // On 32 dots it is centred with one blank byte per row.
    expect(hex(renderReceiptLogo(logo, 32))).toBe('1d 76 30 00 02 00 02 00 00 aa 00 ff');
  });

  it('prints a raw 1-bit bitmap the same way', () => {
    const logo = receiptLogo.parse({
      kind: 'bitmap',
      width: 8,
      height: 2,
      data: Buffer.of(0xaa, 0xff).toString('base64'),
    });
    expect(hex(renderReceiptLogo(logo, 16))).toBe('1d 76 30 00 01 00 02 00 aa ff');
  });

  it('treats transparent pixels as paper', () => {
    const logo = receiptLogo.parse({
      kind: 'png',
      dataUrl: pngDataUrl([[B, B, B, B, B, B, B, B]], [[255, 0, 255, 0, 0, 0, 0, 255]]),
    });
    expect(hex(renderReceiptLogo(logo, 8))).toBe('1d 76 30 00 01 00 01 00 a1');
  });

  it('dithers gray with Floyd–Steinberg: error goes to the next pixel', () => {
    const bits = ditherFloydSteinberg({ width: 2, height: 1, pixels: Float32Array.of(128, 128) });
    // 128 prints white (error -127), which pushes its neighbour to 72: black.
    expect(hex(bits.data)).toBe('40');
    const half = ditherFloydSteinberg({ width: 8, height: 2, pixels: new Float32Array(16).fill(127.5) });
    const black = [...half.data].reduce((n, byte) => n + byte.toString(2).split('1').length - 1, 0);
    expect(black).toBe(8);
  });

  it('scales to the head: never wider, widthRatio of it when asked', () => {
    const wide = receiptLogo.parse({
      kind: 'png',
      dataUrl: pngDataUrl(Array.from({ length: 4 }, () => Array(64).fill(B))),
    });
    // 64x4 on a 32-dot head: 32x2, all black.
    expect(hex(renderReceiptLogo(wide, 32))).toBe(`1d 76 30 00 04 00 02 00 ${Array(8).fill('ff').join(' ')}`);
    const half = receiptLogo.parse({ ...wide, widthRatio: 0.5 });
    expect(hex(renderReceiptLogo(half, 32))).toBe(`1d 76 30 00 03 00 01 00 00 ff ff`);
    // Area averaging: a 2-dot checker shrunk to 1 dot is mid-gray, not one of its corners.
    expect(resizeGray({ width: 2, height: 2, pixels: Float32Array.of(0, 255, 255, 0) }, 1, 1).pixels[0]).toBe(
      127.5,
    );
  });

  it('splits tall images into bands of 128 rows', () => {
    const bytes = rasterCommands({
      width: 8,
      height: 300,
      bytesPerRow: 1,
      data: new Uint8Array(300).fill(0x81),
    });
    expect(bytes.length).toBe(3 * 8 + 300);
    expect(hex(bytes.subarray(0, 8))).toBe('1d 76 30 00 01 00 80 00');
    expect(hex(bytes.subarray(8 + 128, 16 + 128))).toBe('1d 76 30 00 01 00 80 00');
    expect(hex(bytes.subarray(16 + 256, 24 + 256))).toBe('1d 76 30 00 01 00 2c 00');
  });

  it('refuses what is not a PNG, and oversized canvases before decoding them', () => {
    const notPng: ReceiptLogo = {
      kind: 'png',
      dataUrl: `data:image/png;base64,${Buffer.from('GIF89a....').toString('base64')}`,
    };
    expect(() => renderReceiptLogo(notPng, 384)).toThrow(RangeError);
    const header = Buffer.from(pngDataUrl([[B]]).split(',')[1]!, 'base64');
    header.writeUInt32BE(100_000, 16);
    expect(() =>
      renderReceiptLogo({ kind: 'png', dataUrl: `data:image/png;base64,${header.toString('base64')}` }, 384),
    ).toThrow(/at most 2048 pixels/);
  });

  it('puts the logo first on the receipt, and the preview shows it', () => {
    const receipt = {
      ...makeReceipt({ lines: 1 }),
      logo: { kind: 'png', dataUrl: pngDataUrl(stripes) },
    } as const;
    const bytes = renderPrintJob(printJob.parse({ kind: 'receipt', receipt }), paperProfiles[58]);
    expect(hex(bytes.subarray(0, 15))).toBe('1b 40 1c 2e 1b 74 13 1d 76 30 00 18 00 02 00');
    const preview = renderEscPosPreview(bytes, 32);
    expect(preview.split('\n')[0]).toBe('[RASTER 192x2]');
    expect(preview.split('\n')[1]).toBe('          Ría Aventura');
  });

  it('follows the profile: no FS . when told, font B and its columns', () => {
    const profile = makePrinterProfile({
      paperWidthMm: 58,
      leaveKanjiMode: false,
      font: 'b',
      codePageNumber: 2,
    });
    expect(profile.columnsFontB).toBe(42);
    const bytes = renderPrintJob(printJob.parse({ kind: 'text', text: 'x'.repeat(50), cut: false }), profile);
    expect(hex(bytes.subarray(0, 8))).toBe('1b 40 1b 74 02 1b 4d 01');
    expect(renderEscPosPreview(bytes, 42, profile.codePage).split('\n').slice(0, 2)).toEqual([
      'x'.repeat(42),
      'x'.repeat(8),
    ]);
  });
});

describe('printing a receipt with a logo through the agent', () => {
  it('spools the raster bytes, and refuses a broken logo before queueing', async () => {
    const running = await startAgent();
    try {
      const { client } = await pairedClient(running);
      const receipt = {
        ...makeReceipt({ lines: 2 }),
        logo: { kind: 'png' as const, dataUrl: pngDataUrl(stripes) },
      };
      const reply = await client.request('print', { job: { kind: 'receipt', receipt } });
      if (!reply.ok) throw new Error(reply.error.message);
      const { jobId } = (reply.result as { job: JobInfo }).job;
      await client.waitForEvent(
        (e) => e.event === 'job-status' && e.payload.jobId === jobId && e.payload.status === 'done',
      );
      const spooled = await readFile(join(running.dataDir, 'spool', `${jobId}.bin`));
      expect(spooled.includes(Buffer.from('1d76300018000200', 'hex'))).toBe(true);

      const broken = { ...receipt, logo: { kind: 'png' as const, dataUrl: 'data:image/png;base64,AAAA' } };
      expect(await client.request('print', { job: { kind: 'receipt', receipt: broken } })).toMatchObject({
        ok: false,
        error: { code: 'invalid-payload', message: expect.stringContaining('not a PNG') },
      });
      await client.close();
    } finally {
      await running.close();
      await removeDir(running.dataDir);
    }
  });
});

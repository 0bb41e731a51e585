import { describe, expect, it } from 'vitest';
import { receiptDocument, receiptLogo } from '../src/receipt.ts';

const base = {
  header: { title: 'Kayak Corner' },
  lines: [{ description: 'Kayak, 1 day', quantity: 1, unitPrice: 4500, amount: 4500 }],
};

describe('receipt logo', () => {
  it('is optional and accepts a PNG data URL or a packed 1-bit bitmap', () => {
    expect(receiptDocument.parse(base).logo).toBeUndefined();
    const png = { kind: 'png', dataUrl: 'data:image/png;base64,iVBORw0KGgo=', widthRatio: 0.5 };
    expect(receiptDocument.parse({ ...base, logo: png }).logo).toEqual(png);
    // 10 x 2 dots: 2 bytes per row, 4 bytes.
    const bitmap = {
      kind: 'bitmap',
      width: 10,
      height: 2,
      data: '/8CAQA==' /* ff c0 80 40 */,
    };
    expect(receiptLogo.parse(bitmap)).toEqual(bitmap);
  });

  it('refuses other images, wrong sizes and ratios', () => {
    expect(receiptLogo.safeParse({ kind: 'png', dataUrl: 'data:image/jpeg;base64,/9j/4AAQ' }).success).toBe(
      false,
    );
    expect(receiptLogo.safeParse({ kind: 'png', dataUrl: 'https://cdn.example/logo.png' }).success).toBe(
      false,
    );
    expect(
      receiptLogo.safeParse({
        kind: 'bitmap',
        width: 10,
        height: 2,
        data: 'AQID' /* 3 bytes */,
      }).success,
    ).toBe(false);
    expect(receiptLogo.safeParse({ kind: 'bitmap', width: 4096, height: 1, data: 'AA==' }).success).toBe(
      false,
    );
    expect(
      receiptLogo.safeParse({ kind: 'png', dataUrl: 'data:image/png;base64,AAAA', widthRatio: 1.5 }).success,
    ).toBe(false);
  });
});

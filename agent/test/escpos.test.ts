import { describe, expect, it } from 'vitest';
import { printJob } from '@nine/shared/agent-protocol';
import { formatReceiptMoney } from '@nine/shared/receipt';
import { codePages, decodeText, encodeText } from '../src/escpos/code-pages.ts';
import { renderEscPosPreview } from '../src/escpos/escpos-preview.ts';
import { createEscPosWriter } from '../src/escpos/escpos-writer.ts';
import { paperProfiles } from '../src/devices/printer.ts';
import { renderPrintJob } from '../src/render/render-print-job.ts';
import { twoColumns, wrapText } from '../src/render/receipt-layout.ts';
import { makeReceipt } from './fixtures/receipts.ts';

const hex = (bytes: Uint8Array) =>
  Buffer.from(bytes)
    .toString('hex')
    .replace(/(..)(?!$)/g, '$1 ');
const ACCENTS = 'é è ê à ç ñ ¿ ¡ €';

describe('code pages', () => {
  it('encodes the es-ES and fr-FR characters to CP858', () => {
    expect(hex(encodeText(ACCENTS, codePages.cp858))).toBe(
      '82 20 8a 20 88 20 85 20 87 20 a4 20 a8 20 ad 20 d5',
    );
    expect(hex(encodeText('ÉÈÊÀÇÑ', codePages.cp858))).toBe('90 d4 d2 b7 80 a5');
  });

  it('encodes the same characters to CP1252', () => {
    expect(hex(encodeText(ACCENTS, codePages.cp1252))).toBe(
      'e9 20 e8 20 ea 20 e0 20 e7 20 f1 20 bf 20 a1 20 80',
    );
  });

  it('composes decomposed accents and substitutes what the page lacks', () => {
    expect(hex(encodeText('e\u0301', codePages.cp858))).toBe('82');
    // fr-FR money uses U+202F and U+00A0: both print as spaces.
    const money = formatReceiptMoney(123450, 'EUR', 'fr-FR');
    expect(hex(encodeText(money, codePages.cp858))).toBe('31 20 32 33 34 2c 35 30 20 d5');
    expect(hex(encodeText('ő→“x”', codePages.cp858))).toBe('6f 3f 22 78 22');
    expect(hex(encodeText('a\tb\u0007', codePages.cp858))).toBe('61 62');
  });

  it('decodes what it encodes', () => {
    for (const page of Object.values(codePages))
      expect(decodeText(encodeText(ACCENTS, page), page)).toBe(ACCENTS);
  });
});

describe('ESC/POS writer', () => {
  it('emits the documented command bytes', () => {
    const w = () => createEscPosWriter(codePages.cp858);
    expect(hex(w().init().toBytes())).toBe('1b 40 1c 2e 1b 74 13');
    expect(hex(w().codePage(codePages.cp1252).toBytes())).toBe('1b 74 10');
    expect(hex(w().align('center').bold(true).size(2, 2).toBytes())).toBe('1b 61 01 1b 45 01 1d 21 11');
    expect(hex(w().size(1, 1).bold(false).align('right').toBytes())).toBe('1d 21 00 1b 45 00 1b 61 02');
    expect(hex(w().line('Ça').feed(3).toBytes())).toBe('80 61 0a 1b 64 03');
    expect(hex(w().cut().toBytes())).toBe('1d 56 00');
    expect(hex(w().cut({ partial: true, feed: 4 }).toBytes())).toBe('1d 56 42 04');
    expect(hex(w().drawerKick().toBytes())).toBe('1b 70 00 19 fa');
    expect(hex(w().drawerKick({ pin: 1, onMs: 100, offMs: 200 }).toBytes())).toBe('1b 70 01 32 64');
  });

  it('encodes CODE128 with code set B and its length', () => {
    expect(hex(createEscPosWriter(codePages.cp858).code128('A-123').toBytes())).toBe(
      '1d 48 02 1d 68 50 1d 77 02 1d 6b 49 07 7b 42 41 2d 31 32 33',
    );
    expect(() => createEscPosWriter(codePages.cp858).code128('Niño')).toThrow(RangeError);
  });

  it('packs an even run of digits in code set C, escapes {, and picks the HRI font', () => {
    const w = () => createEscPosWriter(codePages.cp858);
    expect(hex(w().code128('012345', { moduleWidth: 1, hri: 'b' }).toBytes())).toBe(
      '1d 48 02 1d 66 01 1d 68 50 1d 77 01 1d 6b 49 05 7b 43 01 17 2d',
    );
    expect(hex(w().code128('a{b', { hri: 'none' }).toBytes())).toBe(
      '1d 48 00 1d 68 50 1d 77 02 1d 6b 49 06 7b 42 61 7b 7b 62',
    );
    const preview = renderEscPosPreview(w().code128('012345').code128('a{b').toBytes(), 32);
    expect(preview).toBe('[CODE128 012345]\n[CODE128 a{b]\n');
  });

  it('stores and prints a QR symbol with GS ( k', () => {
    const data = 'https://nine.example/r/1';
    const bytes = createEscPosWriter(codePages.cp858).qr(data).toBytes();
    const stored = data.length + 3;
    expect(hex(bytes)).toBe(
      [
        '1d 28 6b 04 00 31 41 32 00',
        '1d 28 6b 03 00 31 43 06',
        '1d 28 6b 03 00 31 45 31',
        `1d 28 6b ${hex(Uint8Array.of(stored, 0))} 31 50 30 ${hex(Buffer.from(data))}`,
        '1d 28 6b 03 00 31 51 30',
      ].join(' '),
    );
  });

  it('renders a whole text job byte for byte', () => {
    const job = printJob.parse({ kind: 'text', text: 'Añadir 2 €\nfin', openDrawer: true });
    expect(hex(renderPrintJob(job, paperProfiles[58]))).toBe(
      '1b 40 1c 2e 1b 74 13 41 a4 61 64 69 72 20 32 20 d5 0a 66 69 6e 0a 1b 70 00 19 fa 1d 56 42 04',
    );
  });
});

describe('receipt layout', () => {
  it('wraps words and puts amounts flush right', () => {
    expect(wrapText('Excursión guiada por el cañón del río', 16)).toEqual([
      'Excursión guiada',
      'por el cañón del',
      'río',
    ]);
    expect(wrapText('  indented', 32)).toEqual(['  indented']);
    expect(twoColumns('TOTAL', '12,50 €', 20)).toEqual(['TOTAL        12,50 €']);
    expect(twoColumns('Bicicleta de montaña eléctrica', '120,00 €', 20)).toEqual([
      'Bicicleta de montaña',
      'eléctrica   120,00 €',
    ]);
  });

  it('lays out a 58 mm es-ES receipt in 32 columns', () => {
    const job = printJob.parse({ kind: 'receipt', receipt: makeReceipt({ lines: 2 }) });
    const preview = renderEscPosPreview(renderPrintJob(job, paperProfiles[58]), 32);
    expect(preview).toBe(
      [
        '          Ría Aventura',
        '    C/ Mayor 5, 28013 Madrid',
        '         NIF B-12345678',
        '',
        'Pedido:            A-2026-000123',
        'Fecha:          01/05/2026 10:42',
        'Cajero:                     Inés',
        '--------------------------------',
        'Bicicleta de montaña (día)',
        '  1 x 4,50 €              4,50 €',
        '  Nº série KX-1000',
        'Kayak double, demi-journée',
        '  2 x 5,75 €             11,50 €',
        '--------------------------------',
        'TOTAL                    16,00 €',
        'IVA 21% / 13,22 €         2,78 €',
        '--------------------------------',
        'Tarjeta                  16,00 €',
        '  **** 4242',
        '',
        '[QR https://nine.example/r/A-2026-000123]',
        '',
        '      Factura electrónica',
        '',
        '    ¡Gracias por su visita!',
        '   Merci et à bientôt - 10 €',
        '            offerts',
        '[PARTIAL CUT]',
        '',
      ].join('\n'),
    );
    for (const line of preview.split('\n'))
      if (!line.startsWith('[')) expect(line.length).toBeLessThanOrEqual(32);
  });

  it('uses 48 columns on 80 mm paper', () => {
    const job = printJob.parse({ kind: 'receipt', receipt: makeReceipt({ lines: 1, locale: 'fr-FR' }) });
    const preview = renderEscPosPreview(renderPrintJob(job, paperProfiles[80]), 48);
    expect(preview).toContain(`TOTAL${' '.repeat(48 - 'TOTAL'.length - '4,50 €'.length)}4,50 €`);
    expect(preview).toContain('  1 x 4,50 €');
  });
});

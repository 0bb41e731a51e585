import { describe, expect, it } from 'vitest';
import { printJob, type PrintJob } from '@nine/shared/agent-protocol';
import { formatReceiptMoney, type ReceiptCode, type ReceiptDocumentInput } from '@nine/shared/receipt';
import { decodeText, encodeText } from '../src/escpos/code-pages.ts';
import { makePrinterProfile, type PrinterProfile } from '../src/devices/printer.ts';
import { renderPrintJob } from '../src/render/render-print-job.ts';
import { decodeEscPos, overflowing, type PrintedElement } from './helpers/escpos-decoder.ts';
import { pairedClient, removeDir, startAgent } from './helpers/agent-harness.ts';

const BIG = 9_999_999_999_999; // 99,999,999,999.99

const longNames = [
  'Bicicleta eléctrica de montaña con alforjas — alquiler día completo',
  'Location de kayak biplace « Découverte » avec gilet et pagaie',
  'Réservation famille : vélos, siège bébé, remorque… et pique-nique à l’île',
  'Excursión guiada ¡Cañón del Río Ésera! — grupo de 12 personas con guía',
];

function longReceipt(locale: string, currency: string, codes: ReceiptCode[]): ReceiptDocumentInput {
  return {
    locale,
    currency,
    header: {
      title: 'Ría Aventura — Alquileres y Excursiones del Cantábrico',
      lines: ['Avenida de los Picos de Europa 123, bajo izquierda, 33550 Cangas de Onís'.slice(0, 64)],
    },
    meta: [
      { label: 'Cliente', value: 'María de los Ángeles Fernández-Villaverde y Sáez de Ibarra' },
      { label: 'Référence de la réservation en ligne', value: 'RES-2026-05-01-0001234567' },
      { label: 'Pedido', value: 'A-2026-000123' },
    ],
    lines: longNames.map((description, i) => ({
      description,
      quantity: i === 3 ? 1_000_000 : 3,
      unitPrice: i === 3 ? 9_999_999 : 3_333_333_333_333,
      amount: BIG,
      detail: 'Del 1 de mayo de 2026 a las 09:30 al 2 de mayo de 2026 a las 18:00, con seguro',
    })),
    totals: [
      { label: 'Sous-total hors taxes après remise fidélité', amount: BIG },
      { label: 'TOTAL', amount: BIG, emphasis: true },
    ],
    taxes: [{ label: 'TVA', rate: 20, base: 8_333_333_333_333, amount: 1_666_666_666_666 }],
    payments: [
      { method: 'Carte bancaire sans contact', amount: -BIG, detail: 'Visa **** 4242 — autorisation 123456' },
    ],
    codes,
    footer: [
      '¡Gracias por su visita! Devuelva el material antes de las 20:00 para evitar recargos',
      'Merci et à bientôt — 10 € offerts sur votre prochaine location',
    ],
  };
}

const code128 = (data: string): ReceiptCode => ({ kind: 'code128', data, caption: `Nº ${data}` });
const qr = (bytes: number): ReceiptCode => ({
  kind: 'qr',
  data: `https://nine.example/r/${'x'.repeat(bytes - 23)}`,
  caption: `QR ${bytes}`,
});

const setups: { paper: 58 | 80; font: 'a' | 'b' }[] = [
  { paper: 58, font: 'a' },
  { paper: 58, font: 'b' },
  { paper: 80, font: 'a' },
  { paper: 80, font: 'b' },
];

const receiptJob = (receipt: ReceiptDocumentInput): PrintJob =>
  printJob.parse({ kind: 'receipt', receipt, openDrawer: true });

/** Text as this printer prints it (CP858 by default): what to look for in decoded lines. */
const printed = (text: string, profile: PrinterProfile) =>
  decodeText(encodeText(text, profile.codePage), profile.codePage);

function expectFits(elements: PrintedElement[], profile: PrinterProfile) {
  expect(overflowing(elements, profile.dotsPerLine)).toEqual([]);
}

const texts = (elements: PrintedElement[]) =>
  elements.flatMap((element) => (element.kind === 'text' ? [element.text] : []));

describe.each(setups)('receipt layout on $paper mm paper, font $font', ({ paper, font }) => {
  const profile = makePrinterProfile({ paperWidthMm: paper, font });
  const head = paper === 58 ? 384 : 576;

  it.each([
    ['es-ES', 'EUR'],
    ['fr-FR', 'EUR'],
    ['en-US', 'USD'],
  ])(
    'keeps every line of a %s receipt with long names and big amounts within the head',
    (locale, currency) => {
      expect(profile.dotsPerLine).toBe(head);
      const receipt = longReceipt(locale, currency, [code128('A-2026-00012345')]);
      const elements = decodeEscPos(renderPrintJob(receiptJob(receipt), profile), profile.codePage);
      expectFits(elements, profile);

      const lines = texts(elements);
      // Amounts are never cut: each one is whole on a single line.
      for (const amount of [BIG, -BIG, 8_333_333_333_333, 1_666_666_666_666, 9_999_999, 3_333_333_333_333]) {
        const money = printed(formatReceiptMoney(amount, currency, locale), profile);
        expect(lines.some((line) => line.includes(money))).toBe(true);
      }
      // Long names wrap, they are not lost.
      const all = lines.join(' ');
      for (const name of longNames)
        for (const word of printed(name, profile).split(' ')) expect(all).toContain(word);
      expect(all).toContain(printed('Fernández-Villaverde', profile));
    },
  );

  it.each([
    ['a CODE128 of 15 characters', [code128('A-2026-00012345')]],
    ['a CODE128 of 30 characters', [code128('RES-2026-05-01-0001234567-ABCD')]],
    ['a 251-byte QR code', [qr(251)]],
    ['a 300-byte QR code', [qr(300)]],
    ['a 512-byte QR code', [qr(512)]],
    ['four codes at once', [code128('A-2026-00012345'), qr(251), qr(512), code128('0123456789012345')]],
  ] as const)('prints %s within the head, with the largest module that fits', (_name, codes) => {
    const receipt = longReceipt('es-ES', 'EUR', [...codes]);
    const elements = decodeEscPos(renderPrintJob(receiptJob(receipt), profile), profile.codePage);
    expectFits(elements, profile);
    const symbols = elements.filter((element) => element.kind === 'code128' || element.kind === 'qr');
    expect(symbols).toHaveLength(codes.length);
    for (const symbol of symbols) {
      // Barcodes are asked for at module 2, QR codes at 6; a smaller one only when the bigger is too wide.
      const wanted = symbol.kind === 'qr' ? 6 : 2;
      expect(symbol.module).toBeGreaterThanOrEqual(1);
      expect(symbol.module).toBeLessThanOrEqual(wanted);
      if (symbol.module < wanted)
        expect((symbol.dots / symbol.module) * (symbol.module + 1)).toBeGreaterThan(head);
    }
    // Every code's data is still readable under it (HRI) or as a line of text.
    for (const code of codes.filter((c) => c.kind === 'code128')) {
      const shown = elements.some(
        (element) => (element.kind === 'hri' || element.kind === 'text') && element.text.includes(code.data),
      );
      expect(shown).toBe(true);
    }
  });

  it('refuses a CODE128 that is wider than the head even with 1-dot bars', () => {
    // 50 characters of code set B: 11 * 50 + 35 = 585 modules, more than 576 dots.
    const receipt = longReceipt('es-ES', 'EUR', [code128('X'.repeat(50))]);
    expect(() => renderPrintJob(receiptJob(receipt), profile)).toThrow(
      expect.objectContaining({ name: 'LayoutDoesNotFitError', message: expect.stringMatching(/CODE128/) }),
    );
  });

  it('cuts text jobs at the head by the characters as printed', () => {
    const text = [
      'Location de kayak biplace « Découverte »… avec gilet, pagaie et bidon étanche — 2 h',
      'Ta\u0303o \u2026\u2026\u2026 e\u0301te\u0301 ñandú ÇÀÉÈÊ'.repeat(3),
      `${'='.repeat(70)}`,
    ].join('\n');
    const elements = decodeEscPos(renderPrintJob(printJob.parse({ kind: 'text', text }), profile));
    expectFits(elements, profile);
    expect(texts(elements).join('')).toContain('Découverte');
  });
});

describe('layout refusals', () => {
  it('refuses a QR code wider than a narrow head even at 1 dot per module', () => {
    const profile = makePrinterProfile({ dotsPerLine: 72 });
    // 512 bytes need version 18 at level M: 89 modules.
    const receipt = longReceipt('es-ES', 'EUR', [qr(512)]);
    receipt.lines = [];
    receipt.meta = [];
    receipt.header = { title: 'R', lines: [] };
    receipt.totals = [];
    receipt.taxes = [];
    receipt.payments = [];
    receipt.footer = [];
    expect(() => renderPrintJob(receiptJob(receipt), profile)).toThrow(
      expect.objectContaining({ name: 'LayoutDoesNotFitError', message: expect.stringMatching(/QR/) }),
    );
  });

  it('answers a print request that cannot fit with layout-does-not-fit, before queueing', async () => {
    const running = await startAgent();
    try {
      const { client } = await pairedClient(running);
      const receipt = longReceipt('fr-FR', 'EUR', [code128('Z'.repeat(40))]);
      expect(await client.request('print', { job: { kind: 'receipt', receipt } })).toMatchObject({
        ok: false,
        error: { code: 'layout-does-not-fit', message: expect.stringContaining('384 dots') },
      });
      await client.close();
    } finally {
      await running.close();
      await removeDir(running.dataDir);
    }
  });
});

import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { receiptDocument, type ReceiptDocumentInput } from '@nine/shared/receipt';
import { code128Bars, code128Pattern, code128Values, CODE128_STOP } from './code128.ts';
import { bitmapPath, ReceiptSheet, receiptStylesheet } from './receipt-sheet.tsx';

const french: ReceiptDocumentInput = {
  locale: 'fr-FR',
  currency: 'EUR',
  header: { title: 'Location Vélos Côte', lines: ['3 rue de la Plage', 'SIRET 123 456 789'] },
  meta: [
    { label: 'Commande', value: 'S-1042' },
    { label: 'Caissière', value: 'Léa' },
  ],
  lines: [
    { description: 'Vélo électrique', quantity: 2, unitPrice: 1250, amount: 2500, detail: 'Journée' },
    { description: 'Casque', quantity: 1, unitPrice: 300, amount: 300 },
  ],
  totals: [
    { label: 'Sous-total', amount: 2800 },
    { label: 'Total', amount: 2800, emphasis: true },
  ],
  taxes: [{ label: 'TVA', rate: 20, base: 2333, amount: 467 }],
  payments: [{ method: 'Espèces', amount: 3000, detail: 'Rendu 2,00 €' }],
  codes: [
    { kind: 'code128', data: 'S-1042', caption: 'S-1042' },
    { kind: 'qr', data: 'https://nine.test/o/S-1042' },
  ],
  footer: ['Merci et à bientôt !'],
};

function renderSheet(input: ReceiptDocumentInput, widthMm: 58 | 80 = 58) {
  return render(
    <ChakraProvider value={defaultSystem}>
      <ReceiptSheet receipt={receiptDocument.parse(input)} widthMm={widthMm} />
    </ChakraProvider>,
  );
}

const text = (node: Element | null) => (node?.textContent ?? '').replace(/\s/g, ' ');

describe('the browser receipt', () => {
  it('renders every part of the receipt model, money in the receipt’s locale and currency', () => {
    const { container } = renderSheet(french);
    const sheet = container.querySelector('.nine-receipt');
    expect(sheet?.getAttribute('lang')).toBe('fr-FR');
    expect(screen.getByRole('heading', { level: 1, name: 'Location Vélos Côte' })).toBeTruthy();
    expect(screen.getByText('SIRET 123 456 789')).toBeTruthy();

    const meta = container.querySelector('dl');
    expect(within(meta as HTMLElement).getByText('Caissière:')).toBeTruthy();
    expect(within(meta as HTMLElement).getByText('Léa')).toBeTruthy();

    expect(screen.getByText('Vélo électrique')).toBeTruthy();
    expect(text(screen.getByText(/^2 x/))).toBe('2 x 12,50 €');
    expect(screen.getByText('Journée')).toBeTruthy();
    const total = screen.getByText('Total').parentElement;
    expect(total?.className).toContain('nine-receipt__strong');
    expect(text(total)).toContain('28,00 €');
    expect(text(screen.getByText(/^TVA/))).toBe('TVA 20% / 23,33 €');
    expect(screen.getByText('Espèces')).toBeTruthy();
    expect(screen.getByText('Rendu 2,00 €')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'S-1042' }).querySelectorAll('rect').length).toBeGreaterThan(10);
    const qr = screen.getByLabelText('https://nine.test/o/S-1042');
    expect(qr.querySelector('path')?.getAttribute('d')?.length).toBeGreaterThan(100);
    expect(screen.getByText('Merci et à bientôt !')).toBeTruthy();
  });

  it('prints 58 mm rolls 48 mm wide and 80 mm rolls 72 mm wide, black on white', () => {
    expect(receiptStylesheet(58)).toContain('width: 58mm; padding: 3mm 5mm');
    expect(receiptStylesheet(80)).toContain('width: 80mm; padding: 3mm 4mm');
    expect(receiptStylesheet(58)).toContain('background: #fff; color: #000');
    const { container } = renderSheet({ header: { title: 'Wide' }, lines: [] }, 80);
    expect(container.querySelector('.nine-receipt')?.getAttribute('data-width')).toBe('80');
  });

  it('draws a 1-bit bitmap logo as runs of black pixels', () => {
    // 10 x 2: row 0 = 1100000011, row 1 = 0011110000.
    const data = btoa(String.fromCharCode(0b11000000, 0b11000000, 0b00111100, 0b00000000));
    expect(bitmapPath(10, 2, data)).toBe('M0 0h2v1h-2zM8 0h2v1h-2zM2 1h4v1h-4z');
  });
});

describe('CODE128', () => {
  it('has 107 symbols of 11 modules each (the stop symbol 13)', () => {
    for (let value = 0; value < CODE128_STOP; value++) {
      const widths = [...code128Pattern(value)].map(Number);
      expect(widths.reduce((a, b) => a + b, 0)).toBe(11);
    }
    expect([...code128Pattern(CODE128_STOP)].map(Number).reduce((a, b) => a + b, 0)).toBe(13);
    const all = Array.from({ length: 107 }, (_, value) => code128Pattern(value));
    expect(new Set(all).size).toBe(107);
  });

  it('encodes text in code set B with its checksum', () => {
    // Start B (104), P J J 1 2 3 C, checksum (104 + 1·48 + 2·42 + 3·42 + 4·17 + 5·18 + 6·19 + 7·35) mod 103.
    expect(code128Values('PJJ123C')).toEqual([104, 48, 42, 42, 17, 18, 19, 35, 55, 106]);
  });

  it('packs even runs of digits two per symbol in code set C', () => {
    expect(code128Values('123456')).toEqual([105, 12, 34, 56, (105 + 12 + 2 * 34 + 3 * 56) % 103, 106]);
    // Odd digit counts stay in code set B.
    expect(code128Values('12345')?.[0]).toBe(104);
  });

  it('refuses what it cannot carry', () => {
    expect(code128Values('')).toBeNull();
    expect(code128Values('café')).toBeNull();
    expect(code128Bars('tab\there')).toBeNull();
  });

  it('lays bars out between quiet zones', () => {
    const bars = code128Bars('AB');
    // Start, A, B, checksum: 4 × 11 modules, stop 13, two quiet zones of 10.
    expect(bars?.modules).toBe(4 * 11 + 13 + 20);
    expect(bars?.bars[0]).toEqual([10, 2]);
  });
});

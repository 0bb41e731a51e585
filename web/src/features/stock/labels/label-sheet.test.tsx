import { render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LabelItem } from '@nine/shared/schemas/stock';
import { LABEL_SHEET_ID, LabelGrid, LabelSheetPrint } from './label-sheet.tsx';

const items: LabelItem[] = [
  { item_id: 1, sku: 'SKI-1', barcode: 'NINE-000001', product_name: 'Touring ski', status: 'available' },
  { item_id: 2, sku: 'SKI-2', barcode: 'NINE-000002', product_name: 'Touring ski', status: 'available' },
];

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('label sheet', () => {
  it('draws a barcode on every label once the barcode library has been fetched', async () => {
    render(<LabelGrid items={items} kind="code128" />);
    const labels = screen.getAllByTestId('label');
    expect(labels).toHaveLength(2);
    await waitFor(() => expect(labels.every((label) => label.querySelector('svg') !== null)).toBe(true));
    expect(labels[0]?.textContent).toContain('Touring ski');
    expect(labels[0]?.parentElement?.getAttribute('aria-busy')).toBe('false');
  });

  it('opens the print dialog only when the barcodes are on the sheet', async () => {
    let barcodesAtPrint = -1;
    // happy-dom has no print dialog.
    const print = vi.fn(() => {
      barcodesAtPrint = document.querySelectorAll(`#${LABEL_SHEET_ID} svg`).length;
    });
    vi.stubGlobal('print', print);
    render(<LabelSheetPrint items={items} kind="qr" onDone={() => undefined} />);
    await waitFor(() => expect(print).toHaveBeenCalledTimes(1));
    expect(barcodesAtPrint).toBe(2);
  });
});

import { describe, expect, it, vi } from 'vitest';
import type { ReceiptDocumentInput } from '@nine/shared/receipt';
import { IDLE_PRINT, type PrintOptions, type PrintState } from '../../features/agent/printing/use-print.ts';
import { printCopies, receiptCopies } from './payment-panels-page.tsx';

const receipt = (title: string): ReceiptDocumentInput => ({ header: { title }, lines: [] });

describe('print setup copies', () => {
  it('prints each receipt as many times as the location asks, the drawer with the first only', async () => {
    const print = vi.fn(
      async (_receipt: ReceiptDocumentInput, _options?: PrintOptions): Promise<PrintState> => ({
        ...IDLE_PRINT,
        phase: 'done',
      }),
    );
    await printCopies(print, [receipt('A'), receipt('B')], receiptCopies({ receipt_copies: 2 }), {
      openDrawer: true,
    });
    expect(print.mock.calls.map(([r, o]) => [r.header.title, o?.openDrawer])).toEqual([
      ['A', true],
      ['A', false],
      ['B', false],
      ['B', false],
    ]);
    expect(receiptCopies(undefined)).toBe(1);
  });

  it('stops at the first failed print', async () => {
    const print = vi.fn(
      async (_receipt: ReceiptDocumentInput, _options?: PrintOptions): Promise<PrintState> => ({
        ...IDLE_PRINT,
        phase: 'failed',
      }),
    );
    await printCopies(print, [receipt('A')], 3);
    expect(print).toHaveBeenCalledTimes(1);
  });
});

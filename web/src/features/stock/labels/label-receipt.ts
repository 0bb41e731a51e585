import type { ReceiptDocumentInput } from '@nine/shared/receipt';
import type { LabelItem } from '@nine/shared/schemas/stock';
import type { LabelCode } from './label-svg.ts';

/** One label on the receipt printer: the product as the title, the code (with the SKU under it). */
export function labelReceipt(item: LabelItem, kind: LabelCode, locale: string): ReceiptDocumentInput {
  return {
    locale,
    header: { title: item.product_name.slice(0, 64), lines: [] },
    lines: [],
    codes: [{ kind, data: item.barcode, caption: item.sku.slice(0, 64) }],
  };
}

import { formatReceiptNumber } from '@nine/shared/receipt';
import { priceRows, type PriceBreakdown, type PriceRow } from '@nine/shared/tax';
import type { AppT } from './i18n.ts';

export interface LabelledPriceRow {
  kind: PriceRow['kind'];
  label: string;
  amount_minor: number;
  /** The total: bold on paper and on screen. */
  emphasis: boolean;
}

/**
 * A breakdown's summary rows worded in the reader's language, for every receipt, print and review:
 * Subtotal, Discount, "Sales tax 8.25%" then Total when tax is added, or Total then "Includes Sales tax
 * 8.25%" when prices include it.
 */
export function labelPriceRows(t: AppT, breakdown: PriceBreakdown, locale: string): LabelledPriceRow[] {
  return priceRows(breakdown).map((row) => {
    const base = { kind: row.kind, amount_minor: row.amount_minor, emphasis: row.kind === 'total' };
    switch (row.kind) {
      case 'subtotal':
      case 'discount':
      case 'total':
        return { ...base, label: t(`common:price.${row.kind}`) };
      case 'tax':
        return {
          ...base,
          label:
            row.rate_bp === null
              ? t('common:price.tax')
              : t('common:price.tax_rate', {
                  name: row.name || t('common:price.tax'),
                  rate: formatReceiptNumber(row.rate_bp / 100, locale),
                }),
        };
      case 'tax_included':
        return {
          ...base,
          label: t('common:price.includes', {
            name: row.name || t('common:price.tax'),
            rate: formatReceiptNumber(row.rate_bp / 100, locale),
          }),
        };
    }
  });
}

/** show_taxes_mode `per_line`: a line's share of the tax, written under it; null in the other modes. */
export function lineTaxNote(
  t: AppT,
  breakdown: PriceBreakdown,
  taxMinor: number,
  money: (minor: number) => string,
): string | null {
  if (breakdown.show_taxes_mode !== 'per_line' || breakdown.taxes.length === 0) return null;
  return breakdown.is_tax_included
    ? t('common:price.line_tax_included', { amount: money(taxMinor) })
    : t('common:price.line_tax', { amount: money(taxMinor) });
}

import type { AppT } from '../../../lib/i18n.ts';
import type { OrderColumnId } from '../list/column-config.ts';
import type { OrderKind } from '../order-kind.ts';

/** A column's translated default title; a sale has items, not rental items. */
export function defaultColumnTitle(t: AppT, kind: OrderKind, id: OrderColumnId): string {
  return kind === 'sale' && id === 'rental_items'
    ? t('orders:columns.sale_items')
    : t(`orders:columns.${id}`);
}

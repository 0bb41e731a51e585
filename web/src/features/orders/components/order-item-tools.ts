import type { OrderItem } from '../api/get-order.ts';
import type { OrderKind } from '../order-kind.ts';

// What the items table and the item tool dialog both need; a module of its own keeps the two from
// importing each other.

/** The item actions of the order view that open a form: edit item, set counter, replace item. */
export type ItemTool = 'edit' | 'counter' | 'replace' | 'delivery';

/** Which tools a line offers now; the server checks the same rules. */
export function itemTools(kind: OrderKind, item: OrderItem): ItemTool[] {
  if (item.status === 'cancelled') return [];
  const tools: ItemTool[] = [];
  if (!item.invoiced) tools.push('edit');
  if (kind === 'rent') tools.push('counter');
  if (kind === 'rent' && item.item_id !== null && (item.status === 'pending' || item.status === 'confirmed'))
    tools.push('replace');
  if (kind === 'rent' && item.status !== 'returned') tools.push('delivery');
  return tools;
}

/** A line's name as every order screen shows it: the product, and the unit's SKU when it has one. */
export function itemName(item: OrderItem): string {
  return item.item_sku ? `${item.product_name} (${item.item_sku})` : item.product_name;
}

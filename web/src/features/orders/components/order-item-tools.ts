import type { OrderDetail, OrderItem } from '../api/get-order.ts';
import type { OrderKind } from '../order-kind.ts';

// What the items table and the item tool dialog both need; a module of its own keeps the two from
// importing each other.

/** The item actions of the order view that open a form: edit item, set counter, replace item. */
export type ItemTool = 'edit' | 'counter' | 'replace' | 'delivery';

/**
 * Which tools a line offers now; the server checks the same rules. A delivered line is replaced (the old
 * item back, the new one out at once) only under the activity switch the order carries as replace_delivered.
 */
export function itemTools(
  kind: OrderKind,
  item: OrderItem,
  order?: Pick<OrderDetail, 'replace_delivered'>,
): ItemTool[] {
  if (item.status === 'cancelled') return [];
  const tools: ItemTool[] = [];
  if (!item.invoiced) tools.push('edit');
  if (kind === 'rent') tools.push('counter');
  const replaceable =
    item.status === 'pending' ||
    item.status === 'confirmed' ||
    (item.status === 'delivered' && order?.replace_delivered === true);
  if (kind === 'rent' && item.item_id !== null && replaceable) tools.push('replace');
  if (kind === 'rent' && item.status !== 'returned') tools.push('delivery');
  return tools;
}

/** A line's name as every order screen shows it: the product, and the unit's SKU when it has one. */
export function itemName(item: OrderItem): string {
  return item.item_sku ? `${item.product_name} (${item.item_sku})` : item.product_name;
}

import { Button, HStack, Stack, Table, Text } from '@chakra-ui/react';
import { formatMoney } from '@nine/shared/money';
import { currentLanguage, useAppTranslation } from '../../../lib/i18n.ts';
import type { OrderDetail, OrderItem } from '../api/get-order.ts';
import { invoiceableItems } from '../view/invoiceable-items.ts';
import { itemActions, type OrderAction } from '../view/order-actions.ts';
import { formatDateTime } from './format.ts';
import { itemName, itemTools, type ItemTool } from './order-item-tools.ts';
import { ItemStatusBadge } from './order-status-badge.tsx';

export interface OrderItemsTableProps {
  order: OrderDetail;
  currencySymbol: string;
  /** False for people who may view but not change the order: no action buttons. */
  canChange: boolean;
  busy: boolean;
  /** The action being sent, to show which button is working. */
  pending: OrderAction | null;
  onAction(action: OrderAction): void;
  /** Offered on lines not cancelled when the user may change costs (`changeCost`). */
  onChangeCost?(item: OrderItem): void;
  /** Edit item, set counter, replace item: offered where the line allows them. */
  onItemTool?(tool: ItemTool, item: OrderItem): void;
  /** Add to invoice: offered on lines not billed yet that manual_invoice_time allows now. */
  onAddToInvoice?(item: OrderItem): void;
  /** Return deposit: offered on returned lines while the order holds a deposit (leads to its panel). */
  onReturnDeposit?(): void;
}

/** The order's items with the actions each allows now (from allowed_events, nothing else). */
export function OrderItemsTable({
  order,
  currencySymbol,
  canChange,
  busy,
  pending,
  onAction,
  onChangeCost,
  onItemTool,
  onAddToInvoice,
  onReturnDeposit,
}: OrderItemsTableProps) {
  const { t } = useAppTranslation();
  const money = (minor: number) => formatMoney(minor, currencySymbol, currentLanguage());
  if (order.items.length === 0) return <Text color="fg.muted">{t('orders:view.no_items')}</Text>;
  // The actions column shows only when some item has an action now.
  const costChangeable = (item: OrderItem) => onChangeCost !== undefined && item.status !== 'cancelled';
  const toolsOf = (item: OrderItem) =>
    onItemTool === undefined ? [] : itemTools(order.type === 'sale' ? 'sale' : 'rent', item);
  const billable = new Set(
    onAddToInvoice === undefined ? [] : invoiceableItems(order).map((item) => item.id),
  );
  const depositReturnable = (item: OrderItem) =>
    onReturnDeposit !== undefined && order.deposit_in_custody && item.status === 'returned';
  const withActions =
    canChange &&
    order.items.some(
      (item) =>
        itemActions(order.allowed_events, item.id).length > 0 ||
        costChangeable(item) ||
        toolsOf(item).length > 0 ||
        billable.has(item.id) ||
        depositReturnable(item),
    );

  return (
    <Table.ScrollArea borderWidth="1px" borderRadius="l2">
      <Table.Root size="sm">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>{t('orders:view.product')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('orders:view.sku')}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{t('orders:view.quantity')}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{t('orders:view.unit_price')}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{t('orders:view.discount')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('orders:view.item_status')}</Table.ColumnHeader>
            {withActions && <Table.ColumnHeader>{t('orders:view.item_actions')}</Table.ColumnHeader>}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {order.items.map((item) => {
            const actions = withActions ? itemActions(order.allowed_events, item.id) : [];
            return (
              <Table.Row key={item.id}>
                <Table.Cell>
                  <Stack gap="0">
                    <Text fontWeight="medium">{item.product_name}</Text>
                    {item.product_category !== null && (
                      <Text fontSize="xs" color="fg.muted">
                        {item.product_category}
                      </Text>
                    )}
                  </Stack>
                </Table.Cell>
                <Table.Cell>
                  {order.type === 'sale' ? (
                    // Sale products are sold off the shelf by product: their SKU is the product's, never missing.
                    <Text>{item.product_sku}</Text>
                  ) : item.item_sku !== null ? (
                    <Stack gap="0">
                      <Text>{item.item_sku}</Text>
                      {item.barcode !== null && (
                        <Text fontSize="xs" color="fg.muted">
                          {item.barcode}
                        </Text>
                      )}
                    </Stack>
                  ) : (
                    <Text color="fg.muted">{t('orders:view.no_sku')}</Text>
                  )}
                </Table.Cell>
                <Table.Cell textAlign="end">{item.quantity}</Table.Cell>
                <Table.Cell textAlign="end" whiteSpace="nowrap">
                  {money(item.unit_price_minor)}
                </Table.Cell>
                <Table.Cell textAlign="end" whiteSpace="nowrap">
                  {item.discount_minor > 0 ? money(item.discount_minor) : ''}
                </Table.Cell>
                <Table.Cell>
                  <Stack gap="1" align="flex-start">
                    <ItemStatusBadge status={item.status} />
                    {item.delivered_at !== null && (
                      <Text fontSize="xs" color="fg.muted">
                        {t('orders:view.delivered_at', { at: formatDateTime(item.delivered_at) })}
                      </Text>
                    )}
                    {(item.counter_start !== null || item.counter_end !== null) && (
                      <Text fontSize="xs" color="fg.muted">
                        {t('orders:item_tools.counters', {
                          start: item.counter_start ?? '—',
                          end: item.counter_end ?? '—',
                        })}
                      </Text>
                    )}
                    {item.returned_at !== null && (
                      <Text fontSize="xs" color="fg.muted">
                        {t('orders:view.returned_at', { at: formatDateTime(item.returned_at) })}
                      </Text>
                    )}
                  </Stack>
                </Table.Cell>
                {withActions && (
                  <Table.Cell>
                    <HStack gap="1" wrap="wrap">
                      {actions.map((action) => {
                        const label = t(`orders:actions.item.${action.type}`);
                        const working =
                          pending?.type === action.type &&
                          pending.itemIds?.length === 1 &&
                          pending.itemIds[0] === item.id;
                        return (
                          <Button
                            key={action.type}
                            size="xs"
                            variant={action.type === 'CANCEL_ITEMS' ? 'ghost' : 'outline'}
                            colorPalette={action.type === 'CANCEL_ITEMS' ? 'red' : undefined}
                            aria-label={t('orders:actions.item_label', {
                              action: label,
                              item: itemName(item),
                            })}
                            disabled={busy}
                            loading={working}
                            onClick={() => onAction(action)}
                          >
                            {label}
                          </Button>
                        );
                      })}
                      {costChangeable(item) && (
                        <Button
                          size="xs"
                          variant="outline"
                          aria-label={t('orders:actions.item_label', {
                            action: t('orders:change_cost.action'),
                            item: itemName(item),
                          })}
                          disabled={busy}
                          onClick={() => onChangeCost?.(item)}
                        >
                          {t('orders:change_cost.action')}
                        </Button>
                      )}
                      {toolsOf(item).map((tool) => {
                        const label = t(`orders:item_tools.${tool}`);
                        return (
                          <Button
                            key={tool}
                            size="xs"
                            variant="outline"
                            aria-label={t('orders:actions.item_label', {
                              action: label,
                              item: itemName(item),
                            })}
                            disabled={busy}
                            onClick={() => onItemTool?.(tool, item)}
                          >
                            {label}
                          </Button>
                        );
                      })}
                      {billable.has(item.id) && (
                        <Button
                          size="xs"
                          variant="outline"
                          aria-label={t('orders:actions.item_label', {
                            action: t('orders:add_to_invoice.action'),
                            item: itemName(item),
                          })}
                          disabled={busy}
                          onClick={() => onAddToInvoice?.(item)}
                        >
                          {t('orders:add_to_invoice.action')}
                        </Button>
                      )}
                      {depositReturnable(item) && (
                        <Button
                          size="xs"
                          variant="outline"
                          aria-label={t('orders:actions.item_label', {
                            action: t('orders:return_deposit.action'),
                            item: itemName(item),
                          })}
                          onClick={() => onReturnDeposit?.()}
                        >
                          {t('orders:return_deposit.action')}
                        </Button>
                      )}
                    </HStack>
                  </Table.Cell>
                )}
              </Table.Row>
            );
          })}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}

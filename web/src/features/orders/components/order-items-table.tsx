import { Button, HStack, Stack, Text } from '@chakra-ui/react';
import { DataTable, type DataTableColumn } from '../../../components/data-table/data-table.tsx';
import { amountColumn } from '../../../components/data-table/amount-column.ts';
import { currentLanguage, useAppTranslation } from '../../../lib/i18n.ts';
import type { OrderDetail, OrderItem } from '../api/get-order.ts';
import { invoiceableItems } from '../view/invoiceable-items.ts';
import { itemActions, type OrderAction } from '../view/order-actions.ts';
import { formatDateTime, formatMoney } from '../../../lib/format.ts';
import { itemName, itemTools, type ItemTool } from './order-item-tools.ts';
import { ItemStatusBadge } from '../../../components/order-status-badge.tsx';

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

/** One button of a line: an event of the order machine or a tool that opens a form. */
interface LineTool {
  key: string;
  label: string;
  run(): void;
  /** Cancelling: a quiet red button. */
  danger?: boolean;
  loading?: boolean;
  /** Stays usable while an action is being sent: it only leads to another panel. */
  whileBusy?: boolean;
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
  const money = (minor: number) => (
    <Text as="span" whiteSpace="nowrap">
      {formatMoney(minor, currencySymbol, currentLanguage())}
    </Text>
  );
  if (order.items.length === 0) return <Text color="fg.muted">{t('orders:view.no_items')}</Text>;
  const billable = new Set(
    onAddToInvoice === undefined ? [] : invoiceableItems(order).map((item) => item.id),
  );
  const optional = (offered: boolean, tool: LineTool): LineTool[] => (offered ? [tool] : []);
  const lineTools = (item: OrderItem): LineTool[] => [
    ...itemActions(order.allowed_events, item.id).map((action) => ({
      key: action.type,
      label: t(`orders:actions.item.${action.type}`),
      run: () => onAction(action),
      danger: action.type === 'CANCEL_ITEMS',
      loading:
        pending?.type === action.type && pending.itemIds?.length === 1 && pending.itemIds[0] === item.id,
    })),
    ...optional(onChangeCost !== undefined && item.status !== 'cancelled', {
      key: 'change_cost',
      label: t('orders:change_cost.action'),
      run: () => onChangeCost?.(item),
    }),
    ...(onItemTool === undefined ? [] : itemTools(order.type === 'sale' ? 'sale' : 'rent', item, order)).map(
      (tool: ItemTool) => ({
        key: tool,
        label: t(`orders:item_tools.${tool}`),
        run: () => onItemTool?.(tool, item),
      }),
    ),
    ...optional(billable.has(item.id), {
      key: 'add_to_invoice',
      label: t('orders:add_to_invoice.action'),
      run: () => onAddToInvoice?.(item),
    }),
    ...optional(onReturnDeposit !== undefined && order.deposit_in_custody && item.status === 'returned', {
      key: 'return_deposit',
      label: t('orders:return_deposit.action'),
      run: () => onReturnDeposit?.(),
      whileBusy: true,
    }),
  ];
  // The actions column shows only when some item has an action now.
  const withActions = canChange && order.items.some((item) => lineTools(item).length > 0);

  const columns: DataTableColumn<OrderItem>[] = [
    {
      id: 'product',
      title: t('orders:view.product'),
      cell: (item) => (
        <Stack gap="0">
          <Text fontWeight="medium">{item.product_name}</Text>
          {item.product_category !== null && (
            <Text fontSize="xs" color="fg.muted">
              {item.product_category}
            </Text>
          )}
        </Stack>
      ),
    },
    {
      id: 'sku',
      title: t('orders:view.sku'),
      cell: (item) =>
        order.type === 'sale' ? (
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
        ),
    },
    { id: 'quantity', title: t('orders:view.quantity'), cell: (item) => item.quantity, align: 'end' },
    amountColumn('unit_price', t('orders:view.unit_price'), (item) => item.unit_price_minor, money),
    amountColumn('discount', t('orders:view.discount'), (item) => item.discount_minor, money, {
      positiveOnly: true,
    }),
    {
      id: 'status',
      title: t('orders:view.item_status'),
      cell: (item) => (
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
      ),
    },
  ];
  if (withActions)
    columns.push({
      id: 'actions',
      title: t('orders:view.item_actions'),
      cell: (item) => (
        <HStack gap="1" wrap="wrap">
          {lineTools(item).map((tool) => (
            <Button
              key={tool.key}
              size="xs"
              variant={tool.danger ? 'ghost' : 'outline'}
              colorPalette={tool.danger ? 'red' : undefined}
              // "Deliver: Sea kayak (KAY-01)": every line has the same buttons.
              aria-label={t('orders:actions.item_label', { action: tool.label, item: itemName(item) })}
              disabled={busy && !tool.whileBusy}
              loading={tool.loading}
              onClick={tool.run}
            >
              {tool.label}
            </Button>
          ))}
        </HStack>
      ),
    });

  return (
    <DataTable<OrderItem>
      columns={columns}
      rows={order.items}
      rowId={(item) => item.id}
      caption={t('orders:view.items')}
    />
  );
}

import { Box, Button, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { formatDateTime, formatMoney } from '../../../lib/format.ts';
import {
  PrintLines,
  PrintScreen,
  PrintSheet,
  PrintTotals,
  type PrintWidth,
} from '../../../components/print-sheet.tsx';
import { PrintCustomer } from '../../../components/print-customer.tsx';
import { loadFailureText } from '../../../components/record-load-state.tsx';
import { currentLanguage, useAppTranslation } from '../../../lib/i18n.ts';
import { labelPriceRows, lineTaxNote } from '../../../lib/price-rows.ts';
import { useOrder, type OrderDetail } from '../api/get-order.ts';
import type { OrderKind } from '../order-kind.ts';

export interface OrderPrintProps {
  kind: OrderKind;
  id: number;
  locationId: number;
  width: PrintWidth;
  /** order_print_header or sale_order_print_header from the general settings. */
  header: string | null;
  currencySymbol: string;
  backHref: string;
  /**
   * The print buttons, given the order once loaded: the page composes the agent's silent print here.
   * Without it, a button opens the browser's print dialog.
   */
  controls?: (order: OrderDetail | undefined) => ReactNode;
}

/** A printable order: the sheet for the browser's print dialog, and the controls the page gives it. */
export function OrderPrint(props: OrderPrintProps) {
  const { t } = useAppTranslation();
  const query = useOrder(props.kind, props.locationId, props.id);

  return (
    <PrintScreen
      width={props.width}
      controls={
        props.controls ? (
          props.controls(query.data)
        ) : (
          <Button onClick={() => window.print()} disabled={!query.data}>
            {t('orders:print.print')}
          </Button>
        )
      }
      backHref={props.backHref}
      backLabel={t('orders:print.back')}
      loading={query.isPending}
      error={loadFailureText(query.error, t('orders:view.not_found'), t('orders:view.load_failed'))}
    >
      {query.data && <OrderSheet order={query.data} {...props} />}
    </PrintScreen>
  );
}

function OrderSheet({ order, width, header, currencySymbol }: OrderPrintProps & { order: OrderDetail }) {
  const { t } = useAppTranslation();
  const money = (minor: number) => formatMoney(minor, currencySymbol, currentLanguage());
  const receipt = width !== 'a4';
  const lines = order.items.filter((item) => item.status !== 'cancelled');
  const rent = order.type !== 'sale';
  const breakdown = order.price_breakdown;
  const shares = new Map(breakdown.lines.map((line) => [line.id, line]));

  return (
    <PrintSheet
      width={width}
      header={header}
      heading={
        receipt
          ? t('orders:print.receipt', { number: order.number })
          : t('orders:print.heading', { number: order.number })
      }
      receiptFooter={t('orders:print.thanks')}
    >
      <Box mt="2" mb="3">
        <Text>
          {t('orders:print.date')}: {formatDateTime(order.created_at)}
        </Text>
        {rent && order.planned_start !== null && order.planned_finish !== null && (
          <Text>
            {t('orders:print.period')}:{' '}
            {t('orders:print.period_value', {
              from: formatDateTime(order.planned_start),
              to: formatDateTime(order.planned_finish),
            })}
          </Text>
        )}
        {order.customer !== null && !order.customer.is_anonymous && (
          <PrintCustomer
            label={t('orders:print.customer')}
            name={order.customer.name}
            phone={order.customer.phone}
            address={
              order.customer.address === null
                ? null
                : [order.customer.address, order.customer.postal_code]
                    .filter((part) => part !== null)
                    .join(', ')
            }
            receipt={receipt}
          />
        )}
      </Box>

      <PrintLines
        receipt={receipt}
        headings={[
          t('orders:print.item'),
          t('orders:print.quantity'),
          t('orders:print.price'),
          t('orders:print.amount'),
        ]}
        lines={[
          ...lines.map((item) => {
            // Quantity × price: the lines add up to the subtotal; discount and tax are summed below.
            const share = shares.get(item.id);
            const amount = money(share?.amount_minor ?? item.unit_price_minor * item.quantity);
            const detail = [
              item.discount_minor > 0
                ? t('fulfilment:receipt.discount', { amount: money(-item.discount_minor) })
                : null,
              lineTaxNote(t, breakdown, share?.tax_minor ?? 0, money),
            ]
              .filter((part): part is string => part !== null)
              .join(' · ');
            const name =
              item.item_sku !== null ? `${item.product_name} (${item.item_sku})` : item.product_name;
            return {
              key: item.id,
              description: item.item_sku ? `${item.product_name} ${item.item_sku}` : item.product_name,
              quantity: item.quantity,
              price: money(item.unit_price_minor),
              amount,
              detail,
              cells: [
                detail === '' ? (
                  name
                ) : (
                  <>
                    {name}
                    <Text fontSize="sm">{detail}</Text>
                  </>
                ),
                item.quantity,
                money(item.unit_price_minor),
                amount,
              ],
            };
          }),
          // The delivery fees are in the subtotal: their line makes the lines add up to it.
          ...(order.delivery_fee_minor > 0
            ? [
                {
                  key: -1,
                  description: t('orders:view.delivery_fees'),
                  quantity: 1,
                  price: money(order.delivery_fee_minor),
                  amount: money(order.delivery_fee_minor),
                  detail: '',
                  cells: [
                    t('orders:view.delivery_fees'),
                    1,
                    money(order.delivery_fee_minor),
                    money(order.delivery_fee_minor),
                  ],
                },
              ]
            : []),
        ]}
      />

      <PrintTotals
        receipt={receipt}
        width="60mm"
        rows={[
          ...labelPriceRows(t, breakdown, currentLanguage()).map(
            (row) => [row.label, money(row.amount_minor)] as const,
          ),
          ...(rent && order.deposit_minor > 0
            ? [[t('orders:print.deposit'), money(order.deposit_minor)] as const]
            : []),
          [t('orders:print.paid'), money(order.paid_minor)],
          [t('orders:print.balance'), money(order.balance_minor)],
        ]}
      />
      {order.customer_note !== null && (
        <Text mt="3" whiteSpace="pre-line">
          {t('orders:print.customer_note')}: {order.customer_note}
        </Text>
      )}
    </PrintSheet>
  );
}

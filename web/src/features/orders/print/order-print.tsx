import { Box, Button, HStack, Link as ChakraLink, Text, chakra } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { formatMoney } from '@nine/shared/money';
import { ApiError } from '../../../lib/api-client.ts';
import { currentLanguage, useAppTranslation } from '../../../lib/i18n.ts';
import { useOrder, type OrderDetail } from '../api/get-order.ts';
import { formatDateTime } from '../components/format.ts';
import type { OrderKind } from '../order-kind.ts';

/** A4 for the office printer, or a receipt roll width (spec section 9: a 55 mm variant). */
export type PrintWidth = 'a4' | '80mm' | '55mm';

/** The print stylesheet: page size and margins, and nothing on paper but the document. */
export function printStylesheet(width: PrintWidth): string {
  const page =
    width === 'a4' ? '@page { size: A4; margin: 12mm; }' : `@page { size: ${width} auto; margin: 2mm; }`;
  return `${page}
@media print {
  html, body { background: #fff !important; color: #000 !important; }
  .nine-no-print { display: none !important; }
  .nine-print-sheet { box-shadow: none !important; border: 0 !important; margin: 0 !important; padding: 0 !important; }
}`;
}

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

const sheetWidth: Record<PrintWidth, string> = { a4: '186mm', '80mm': '76mm', '55mm': '51mm' };

/** A printable order: the sheet for the browser's print dialog, and the controls the page gives it. */
export function OrderPrint(props: OrderPrintProps) {
  const { t } = useAppTranslation();
  const query = useOrder(props.kind, props.locationId, props.id);

  return (
    <Box bg={{ base: 'bg.muted', _print: 'white' }} minH="100dvh" py={{ base: '6', _print: '0' }} px="2">
      <style>{printStylesheet(props.width)}</style>
      <HStack className="nine-no-print" justify="center" gap="3" mb="4">
        {props.controls ? (
          props.controls(query.data)
        ) : (
          <Button onClick={() => window.print()} disabled={!query.data}>
            {t('orders:print.print')}
          </Button>
        )}
        <ChakraLink asChild colorPalette="blue" variant="underline">
          <Link href={props.backHref}>{t('orders:print.back')}</Link>
        </ChakraLink>
      </HStack>
      {query.isPending && (
        <Text className="nine-no-print" textAlign="center">
          {t('common:loading')}
        </Text>
      )}
      {query.isError && (
        <Text className="nine-no-print" role="alert" textAlign="center">
          {query.error instanceof ApiError && query.error.status === 404
            ? t('orders:view.not_found')
            : t('orders:view.load_failed')}
        </Text>
      )}
      {query.data && <PrintSheet order={query.data} {...props} />}
    </Box>
  );
}

const Cell = chakra('td', { base: { py: '1', pe: '2', verticalAlign: 'top' } });
const HeadCell = chakra('th', {
  base: { py: '1', pe: '2', textAlign: 'start', borderBottom: '1px solid #000' },
});

function PrintSheet({ order, width, header, currencySymbol }: OrderPrintProps & { order: OrderDetail }) {
  const { t } = useAppTranslation();
  const money = (minor: number) => formatMoney(minor, currencySymbol, currentLanguage());
  const receipt = width !== 'a4';
  const lines = order.items.filter((item) => item.status !== 'cancelled');
  const rent = order.type !== 'sale';

  return (
    <Box
      as="article"
      className="nine-print-sheet"
      bg="white"
      color="black"
      mx="auto"
      width={sheetWidth[width]}
      maxW="full"
      p={receipt ? '2' : '8'}
      shadow="md"
      fontSize={receipt ? '9pt' : '10pt'}
      fontFamily={receipt ? 'mono' : undefined}
    >
      {header !== null && header.trim() !== '' && (
        <Text whiteSpace="pre-line" textAlign="center" mb="3" fontWeight="semibold">
          {header}
        </Text>
      )}
      <Text
        as="h1"
        fontSize={receipt ? '11pt' : '16pt'}
        fontWeight="bold"
        textAlign={receipt ? 'center' : 'start'}
      >
        {receipt
          ? t('orders:print.receipt', { number: order.number })
          : t('orders:print.heading', { number: order.number })}
      </Text>
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
          <Box mt="1">
            <Text>
              {t('orders:print.customer')}: {order.customer.name}
            </Text>
            {order.customer.phone !== null && <Text>{order.customer.phone}</Text>}
            {!receipt && order.customer.address !== null && (
              <Text>
                {order.customer.address}
                {order.customer.postal_code !== null ? `, ${order.customer.postal_code}` : ''}
              </Text>
            )}
          </Box>
        )}
      </Box>

      {receipt ? (
        <Box borderTop="1px dashed #000" borderBottom="1px dashed #000" py="1">
          {lines.map((item) => (
            <Box key={item.id} py="0.5">
              <Text>{item.item_sku ? `${item.product_name} ${item.item_sku}` : item.product_name}</Text>
              <HStack justify="space-between">
                <Text>
                  {item.quantity} × {money(item.unit_price_minor)}
                </Text>
                <Text>{money(item.unit_price_minor * item.quantity - item.discount_minor)}</Text>
              </HStack>
            </Box>
          ))}
        </Box>
      ) : (
        <chakra.table width="full" borderCollapse="collapse">
          <thead>
            <tr>
              <HeadCell>{t('orders:print.item')}</HeadCell>
              <HeadCell textAlign="end">{t('orders:print.quantity')}</HeadCell>
              <HeadCell textAlign="end">{t('orders:print.price')}</HeadCell>
              <HeadCell textAlign="end">{t('orders:print.amount')}</HeadCell>
            </tr>
          </thead>
          <tbody>
            {lines.map((item) => (
              <tr key={item.id}>
                <Cell>
                  {item.product_name}
                  {item.item_sku !== null && ` (${item.item_sku})`}
                </Cell>
                <Cell textAlign="end">{item.quantity}</Cell>
                <Cell textAlign="end">{money(item.unit_price_minor)}</Cell>
                <Cell textAlign="end">
                  {money(item.unit_price_minor * item.quantity - item.discount_minor)}
                </Cell>
              </tr>
            ))}
          </tbody>
        </chakra.table>
      )}

      <Box mt="3" ms={receipt ? undefined : 'auto'} width={receipt ? 'full' : '60mm'}>
        {[
          [t('orders:print.total'), money(order.total_minor)],
          ...(rent && order.deposit_minor > 0
            ? [[t('orders:print.deposit'), money(order.deposit_minor)]]
            : []),
          [t('orders:print.paid'), money(order.paid_minor)],
          [t('orders:print.balance'), money(order.balance_minor)],
        ].map(([label, value]) => (
          <HStack key={label} justify="space-between">
            <Text>{label}</Text>
            <Text fontWeight="semibold">{value}</Text>
          </HStack>
        ))}
      </Box>
      {order.customer_note !== null && (
        <Text mt="3" whiteSpace="pre-line">
          {t('orders:print.customer_note')}: {order.customer_note}
        </Text>
      )}
      {receipt && (
        <Text mt="3" textAlign="center">
          {t('orders:print.thanks')}
        </Text>
      )}
    </Box>
  );
}

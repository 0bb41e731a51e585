import { Button, HStack, Text } from '@chakra-ui/react';
import { useCallback } from 'react';
import type { PaymentView } from '@nine/shared/schemas/payments';
import { PrintConfirmation } from '../../features/agent/printing/print-confirmation.tsx';
import { printStatusColor, printStatusText } from '../../features/agent/printing/receipt-print-button.tsx';
import { usePrint, usePrintMode } from '../../features/agent/printing/use-print.ts';
import type { OrderDetail } from '../../features/orders/api/get-order.ts';
import type { OrderKind } from '../../features/orders/order-kind.ts';
import type { PrintWidth } from '../../components/print-sheet.tsx';
import { OrderPrint } from '../../features/orders/print/order-print.tsx';
import { buildOrderReceipt, type OrderReceiptInput } from '../../features/orders/print/order-receipt.ts';
import { useSession } from '../../features/session/session-context.tsx';
import { useBusinessInfo } from '../../features/settings/api/get-business-info.ts';
import { useGeneralSettings } from '../../features/settings/api/get-general-settings.ts';
import { currentLanguage, useAppTranslation } from '../../lib/i18n.ts';
import { pathWith, type RouteName } from '../route-table.ts';
import { useRouteId } from '../use-route-id.ts';
import { NotFoundPage } from './not-found-page.tsx';
import { useOrderScreen } from './use-order-screen.ts';

/** Builds an order's receipt from the location's settings (name, print header, currency). */
export function useOrderReceiptBuilder(kind: OrderKind, locationId: number | null) {
  const { t } = useAppTranslation();
  const session = useSession();
  const business = useBusinessInfo(locationId).data;
  const general = useGeneralSettings(locationId).data;
  const locationName = session?.login.locations.find((location) => location.id === locationId)?.name ?? '';
  const header = (kind === 'sale' ? general?.sale_order_print_header : general?.order_print_header) ?? null;
  const currency = general?.currency_code ?? 'USD';
  const taxComment = general?.tax_comment ?? null;
  const title = business?.site_title?.trim() || locationName;
  return useCallback(
    (
      order: OrderDetail,
      payment: PaymentView | null = null,
      lines: Pick<OrderReceiptInput, 'period' | 'describe'> = {},
    ) =>
      buildOrderReceipt({
        ...lines,
        t,
        order,
        title,
        header,
        currency,
        taxComment,
        locale: currentLanguage(),
        payment,
      }),
    [t, title, header, currency, taxComment],
  );
}

/**
 * The browser print mode (Local settings) prints the page through the browser's dialog; the receipt mode
 * prints the order's receipt on the counter printer (the browser, with a notice, when the agent is not
 * ready) and keeps the page's own print beside it.
 */
function OrderPrintControls({
  kind,
  locationId,
  order,
}: {
  kind: OrderKind;
  locationId: number;
  order: OrderDetail | undefined;
}) {
  const { t } = useAppTranslation();
  const receiptMode = usePrintMode() === 'receipt';
  const build = useOrderReceiptBuilder(kind, locationId);
  const { state, print, resolve } = usePrint();

  if (!receiptMode) {
    return (
      <Button onClick={() => window.print()} disabled={!order}>
        {t('fulfilment:print.print')}
      </Button>
    );
  }
  return (
    <HStack gap="3" wrap="wrap" justify="center">
      <Button
        disabled={!order}
        loading={state.phase === 'sending'}
        title={t('fulfilment:print.agent_hint')}
        onClick={() => {
          if (order) void print(build(order));
        }}
      >
        {t('fulfilment:print.print')}
      </Button>
      <Button variant="outline" disabled={!order} onClick={() => window.print()}>
        {t('fulfilment:print.print_browser')}
      </Button>
      <Text role="status" aria-live="polite" fontSize="sm" color={printStatusColor(state)}>
        {printStatusText(t, state)}
      </Text>
      <PrintConfirmation state={state} onResolve={(answer) => void resolve(answer)} />
    </HStack>
  );
}

function PrintPage({ kind, route, width }: { kind: OrderKind; route: RouteName; width?: PrintWidth }) {
  const id = useRouteId(route);
  const screen = useOrderScreen(kind);
  if (id === null) return <NotFoundPage />;
  if (screen.locationId === null) return null;
  const locationId = screen.locationId;
  // Sale orders print at the device's order print width (local settings); rent orders by route.
  const deviceWidth: PrintWidth = screen.printWidth === 'full' ? 'a4' : screen.printWidth;
  return (
    <OrderPrint
      kind={kind}
      id={id}
      locationId={locationId}
      width={width ?? deviceWidth}
      header={screen.printHeader}
      currencySymbol={screen.currencySymbol}
      backHref={pathWith(kind === 'rent' ? 'rentOrder' : 'saleOrder', { id })}
      controls={(order) => <OrderPrintControls kind={kind} locationId={locationId} order={order} />}
    />
  );
}

/** rent-orders/:id/print: A4. */
export function RentOrderPrintPage() {
  return <PrintPage kind="rent" route="rentOrderPrint" width="a4" />;
}

/** rent-orders/:id/print-55mm: the 55 mm receipt width. */
export function RentOrderPrint55mmPage() {
  return <PrintPage kind="rent" route="rentOrderPrint55mm" width="55mm" />;
}

/** sale-orders/:id/print: at the device's order print width. */
export function SaleOrderPrintPage() {
  return <PrintPage kind="sale" route="saleOrderPrint" />;
}

/** sale-orders/:id/print-55mm: the counter receipt, whatever the device's order print width. */
export function SaleOrderPrint55mmPage() {
  return <PrintPage kind="sale" route="saleOrderPrint55mm" width="55mm" />;
}

import { Button, HStack, Stack, Text } from '@chakra-ui/react';
import { useEffect, useRef } from 'react';
import { APP_BASE } from '@nine/shared/constants';
import type { ReceiptDocumentInput } from '@nine/shared/receipt';
import type { PaymentView } from '@nine/shared/schemas/payments';
import { PrintConfirmation } from '../../features/agent/printing/print-confirmation.tsx';
import { printStatusColor, printStatusText } from '../../features/agent/printing/receipt-print-button.tsx';
import { usePrint, usePrintMode } from '../../features/agent/printing/use-print.ts';
import { CashTender } from '../../features/payments/components/cash-tender.tsx';
import { useCounterRegister } from '../../features/payments/counter-register.ts';
import { useBusinessInfo } from '../../features/settings/api/get-business-info.ts';
import { useGeneralSettings } from '../../features/settings/api/get-general-settings.ts';
import type { OrderDetail } from '../../features/orders/api/get-order.ts';
import {
  QuickSaleScreen,
  type SalePaymentSlot,
} from '../../features/orders/components/quick-sale-screen.tsx';
import { useAppTranslation } from '../../lib/i18n.ts';
import { pathTo, pathWith } from '../route-table.ts';
import { useOrderReceiptBuilder } from './order-print-pages.tsx';
import { printCopies, receiptCopies } from './payment-panels-page.tsx';
import { useOrderScreen } from './use-order-screen.ts';
import { useScanEvents } from './use-screen-context.ts';

const orderHref = (id: number) => pathWith('saleOrder', { id });

/**
 * The 55 mm receipt of a completed sale (never the A4 order print): in the receipt print mode, once the cash
 * is taken it prints by itself, silently, on the counter printer through the paired agent (with a drawer
 * kick); in the browser mode the clerk prints it on demand as a receipt-width sheet through the browser,
 * whose dialog would otherwise pop up unasked.
 */
export function SaleReceipt({
  sale,
  payment,
  build,
  copies = 1,
}: {
  sale: OrderDetail;
  payment: PaymentView | null;
  build: (order: OrderDetail, payment: PaymentView | null) => ReceiptDocumentInput;
  /** Copies printed by themselves (Location settings, print setup). */
  copies?: number;
}) {
  const { t } = useAppTranslation();
  // The receipt print mode (Local settings) prints by itself, on the counter printer or, when the agent is
  // not ready, through the browser with a notice; the browser mode prints when the clerk asks.
  const receiptMode = usePrintMode() === 'receipt';
  const { state, print, resolve } = usePrint();
  const printedFor = useRef<number | null>(null);

  useEffect(() => {
    if (payment === null || !receiptMode || printedFor.current === payment.id) return;
    printedFor.current = payment.id;
    void printCopies(print, [build(sale, payment)], copies, { openDrawer: payment.method === 'cash' });
  }, [payment, receiptMode, sale, build, print, copies]);

  return (
    <Stack gap="1" align="flex-start" role="group" aria-label={t('fulfilment:quick_sale.receipt')}>
      <HStack gap="2" wrap="wrap">
        <Button
          variant="outline"
          loading={state.phase === 'sending'}
          onClick={() => void print(build(sale, payment))}
        >
          {state.phase === 'idle' ? t('orders:quick_sale.print') : t('fulfilment:quick_sale.print_again')}
        </Button>
        {state.phase === 'failed' && state.via === 'agent' && (
          <Button variant="ghost" onClick={() => void print(build(sale, payment), { via: 'browser' })}>
            {t('fulfilment:print.print_browser')}
          </Button>
        )}
        <PrintConfirmation state={state} onResolve={(answer) => void resolve(answer)} />
      </HStack>
      <Text role="status" aria-live="polite" fontSize="sm" color={printStatusColor(state)} minH="5">
        {printStatusText(t, state)}
      </Text>
    </Stack>
  );
}

/**
 * The quick sale's payment, from the payments feature: cash for the whole balance, into this counter's
 * register when the location runs several (null lets the server choose), with the closed-register notice.
 */
export function salePayment(cashRegisterId: number | null) {
  return ({ sale, money, onPaid }: SalePaymentSlot) => (
    <CashTender
      key={sale.id}
      orderId={sale.id}
      balanceMinor={sale.balance_minor}
      format={money}
      cashRegisterId={cashRegisterId}
      registersHref={`${APP_BASE}${pathTo('cashRegisters')}`}
      onPaid={onPaid}
    />
  );
}

/** sale-orders/new: the scan-first counter screen (sale-orders/:id never matches the non-numeric "new"). */
export function QuickSalePage() {
  const { t } = useAppTranslation();
  const screen = useOrderScreen('sale');
  const build = useOrderReceiptBuilder('sale', screen.locationId);
  // Cash goes to this counter's drawer when the location runs several, as in the payment dialog.
  const general = useGeneralSettings(screen.locationId).data;
  const multiRegister = general?.multi_register ?? false;
  // A sale without a chosen customer is the business's default customer's (Business settings).
  const defaultCustomerName = useBusinessInfo(screen.locationId).data?.sale_default_customer_name ?? null;
  const [counterRegister] = useCounterRegister(screen.locationId ?? 0);
  // Scans from the agent's scanner. Keyboard-wedge scanners type into the focused scan field, which reads
  // them itself (with + and - as quantity keys), so the page-wide wedge listener stays off here.
  const deviceScan = useScanEvents({ keyboard: false });
  return (
    <QuickSaleScreen
      title={t('orders:titles.quick_sale')}
      locationId={screen.locationId}
      currencySymbol={screen.currencySymbol}
      orderHref={orderHref}
      deviceScan={deviceScan}
      defaultCustomerName={defaultCustomerName}
      renderPayment={salePayment(multiRegister ? counterRegister : null)}
      renderReceipt={(sale, payment) => (
        <SaleReceipt
          key={sale.id}
          sale={sale}
          payment={payment}
          build={build}
          copies={receiptCopies(general?.print_setup)}
        />
      )}
    />
  );
}

import { Box, Button, Stack, Text } from '@chakra-ui/react';
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link } from 'wouter';
import { APP_BASE } from '@nine/shared/constants';
import { formatDateTime, formatMoney } from '../../lib/format.ts';
import { grants } from '@nine/shared/permissions';
import type { PaymentView } from '@nine/shared/schemas/payments';
import type { ReceiptDocumentInput } from '@nine/shared/receipt';
import type { PrintSetup } from '@nine/shared/schemas/location-settings';
import { useAgentActor } from '../../features/agent/agent-context.tsx';
import { activePrinter, agentPhase } from '../../features/agent/agent-machine.ts';
import { readAgentSettings } from '../../features/agent/agent-settings.ts';
import { PrintConfirmation } from '../../features/agent/printing/print-confirmation.tsx';
import {
  printStatusColor,
  printStatusText,
  ReceiptPrintButton,
} from '../../features/agent/printing/receipt-print-button.tsx';
import { usePrint, type PrintOptions, type PrintState } from '../../features/agent/printing/use-print.ts';
import { randomHex } from '../../lib/random-id.ts';
import { dashboardSummaryQueryOptions } from '../../features/dashboard/api/get-dashboard-summary.ts';
import { invoicesQueryKey } from '../../features/invoices/api/get-invoices.ts';
import { orderQueryKey, orderQueryOptions } from '../../features/orders/api/get-order.ts';
import type { OrderKind } from '../../features/orders/order-kind.ts';
import { cashRegistersQueryKey } from '../../features/payments/api/get-cash-registers.ts';
import { orderMoneyQueryKey } from '../../features/payments/api/get-order-money.ts';
import { OrderMoneyPanels } from '../../features/payments/components/order-money-panels.tsx';
import { useCounterRegister } from '../../features/payments/counter-register.ts';
import { paymentReceipt } from '../../features/payments/payment-receipt.ts';
import { useSession } from '../../features/session/session-context.tsx';
import { useBusinessInfo } from '../../features/settings/api/get-business-info.ts';
import { useGeneralSettings } from '../../features/settings/api/get-general-settings.ts';
import { currentLanguage, useAppTranslation } from '../../lib/i18n.ts';
import { pathTo, pathWith } from '../route-table.ts';
import { useViewerPermissions } from '../use-viewer-permissions.ts';

/** Money and dates as the location shows them, for every payment screen. */
export function usePaymentFormat(locationId: number | null) {
  const settings = useGeneralSettings(locationId).data;
  const locale = currentLanguage();
  const symbol = settings?.currency_symbol ?? '$';
  const money = useCallback((minor: number) => formatMoney(minor, symbol, locale), [symbol, locale]);
  // The order view's own format, so a payment's date reads like the order's and the timeline's.
  const date = useCallback((iso: string) => formatDateTime(iso, locale), [locale]);
  return { money, date, locale, currency: settings?.currency_code ?? 'USD' };
}

/**
 * Builds a payment's receipt document in the location's language, currency and header: the sale order
 * print header for a sale's payment, the (rent) order print header otherwise, one receipt line per line.
 */
export function usePaymentReceiptBuilder(locationId: number | null) {
  const { t } = useAppTranslation();
  const business = useBusinessInfo(locationId).data;
  const settings = useGeneralSettings(locationId).data;
  const format = usePaymentFormat(locationId);
  return (payment: PaymentView) =>
    paymentReceipt(payment, {
      t,
      title: business?.site_title || 'Nine',
      headerLines: [
        ...(
          (payment.order_type === 'sale'
            ? settings?.sale_order_print_header
            : settings?.order_print_header) ?? ''
        )
          .split(/\r?\n/)
          .map((line) => line.trim()),
        business?.address,
        business?.tel,
      ].filter((line): line is string => typeof line === 'string' && line !== ''),
      locale: format.locale,
      currency: format.currency,
      formatDate: format.date,
    });
}

/** How many copies of a receipt print by themselves (Location settings, print setup). */
export const receiptCopies = (setup: PrintSetup | undefined): number => setup?.receipt_copies ?? 1;

/**
 * Prints each receipt `copies` times, one after the other; the drawer (when asked) kicks with the first
 * only. Stops at the first print that fails, so a broken printer is not sent the rest.
 */
export async function printCopies(
  print: (receipt: ReceiptDocumentInput, options?: PrintOptions) => Promise<PrintState>,
  receipts: ReceiptDocumentInput[],
  copies: number,
  options: PrintOptions = {},
): Promise<void> {
  let first = true;
  for (const receipt of receipts)
    for (let copy = 0; copy < copies; copy += 1) {
      const state = await print(receipt, first ? options : { ...options, openDrawer: false });
      first = false;
      if (state.phase === 'failed') return;
    }
}

type DrawerState = { kind: 'idle' | 'opened' | 'by_hand' } | { kind: 'failed'; reason: string };

/**
 * Opens the cash drawer through the paired agent: a job with nothing to print but the drawer kick
 * (`ESC p`), sent to the counter's receipt printer the drawer hangs on.
 */
export function useDrawerKick() {
  const actor = useAgentActor();
  return useCallback(async (): Promise<DrawerState> => {
    const snapshot = actor.getSnapshot();
    const printer = activePrinter(snapshot, readAgentSettings().printerId);
    const connection = snapshot.context.connection;
    if (agentPhase(snapshot) !== 'ready' || printer === null || connection === null)
      return { kind: 'by_hand' };
    try {
      await connection.request(
        'print',
        {
          printerId: printer.id,
          idempotencyKey: randomHex(16),
          job: { kind: 'text', text: '\n', cut: false, openDrawer: true },
        },
        { timeoutMs: 15_000 },
      );
      return { kind: 'opened' };
    } catch (error) {
      return { kind: 'failed', reason: error instanceof Error ? error.message : String(error) };
    }
  }, [actor]);
}

/**
 * The order view's "Return deposit" composed with the deposits panel (features do not import each other):
 * each call bumps a request the panel answers by choosing the return and focusing its button. Offered
 * only to users who may move deposits; a request belongs to one order, so another order starts afresh.
 */
export function useReturnDeposit(id: number) {
  const { request, ask } = usePanelRequest(id);
  return { request, onReturnDeposit: ask };
}

/**
 * A request counter one money panel of order `id` answers (0 until asked); `ask` is offered only to users
 * who may move money.
 */
function usePanelRequest(id: number) {
  const permissions = useViewerPermissions() ?? [];
  const [request, setRequest] = useState({ id, n: 0 });
  const allowed = grants(permissions, { resource: 'financial_transaction', action: 'change' });
  return {
    request: request.id === id ? request.n : 0,
    ask: allowed ? () => setRequest((now) => ({ id, n: (now.id === id ? now.n : 0) + 1 })) : undefined,
  };
}

/**
 * Money moved on an order (payment, refund, deposit): every screen that shows those figures reads the
 * ledger again, so no button or balance keeps what was true before (a refund lowers the billed total by a
 * credit note, closes an invoice, changes the drawer's expected cash and today's revenue).
 */
export function invalidateOrderMoney(
  queryClient: QueryClient,
  { kind, locationId, id }: { kind: OrderKind; locationId: number; id: number },
) {
  const keys = [
    orderMoneyQueryKey(locationId, id),
    // The order's detail holds its totals, balance and timeline.
    orderQueryKey(kind, locationId, id),
    ['orders', kind, locationId, 'list'],
    invoicesQueryKey(locationId),
    cashRegistersQueryKey(locationId),
    dashboardSummaryQueryOptions(locationId).queryKey,
    // A customer's balance and payments are derived from the same rows.
    ['customers'],
  ];
  return Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

/**
 * The close refusal's "Take payment" composed with the payments panel, like useReturnDeposit: each call
 * bumps a request the panel answers by opening its payment dialog.
 */
export function useTakePayment(id: number) {
  const { request, ask } = usePanelRequest(id);
  return { request, onTakePayment: ask };
}

/** The payments, refunds and deposit panels under an order view, wired to the printer and the drawer. */
export function OrderPaymentPanels({
  kind,
  id,
  returnDepositRequest = 0,
  takePaymentRequest = 0,
  orderVersion: givenVersion,
  onMoneyChanged,
}: {
  kind: OrderKind;
  id: number;
  /**
   * The order's version as the page reads it (a tour reservation reads its own detail): the panels follow
   * it instead of reading the order through its kind's route.
   */
  orderVersion?: number;
  /** Money moved: what else the page shows of the order is read again (a reservation's balance). */
  onMoneyChanged?(): void;
  /** From useReturnDeposit: the deposits panel focuses its return action on each new value. */
  returnDepositRequest?: number;
  /** From useTakePayment: the payments panel opens its dialog on each new value. */
  takePaymentRequest?: number;
}) {
  const { t } = useAppTranslation();
  const session = useSession();
  const locationId = session?.locationId ?? null;
  const queryClient = useQueryClient();
  const permissions = useViewerPermissions() ?? [];
  const settings = useGeneralSettings(locationId).data;
  const format = usePaymentFormat(locationId);
  const buildReceipt = usePaymentReceiptBuilder(locationId);
  const kick = useDrawerKick();
  // The location's print setup: a payment taken here prints its receipt by itself, that many times.
  const autoPrint = usePrint();
  const [counterRegister] = useCounterRegister(locationId ?? 0);
  const [drawer, setDrawer] = useState<DrawerState>({ kind: 'idle' });
  // An order action (closing, cancelling) changes the order's version: its money is read again, so the
  // panels' buttons follow the order's status and the ledger.
  const readVersion = useQuery({
    ...orderQueryOptions(kind, locationId ?? 0, id),
    enabled: locationId !== null && givenVersion === undefined,
    select: (order) => order.version,
  }).data;
  const orderVersion = givenVersion ?? readVersion;
  const seenVersion = useRef(orderVersion);
  useEffect(() => {
    if (locationId === null || orderVersion === undefined) return;
    if (seenVersion.current !== undefined && seenVersion.current !== orderVersion)
      void queryClient.invalidateQueries({ queryKey: orderMoneyQueryKey(locationId, id) });
    seenVersion.current = orderVersion;
  }, [orderVersion, locationId, id, queryClient]);
  if (locationId === null) return null;

  const onPaid = (payments: PaymentView[]) => {
    setDrawer({ kind: 'idle' });
    if (payments.some((p) => p.method === 'cash')) void kick().then(setDrawer);
    if (settings?.print_setup.auto_print_receipt)
      void printCopies(autoPrint.print, payments.map(buildReceipt), receiptCopies(settings.print_setup));
  };

  return (
    <Box mt="6">
      <OrderMoneyPanels
        orderId={id}
        locationId={locationId}
        isRent={kind === 'rent'}
        format={format.money}
        formatDate={format.date}
        canPay={grants(permissions, { resource: 'financial_transaction', action: 'change' })}
        // Anyone who moves money may start a refund; without the refund permission the dialog asks for
        // the access key of someone who holds it (the server checks that key).
        canRefund={grants(permissions, { resource: 'financial_transaction', action: 'change' })}
        refundNeedsApprover={!grants(permissions, { resource: 'financial_transaction', action: 'refund' })}
        registersHref={`${APP_BASE}${pathTo('cashRegisters')}`}
        payRequest={takePaymentRequest}
        cashRegisterId={settings?.multi_register ? counterRegister : null}
        returnDepositRequest={returnDepositRequest}
        printHref={(paymentId) => pathWith('paymentPrint', { id: paymentId })}
        renderLink={(href, label) => (
          <Button asChild size="xs" variant="ghost">
            <Link href={href}>{label}</Link>
          </Button>
        )}
        renderReceiptActions={(payments) => (
          <Stack gap="2">
            {drawer.kind !== 'idle' && (
              <Text role="status" color={drawer.kind === 'failed' ? 'fg.error' : 'fg.muted'}>
                {drawer.kind === 'failed'
                  ? t('money:payments.drawer.failed', { reason: drawer.reason })
                  : t(`money:payments.drawer.${drawer.kind}`)}
              </Text>
            )}
            {autoPrint.state.phase !== 'idle' && (
              <Stack gap="1" align="flex-start">
                <Text role="status" fontSize="sm" color={printStatusColor(autoPrint.state)}>
                  {printStatusText(t, autoPrint.state)}
                </Text>
                <PrintConfirmation
                  state={autoPrint.state}
                  onResolve={(answer) => void autoPrint.resolve(answer)}
                />
              </Stack>
            )}
            {payments.map((payment) => (
              <ReceiptPrintButton key={payment.id} size="sm" receipt={() => buildReceipt(payment)}>
                {t('money:payments.print_payment', { id: payment.id })}
              </ReceiptPrintButton>
            ))}
          </Stack>
        )}
        onPaid={onPaid}
        onChanged={() => {
          void invalidateOrderMoney(queryClient, { kind, locationId, id });
          onMoneyChanged?.();
        }}
      />
    </Box>
  );
}

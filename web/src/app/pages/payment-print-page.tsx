import { Alert, Box, Button, HStack, Heading, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useEffect, useRef, useState } from 'react';
import { Link, useRoute } from 'wouter';
import { receiptDocument } from '@nine/shared/receipt';
import { useAgentPhase } from '../../features/agent/agent-context.tsx';
import { PrintConfirmation } from '../../features/agent/printing/print-confirmation.tsx';
import {
  ReceiptPrintButton,
  printStatusColor,
  printStatusText,
} from '../../features/agent/printing/receipt-print-button.tsx';
import { ReceiptSheet, receiptStylesheet } from '../../features/agent/printing/receipt-sheet.tsx';
import { usePrint } from '../../features/agent/printing/use-print.ts';
import { usePayment } from '../../features/payments/api/get-payment.ts';
import { useSession } from '../../features/session/session-context.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { useAppTranslation } from '../../lib/i18n.ts';
import { findRoute, pathWith } from '../route-table.ts';
import { NotFoundPage } from './not-found-page.tsx';
import { usePaymentReceiptBuilder } from './payment-panels-page.tsx';

/** The receipt roll the payment prints on: 55 mm class paper (58 mm roll, 48 mm printable). */
const ROLL = 58;
/** How long the automatic print waits for a reconnecting agent. */
const AGENT_SETTLE_MS = 3000;

/**
 * 'Print Payment': the payment's receipt at 55 mm. It prints once on opening, silently on the counter's
 * printer when an agent is paired, else through the browser's dialog; it can be printed again.
 */
function PaymentPrint({ id }: { id: number }) {
  const { t } = useAppTranslation();
  const locationId = useSession()?.locationId ?? null;
  const query = usePayment(locationId ?? 0, id);
  const build = usePaymentReceiptBuilder(locationId);
  const { state, print, resolve } = usePrint();
  const printed = useRef(false);
  const payment = query.data;

  // Opened straight from the address bar, the page loads before the agent has reconnected: wait for the
  // connection to settle (or 3 s) so a paired counter prints silently instead of opening the browser dialog.
  const phase = useAgentPhase();
  const [waitedLongEnough, setWaitedLongEnough] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setWaitedLongEnough(true), AGENT_SETTLE_MS);
    return () => clearTimeout(timer);
  }, []);
  const agentSettled = (phase !== 'off' && phase !== 'connecting') || waitedLongEnough;

  useEffect(() => {
    if (payment === undefined || printed.current || !agentSettled) return;
    printed.current = true;
    void print(build(payment));
  }, [payment, build, print, agentSettled]);

  if (query.isPending)
    return (
      <Stack p="6" aria-busy="true">
        <Skeleton height="60" width="60" />
        <Text srOnly>{t('common:loading')}</Text>
      </Stack>
    );
  if (query.isError) {
    const notFound = query.error instanceof ApiError && query.error.status === 404;
    return (
      <Stack p="6">
        <Alert.Root status={notFound ? 'info' : 'error'} role="alert">
          <Alert.Indicator />
          <Alert.Title>
            {notFound ? t('money:payments.print.not_found') : t('money:payments.print.load_failed')}
          </Alert.Title>
        </Alert.Root>
      </Stack>
    );
  }
  const receipt = receiptDocument.parse(build(query.data));
  const orderRoute = query.data.order_type === 'sale' ? 'saleOrder' : 'rentOrder';
  return (
    <Stack p="6" gap="4" align="flex-start">
      <Heading as="h1" size="lg">
        {t('money:payments.print.heading', { id })}
      </Heading>
      <Text role="status" aria-live="polite" color={printStatusColor(state)}>
        {printStatusText(t, state)}
      </Text>
      <PrintConfirmation state={state} size="sm" onResolve={(answer) => void resolve(answer)} />
      <HStack gap="3" wrap="wrap" align="flex-start">
        <ReceiptPrintButton size="sm" receipt={() => build(query.data)}>
          {t('money:payments.print.print_again')}
        </ReceiptPrintButton>
        <Button asChild size="sm" variant="ghost">
          <Link href={pathWith(orderRoute, { id: query.data.order_id })}>
            {t('money:payments.print.back')}
          </Link>
        </Button>
      </HStack>
      <Box borderWidth="1px" borderRadius="md" bg="white" color="black">
        <style>{receiptStylesheet(ROLL)}</style>
        <ReceiptSheet receipt={receipt} widthMm={ROLL} />
      </Box>
    </Stack>
  );
}

function useNumericParam(route: 'paymentPrint' | 'printDefault', name: string): number | null {
  const [, params] = useRoute<Record<string, string>>(findRoute(route)?.path ?? '/');
  const value = params?.[name];
  return value !== undefined && /^\d{1,15}$/.test(value) ? Number(value) : null;
}

/** payments/:id/print ('Print Payment'). */
export function PaymentPrintPage() {
  const id = useNumericParam('paymentPrint', 'id');
  return id === null ? <NotFoundPage /> : <PaymentPrint id={id} />;
}

/** print-default/:printId ('Print Payment' with the default template): the payment of that id. */
export function PrintDefaultPage() {
  const id = useNumericParam('printDefault', 'printId');
  return id === null ? <NotFoundPage /> : <PaymentPrint id={id} />;
}

import { Box, Flex, Heading, Spacer } from '@chakra-ui/react';
import { useCallback, useEffect, useState } from 'react';
import { useLocation } from 'wouter';
import { useActivePrinter, useAgentPhase } from '../../features/agent/agent-context.tsx';
import { printStatusText } from '../../features/agent/printing/receipt-print-button.tsx';
import { usePrint } from '../../features/agent/printing/use-print.ts';
import { KioskExitButton } from '../../features/kiosk/components/kiosk-exit-button.tsx';
import { KioskFindOrder } from '../../features/kiosk/components/kiosk-find-order.tsx';
import { KioskHome, type KioskTask } from '../../features/kiosk/components/kiosk-home.tsx';
import {
  KioskScreen,
  type KioskOrderRequest,
  type KioskQuoteRequest,
} from '../../features/kiosk/components/kiosk-screen.tsx';
import { KIOSK_IDLE_SECONDS } from '../../features/kiosk/kiosk-rental.ts';
import { createRentOrder } from '../../features/orders/api/create-rent-order.ts';
import { quoteRentOrder } from '../../features/orders/api/quote-rent-order.ts';
import { useAppTranslation } from '../../lib/i18n.ts';
import { readLocalSettings, saveLocalSettings } from '../../lib/local-settings.ts';
import { useIdleReset } from '../kiosk-idle.ts';
import { restoreKioskLanguage } from '../kiosk-language.ts';
import { useFeatures } from '../use-features.ts';
import { pathTo } from '../route-table.ts';
import { useOrderReceiptBuilder } from './order-print-pages.tsx';
import { useOrderScreen } from './use-order-screen.ts';

/**
 * /kiosk: the customer-facing screen of a device in kiosk mode: rent, or find an order and sign for it. It
 * starts over after a while untouched, makes its rent orders through the order API with source 'kiosk', prints their receipt silently through
 * the paired agent (never the browser's dialog, which a customer could not handle), and a manager's access
 * key turns kiosk mode off, which the route gate answers by leaving this screen.
 */
const kioskQuote = (body: KioskQuoteRequest, signal?: AbortSignal) => quoteRentOrder(body, { signal });

export function KioskPage() {
  const { t } = useAppTranslation();
  const screen = useOrderScreen('rent');
  const [round, setRound] = useState(0);
  const [task, setTask] = useState<KioskTask | null>(null);
  const [, navigate] = useLocation();
  const startOver = useCallback(() => {
    setTask(null);
    setRound((n) => n + 1);
    restoreKioskLanguage();
  }, []);
  useIdleReset(KIOSK_IDLE_SECONDS, startOver);
  // Back from easy-sign (its "Back to the start" link): the last customer's language goes with them.
  useEffect(() => restoreKioskLanguage(), []);
  // Loading or unreadable business information words the waiver task for tours, the default.
  const toursOn = useFeatures()?.tour ?? true;

  const phase = useAgentPhase();
  const { printer } = useActivePrinter();
  const agentReady = phase === 'ready' && printer !== null;
  const build = useOrderReceiptBuilder('rent', screen.locationId);
  const { state, print, reset } = usePrint();

  const createOrder = useCallback(
    async (body: KioskOrderRequest, idempotencyKey: string) => {
      reset();
      const order = await createRentOrder(body, idempotencyKey);
      if (agentReady) void print(build(order), { via: 'agent' });
      return { id: order.id, number: order.number };
    },
    [agentReady, build, print, reset],
  );

  return (
    <Flex direction="column" flex="1" p={{ base: '4', md: '10' }} gap="6">
      <Flex align="center">
        <Heading as="p" size="xl" color="fg.muted">
          {t('settings:kiosk.welcome')}
        </Heading>
        <Spacer />
      </Flex>
      <Box flex="1">
        {task === null ? (
          <KioskHome
            key={round}
            toursOn={toursOn}
            // Easy-sign is its own public page; the kiosk gate lets it through and its idle reset returns here.
            onChoose={(next) => (next === 'waiver' ? navigate(pathTo('easySign')) : setTask(next))}
          />
        ) : task === 'rent' ? (
          <KioskScreen
            key={round}
            currencySymbol={screen.currencySymbol}
            createOrder={createOrder}
            quote={kioskQuote}
            receiptStatus={state.via === 'agent' ? printStatusText(t, state) : undefined}
            onFinished={startOver}
            onCancel={startOver}
          />
        ) : (
          <KioskFindOrder key={round} currencySymbol={screen.currencySymbol} onFinished={startOver} />
        )}
      </Box>
      <Flex justify="flex-end">
        <KioskExitButton onExited={() => saveLocalSettings({ ...readLocalSettings(), kioskMode: false })} />
      </Flex>
    </Flex>
  );
}

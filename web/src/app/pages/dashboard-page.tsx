import { HStack, Heading, Stack } from '@chakra-ui/react';
import { DashboardSummary } from '../../features/dashboard/components/dashboard-summary.tsx';
import { useSession } from '../../features/session/session-context.tsx';
import { useAppTranslation } from '../../lib/i18n.ts';
import { NewRentOrderButton } from '../new-rent-order.tsx';
import { RefusedRouteNotice } from '../refused-route-notice.tsx';
import { CashRegistersLink } from './cash-registers-page.tsx';
import { TodaySummaryPrint } from './today-summary-print.tsx';

export function DashboardPage() {
  const { t } = useAppTranslation();
  const session = useSession();
  return (
    <Stack gap="6">
      <HStack justify="space-between" gap="3" wrap="wrap">
        <Heading as="h1" size="2xl">
          {t('common:dashboard.title')}
        </Heading>
        <NewRentOrderButton />
      </HStack>
      <RefusedRouteNotice />
      <DashboardSummary locationId={session?.locationId ?? null} />
      <TodaySummaryPrint locationId={session?.locationId ?? null} />
      <CashRegistersLink />
    </Stack>
  );
}

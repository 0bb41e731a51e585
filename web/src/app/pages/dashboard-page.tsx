import { Stack } from '@chakra-ui/react';
import { DashboardSummary } from '../../features/dashboard/components/dashboard-summary.tsx';
import { useSession } from '../../features/session/session-context.tsx';
import { useAppTranslation } from '../../lib/i18n.ts';
import { NewRentOrderButton } from '../new-rent-order.tsx';
import { RefusedRouteNotice } from '../refused-route-notice.tsx';
import { CashRegistersLink } from './cash-registers-link.tsx';
import { TodaySummaryPrint } from './today-summary-print.tsx';
import { PageHeading } from '../../components/page-heading.tsx';

export function DashboardPage() {
  const { t } = useAppTranslation();
  const session = useSession();
  return (
    <Stack gap="6">
      <PageHeading title={t('common:dashboard.title')} actions={<NewRentOrderButton />} />
      <RefusedRouteNotice />
      <DashboardSummary locationId={session?.locationId ?? null} />
      <TodaySummaryPrint locationId={session?.locationId ?? null} />
      <CashRegistersLink />
    </Stack>
  );
}

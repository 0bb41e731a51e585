import { ReceiptPrintButton } from '../../features/agent/printing/receipt-print-button.tsx';
import { useDashboardSummary } from '../../features/dashboard/api/get-dashboard-summary.ts';
import { useSession } from '../../features/session/session-context.tsx';
import { useBusinessInfo } from '../../features/settings/api/get-business-info.ts';
import { useGeneralSettings } from '../../features/settings/api/get-general-settings.ts';
import { currentLanguage, useAppTranslation } from '../../lib/i18n.ts';
import { buildTodaySummaryReceipt } from './today-summary-receipt.ts';

/** "Print today's summary": the dashboard's figures on the counter's receipt printer (or the browser). */
export function TodaySummaryPrint({ locationId }: { locationId: number | null }) {
  const { t } = useAppTranslation();
  const session = useSession();
  // The same queries the dashboard and the data manager already ran: no extra requests.
  const summary = useDashboardSummary(locationId);
  const business = useBusinessInfo(locationId);
  const general = useGeneralSettings(locationId);
  const data = summary.data;

  return (
    <ReceiptPrintButton
      size="sm"
      receipt={
        data === undefined
          ? null
          : () =>
              buildTodaySummaryReceipt({
                t,
                summary: data,
                business: business.data ?? null,
                currency: general.data?.currency_code ?? 'USD',
                locale: currentLanguage(),
                staffName: session?.login.user.name ?? null,
                now: new Date(),
              })
      }
    >
      {t('agent:summary_receipt.print')}
    </ReceiptPrintButton>
  );
}

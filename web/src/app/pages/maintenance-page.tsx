import { ScheduledMaintenanceScreen } from '../../features/stock/maintenance/scheduled-maintenance-screen.tsx';
import { useAppTranslation } from '../../lib/i18n.ts';
import { useStockScreen } from './use-screen-context.ts';

/** inventory/scheduled-maintenance. */
export function ScheduledMaintenancePage() {
  const { t } = useAppTranslation();
  const screen = useStockScreen({ resource: 'maintenance', action: 'change' });
  return (
    <ScheduledMaintenanceScreen
      title={t('stock:titles.scheduled_maintenance')}
      locationId={screen.locationId}
      canChange={screen.allowed}
      currencySymbol={screen.currencySymbol}
    />
  );
}

import { StocktakeScreen } from '../../features/stock/stocktake/stocktake-screen.tsx';
import { useAppTranslation } from '../../lib/i18n.ts';
import { useScanEvents, useStockScreen } from './use-screen-context.ts';

/** reports/stocktake-report: count the location with the scanner. */
export function StocktakePage() {
  const { t } = useAppTranslation();
  const screen = useStockScreen({ resource: 'operational_report', action: 'change' });
  const scan = useScanEvents();
  return (
    <StocktakeScreen
      title={t('stock:titles.stocktake')}
      locationId={screen.locationId}
      scan={scan}
      canChange={screen.allowed}
    />
  );
}

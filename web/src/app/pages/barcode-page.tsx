import { BarcodeScreen } from '../../features/stock/barcode/barcode-screen.tsx';
import { useAppTranslation } from '../../lib/i18n.ts';
import { pathTo, pathWith } from '../route-table.ts';
import { useScanEvents, useStockScreen } from './use-screen-context.ts';

const productHref = (kind: 'rent' | 'sale', id: number) =>
  pathWith(kind === 'rent' ? 'rentInventoryDetail' : 'saleInventoryDetail', { id });
const orderHref = (id: number) => pathWith('rentOrder', { id });

/** inventory/barcode. */
export function BarcodePage() {
  const { t } = useAppTranslation();
  const screen = useStockScreen({ resource: 'maintenance', action: 'change' });
  const scan = useScanEvents();
  return (
    <BarcodeScreen
      title={t('stock:titles.barcodes')}
      locationId={screen.locationId}
      scan={scan}
      canMaintain={screen.allowed}
      currencySymbol={screen.currencySymbol}
      productHref={productHref}
      orderHref={orderHref}
      printHref={pathTo('barcodePrint')}
    />
  );
}

import { AttributesScreen } from '../../features/inventory/components/attributes-screen.tsx';
import { useAppTranslation } from '../../lib/i18n.ts';
import { useInventoryScreen } from './inventory-screen.ts';

export function AttributesPage() {
  const { t } = useAppTranslation();
  const screen = useInventoryScreen('attribute');
  return <AttributesScreen title={t('inventory:titles.attributes')} canChange={screen.canChange} />;
}

import { CategoriesScreen } from '../../features/inventory/components/categories-screen.tsx';
import { useAppTranslation } from '../../lib/i18n.ts';
import { useInventoryScreen } from './inventory-screen.ts';

export function CategoriesPage() {
  const { t } = useAppTranslation();
  const screen = useInventoryScreen('category');
  return (
    <CategoriesScreen
      key={screen.locationId}
      title={t('inventory:titles.categories')}
      canChange={screen.canChange}
    />
  );
}

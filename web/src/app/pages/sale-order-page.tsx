import { useAppTranslation } from '../../lib/i18n.ts';
import { OrderPage } from './order-page.tsx';

export function SaleOrderPage() {
  const { t } = useAppTranslation();
  return <OrderPage kind="sale" printLabel={t('orders:view.print')} />;
}

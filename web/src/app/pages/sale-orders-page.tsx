import { OrderListPage } from './order-list-page.tsx';

export function SaleOrdersPage() {
  return <OrderListPage kind="sale" />;
}

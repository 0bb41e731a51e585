import { NewRentOrderButton } from '../new-rent-order.tsx';
import { OrderListPage } from './order-list-page.tsx';

export function RentOrdersPage() {
  return <OrderListPage kind="rent" actions={<NewRentOrderButton />} />;
}

import { CustomerDetailView } from '../../features/customers/components/customer-detail.tsx';
import { pathWith } from '../route-table.ts';
import { useRouteId } from '../use-route-id.ts';
import { NotFoundPage } from './not-found-page.tsx';
import { useCustomerScreen } from './use-customer-screen.ts';

const links = {
  orderHref: (type: 'rent' | 'sale' | 'tour', id: number) =>
    pathWith(type === 'tour' ? 'tourReservation' : type === 'rent' ? 'rentOrder' : 'saleOrder', { id }),
  invoiceHref: (id: number) => pathWith('invoice', { id }),
};

export function CustomerPage() {
  const id = useRouteId('customer');
  const screen = useCustomerScreen();
  if (id === null) return <NotFoundPage />;
  return (
    <CustomerDetailView
      key={id}
      id={id}
      currencySymbol={screen.currencySymbol}
      canChange={screen.canChangeCustomers}
      links={links}
    />
  );
}

import { ProductDetail } from '../../features/inventory/components/product-detail.tsx';
import { pathTo, pathWith } from '../route-table.ts';
import { useRouteId } from '../use-route-id.ts';
import { useInventoryScreen } from './inventory-screen.ts';
import { NotFoundPage } from './not-found-page.tsx';

const orderHref = (type: string, id: number) => pathWith(type === 'sale' ? 'saleOrder' : 'rentOrder', { id });

function InventoryDetailPage({ kind }: { kind: 'rent' | 'sale' }) {
  const id = useRouteId(kind === 'rent' ? 'rentInventoryDetail' : 'saleInventoryDetail');
  const screen = useInventoryScreen();
  if (id === null) return <NotFoundPage />;
  return (
    <ProductDetail
      key={id}
      productId={id}
      locations={screen.locations}
      currentLocationId={screen.locationId}
      currencySymbol={screen.currencySymbol}
      canChange={screen.canChange}
      orderHref={orderHref}
      listHref={pathTo(kind === 'rent' ? 'rentInventory' : 'saleInventory')}
      // Spec section 6: the rent detail page needs no permission (figures stay with inventory holders).
      rentView={kind === 'rent'}
    />
  );
}

export function RentInventoryDetailPage() {
  return <InventoryDetailPage kind="rent" />;
}

export function SaleInventoryDetailPage() {
  return <InventoryDetailPage kind="sale" />;
}

import { renderWithProviders } from '../../../testing/render-with-providers.tsx';
import { OrderView, type OrderViewProps } from '../components/order-view.tsx';

/** The order view as the rent order page mounts it (order 41 at location 1, in $); override what a test is about. */
export function renderOrderView(props: Partial<OrderViewProps> = {}) {
  return renderWithProviders(
    <OrderView
      kind="rent"
      id={41}
      locationId={1}
      currencySymbol="$"
      canChange
      listHref={`/${props.kind ?? 'rent'}-orders`}
      printLinks={[]}
      {...props}
    />,
  );
}

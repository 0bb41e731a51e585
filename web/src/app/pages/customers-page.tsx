import { ExportButton } from '../../components/export-dialog.tsx';
import { CustomerList } from '../../features/customers/components/customer-list.tsx';
import { useAppTranslation } from '../../lib/i18n.ts';
import { pathTo, pathWith } from '../route-table.ts';
import { useCustomerScreen } from './use-customer-screen.ts';

export const customerHref = (id: number) => pathWith('customer', { id });

/** Rendered by the customers route and by the Customers tab of customer/admin. */
export function CustomersScreen({ title, headingAs }: { title: string; headingAs?: 'h1' | 'h2' }) {
  const { t } = useAppTranslation();
  const screen = useCustomerScreen();
  return (
    <CustomerList
      title={title}
      headingAs={headingAs}
      canChange={screen.canChangeCustomers}
      customerHref={customerHref}
      defaultPageSize={screen.itemsPerPage}
      toolbar={(filters) => (
        <ExportButton
          source="customers"
          downloadCenterHref={pathTo('downloadCenter')}
          filters={filters}
          defaultDescription={t('customers:titles.customers')}
        />
      )}
    />
  );
}

export function CustomersPage() {
  const { t } = useAppTranslation();
  return <CustomersScreen title={t('customers:titles.customers')} />;
}

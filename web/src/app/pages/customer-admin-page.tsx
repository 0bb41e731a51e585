import { Alert, Heading, Stack, Tabs } from '@chakra-ui/react';
import { PartnerScreen } from '../../features/partners/components/partner-screen.tsx';
import { useAppTranslation } from '../../lib/i18n.ts';
import { CustomersScreen } from './customers-page.tsx';
import { useCustomerScreen } from './use-customer-screen.ts';

/**
 * customer/admin: customers and partners as screens of this app. The page itself needs no permission
 * (spec section 6); each tab shows only with its own: customer, and coupon for partners.
 */
export function CustomerAdminPage() {
  const { t } = useAppTranslation();
  const screen = useCustomerScreen();
  const tabs = [
    ...(screen.canViewPartners ? (['partners'] as const) : []),
    ...(screen.canViewCustomers ? (['customers'] as const) : []),
  ];
  return (
    <Stack gap="4">
      <Heading as="h1" size="lg">
        {t('customers:titles.admin')}
      </Heading>
      {tabs.length === 0 ? (
        <Alert.Root status="info">
          <Alert.Indicator />
          <Alert.Description>{t('customers:admin.no_access')}</Alert.Description>
        </Alert.Root>
      ) : (
        <Tabs.Root defaultValue={tabs[0]} lazyMount variant="enclosed">
          <Tabs.List>
            {tabs.map((tab) => (
              <Tabs.Trigger key={tab} value={tab}>
                {t(`customers:admin.${tab}_tab`)}
              </Tabs.Trigger>
            ))}
          </Tabs.List>
          <Tabs.Content value="partners">
            <PartnerScreen canChange={screen.canChangePartners} currencySymbol={screen.currencySymbol} />
          </Tabs.Content>
          <Tabs.Content value="customers">
            <CustomersScreen title={t('customers:admin.customers_tab')} headingAs="h2" />
          </Tabs.Content>
        </Tabs.Root>
      )}
    </Stack>
  );
}

import { Alert, Spinner, Stack } from '@chakra-ui/react';
import { grants } from '@nine/shared/permissions';
import { PageHeading } from '../../components/page-heading.tsx';
import { CustomerSearchField } from '../../features/orders/components/customer-search-field.tsx';
import { useSession } from '../../features/session/session-context.tsx';
import { useBusinessInfo } from '../../features/settings/api/get-business-info.ts';
import {
  GeneralInfoSection,
  type CustomerFieldRender,
} from '../../features/settings/components/business/general-info-section.tsx';
import { GlCodesSection } from '../../features/settings/components/business/gl-codes-section.tsx';
import { CategoryAccountsSection } from '../../features/settings/components/business/category-accounts-section.tsx';
import { PaymentAccountsSection } from '../../features/settings/components/business/payment-accounts-section.tsx';
import { SystemAccountsSection } from '../../features/settings/components/business/system-accounts-section.tsx';
import { TaxAccountsSection } from '../../features/settings/components/business/tax-accounts-section.tsx';
import { LogosSection } from '../../features/settings/components/business/logos-section.tsx';
import { TaxesSection } from '../../features/settings/components/business/taxes-section.tsx';
import { useAppTranslation } from '../../lib/i18n.ts';
import { useViewerPermissions } from '../use-viewer-permissions.ts';

/**
 * Business settings: one value for the whole business. Someone without business_setting change sees the
 * values; a save also needs the right at every location (the server answers 403 otherwise).
 */
export function BusinessSettingsPage() {
  const { t } = useAppTranslation();
  const session = useSession();
  const locationId = session?.locationId ?? null;
  const permissions = useViewerPermissions() ?? [];
  const canChange = grants(permissions, { resource: 'business_setting', action: 'change' });
  const info = useBusinessInfo(locationId);

  // The quick sale's customer picker (orders feature), composed here.
  const customerField: CustomerFieldRender = ({ value, onChange }) => (
    <CustomerSearchField
      locationId={locationId}
      value={value}
      defaultLabel={t('settings:business.general.walk_in')}
      onChange={(customer) => onChange(customer === null ? null : { id: customer.id, name: customer.name })}
    />
  );

  return (
    <Stack gap="6" maxW="4xl">
      <PageHeading title={t('settings:business.heading')} intro={t('settings:business.intro')} />
      {info.isError && (
        <Alert.Root status="error" role="alert">
          <Alert.Indicator />
          <Alert.Description>{t('settings:business.load_failed')}</Alert.Description>
        </Alert.Root>
      )}
      {info.data === undefined && !info.isError && <Spinner aria-label={t('settings:business.loading')} />}
      {info.data !== undefined && (
        <>
          <GeneralInfoSection info={info.data} canChange={canChange} customerField={customerField} />
          <LogosSection info={info.data} canChange={canChange} />
        </>
      )}
      <TaxesSection canChange={canChange} />
      <GlCodesSection canChange={canChange} />
      <PaymentAccountsSection canChange={canChange} />
      <SystemAccountsSection canChange={canChange} />
      <TaxAccountsSection canChange={canChange} />
      <CategoryAccountsSection canChange={canChange} />
    </Stack>
  );
}

import { Stack } from '@chakra-ui/react';
import { grants } from '@nine/shared/permissions';
import { PageHeading } from '../../components/page-heading.tsx';
import { CouponSettingsForm } from '../../features/settings/components/coupon/coupon-settings-form.tsx';
import { useAppTranslation } from '../../lib/i18n.ts';
import { useViewerPermissions } from '../use-viewer-permissions.ts';

/**
 * Coupon settings of the whole business: the code format of new coupons, their default validity and how
 * coupons stack on an order. Read-only without coupon change; the server also asks for it at every location.
 */
export function CouponSettingsPage() {
  const { t } = useAppTranslation();
  const permissions = useViewerPermissions() ?? [];
  return (
    <Stack gap="6" maxW="4xl">
      <PageHeading title={t('settings:coupon.title')} intro={t('settings:coupon.intro')} />
      <CouponSettingsForm canChange={grants(permissions, { resource: 'coupon', action: 'change' })} />
    </Stack>
  );
}

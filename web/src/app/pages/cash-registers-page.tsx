import { Stack } from '@chakra-ui/react';
import { grants } from '@nine/shared/permissions';
import { PageSpinner } from '../../components/page-spinner.tsx';
import { CashRegistersScreen } from '../../features/payments/components/cash-registers-screen.tsx';
import { useCounterRegister } from '../../features/payments/counter-register.ts';
import { useSession } from '../../features/session/session-context.tsx';
import { useGeneralSettings } from '../../features/settings/api/get-general-settings.ts';
import { useAppTranslation } from '../../lib/i18n.ts';
import { useViewerPermissions } from '../use-viewer-permissions.ts';
import { usePaymentFormat } from './payment-panels-page.tsx';
import { PageHeading } from '../../components/page-heading.tsx';

/** cash-registers: open with a float, cash in and out, close with the counted cash. */
export function CashRegistersPage() {
  const { t } = useAppTranslation();
  const locationId = useSession()?.locationId ?? null;
  const settings = useGeneralSettings(locationId);
  const permissions = useViewerPermissions() ?? [];
  const format = usePaymentFormat(locationId);
  const [counterRegister, chooseCounterRegister] = useCounterRegister(locationId ?? 0);
  if (locationId === null) return null;
  if (settings.data === undefined) return <PageSpinner />;
  return (
    <Stack gap="6">
      <PageHeading title={t('money:registers.title')} />
      <CashRegistersScreen
        key={locationId}
        locationId={locationId}
        multiRegister={settings.data.multi_register}
        currentRegisterId={settings.data.current_cash_register}
        counterRegisterId={counterRegister}
        onChooseCounterRegister={chooseCounterRegister}
        canChange={grants(permissions, { resource: 'financial_transaction', action: 'change' })}
        format={format.money}
        formatDate={format.date}
      />
    </Stack>
  );
}

import { useAppTranslation } from '../../../../lib/i18n.ts';
import { useGlAccounts } from '../../api/get-gl-accounts.ts';
import { GlAccountSection } from './gl-account-section.tsx';

/** Business settings, Payment Accounts: the account each payment method's money moves in. */
export function PaymentAccountsSection({ canChange }: { canChange: boolean }) {
  const { t } = useAppTranslation();
  const query = useGlAccounts();
  const rows = query.data?.payment.map((r) => ({
    kind: 'payment' as const,
    key: r.method,
    label: t(`settings:accounts.methods.${r.method}`),
    gl_code: r.gl_code,
    version: r.version,
  }));
  return (
    <GlAccountSection
      title={t('settings:accounts.payment.title')}
      intro={t('settings:accounts.payment.intro')}
      caption={t('settings:accounts.payment.caption')}
      nameTitle={t('settings:accounts.payment.name')}
      rows={rows}
      canChange={canChange}
    />
  );
}

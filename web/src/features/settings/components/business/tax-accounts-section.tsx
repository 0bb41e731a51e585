import { useAppTranslation } from '../../../../lib/i18n.ts';
import { useGlAccounts } from '../../api/get-gl-accounts.ts';
import { GlAccountSection, useDescribeCode } from './gl-account-section.tsx';

/** Business settings, Tax Accounts: the account each tax's share of an invoice's tax posts to. */
export function TaxAccountsSection({ canChange }: { canChange: boolean }) {
  const { t } = useAppTranslation();
  const describe = useDescribeCode();
  const query = useGlAccounts();
  const payable = query.data?.system.find((r) => r.posting === 'tax_payable')?.gl_code;
  const rows = query.data?.tax.map((r) => ({
    kind: 'tax' as const,
    key: String(r.tax_id),
    label: r.is_active ? r.name : t('settings:accounts.tax.inactive_name', { name: r.name }),
    gl_code: r.gl_code,
    version: r.version,
  }));
  return (
    <GlAccountSection
      title={t('settings:accounts.tax.title')}
      intro={t('settings:accounts.tax.intro')}
      caption={t('settings:accounts.tax.caption')}
      nameTitle={t('settings:accounts.tax.name')}
      rows={rows}
      canChange={canChange}
      defaultLabel={t('settings:accounts.tax.default', { account: describe(payable) })}
    />
  );
}

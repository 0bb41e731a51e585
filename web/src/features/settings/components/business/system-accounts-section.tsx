import { useAppTranslation } from '../../../../lib/i18n.ts';
import { useGlAccounts } from '../../api/get-gl-accounts.ts';
import { GlAccountSection } from './gl-account-section.tsx';

/** Business settings, System Accounts: the accounts of the postings the books make by themselves. */
export function SystemAccountsSection({ canChange }: { canChange: boolean }) {
  const { t } = useAppTranslation();
  const query = useGlAccounts();
  const rows = query.data?.system.map((r) => ({
    kind: 'system' as const,
    key: r.posting,
    label: t(`settings:accounts.postings.${r.posting}`),
    gl_code: r.gl_code,
    version: r.version,
    fixed: r.fixed,
  }));
  return (
    <GlAccountSection
      title={t('settings:accounts.system.title')}
      intro={t('settings:accounts.system.intro')}
      caption={t('settings:accounts.system.caption')}
      nameTitle={t('settings:accounts.system.name')}
      rows={rows}
      canChange={canChange}
    />
  );
}

import { useAppTranslation } from '../../../../lib/i18n.ts';
import { useGlAccounts } from '../../api/get-gl-accounts.ts';
import { GlAccountSection, useDescribeCode } from './gl-account-section.tsx';

/** Business settings, Category Accounts: the revenue account each product category's sales post to. */
export function CategoryAccountsSection({ canChange }: { canChange: boolean }) {
  const { t } = useAppTranslation();
  const describe = useDescribeCode();
  const query = useGlAccounts();
  const system = query.data?.system;
  const code = (posting: string) => describe(system?.find((r) => r.posting === posting)?.gl_code);
  const rows = query.data?.category.map((r) => ({
    kind: 'category' as const,
    key: String(r.category_id),
    label: r.name,
    gl_code: r.gl_code,
    version: r.version,
  }));
  return (
    <GlAccountSection
      title={t('settings:accounts.category.title')}
      intro={t('settings:accounts.category.intro')}
      caption={t('settings:accounts.category.caption')}
      nameTitle={t('settings:accounts.category.name')}
      rows={rows}
      canChange={canChange}
      defaultLabel={t('settings:accounts.category.default', {
        rent: code('rent_revenue'),
        sale: code('sale_revenue'),
      })}
    />
  );
}

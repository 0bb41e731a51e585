import { Stack } from '@chakra-ui/react';
import changelog from '../../../../CHANGELOG.md?raw';
import { Changelog } from '../../features/version-history/components/changelog.tsx';
import { useAppTranslation } from '../../lib/i18n.ts';
import { PageHeading } from '../../components/page-heading.tsx';

export function VersionHistoryPage() {
  const { t } = useAppTranslation();
  return (
    <Stack gap="6" maxW="3xl">
      <PageHeading
        title={t('settings:version_history.heading')}
        intro={t('settings:version_history.intro')}
      />
      <Changelog markdown={changelog} />
    </Stack>
  );
}

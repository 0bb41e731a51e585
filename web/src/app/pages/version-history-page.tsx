import { Heading, Stack, Text } from '@chakra-ui/react';
import changelog from '../../../../CHANGELOG.md?raw';
import { Changelog } from '../../features/version-history/components/changelog.tsx';
import { useAppTranslation } from '../../lib/i18n.ts';

export function VersionHistoryPage() {
  const { t } = useAppTranslation();
  return (
    <Stack gap="6" maxW="3xl">
      <Stack gap="1">
        <Heading as="h1" size="2xl">
          {t('settings:version_history.heading')}
        </Heading>
        <Text color="fg.muted">{t('settings:version_history.intro')}</Text>
      </Stack>
      <Changelog markdown={changelog} />
    </Stack>
  );
}

import { Link as ChakraLink, Stack, Text } from '@chakra-ui/react';
import { Link } from 'wouter';
import { useAppTranslation } from '../../lib/i18n.ts';
import { pathTo } from '../route-table.ts';
import { PageHeading } from '../../components/page-heading.tsx';

export function NotFoundPage() {
  const { t } = useAppTranslation();
  return (
    <Stack as="main" gap="4" align="flex-start" maxW="lg" mx="auto" px="6" py="24">
      <PageHeading title={t('common:not_found.title')} />
      <Text color="fg.muted">{t('common:not_found.message')}</Text>
      <ChakraLink asChild colorPalette="blue" variant="underline">
        <Link href={pathTo('Home')}>{t('common:not_found.back')}</Link>
      </ChakraLink>
    </Stack>
  );
}

import { Center, Spinner, VisuallyHidden } from '@chakra-ui/react';
import { useAppTranslation } from '../lib/i18n.ts';

export function PageSpinner() {
  const { t } = useAppTranslation();
  return (
    <Center minH="40" role="status">
      <Spinner size="lg" aria-hidden />
      <VisuallyHidden>{t('common:loading')}</VisuallyHidden>
    </Center>
  );
}

import { Alert, Heading, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { errorCatalogue } from '@nine/shared/errors';
import { ApiError } from '../../lib/api-client.ts';
import { useAppTranslation, type AppT } from '../../lib/i18n.ts';

/** What a customer reads of a failed public call: a dead link, the rate limit, or the server's own words. */
export function publicFailureText(error: unknown, t: AppT): string {
  if (error instanceof ApiError) {
    if (error.status === 404) return t('participant:sign.link_invalid');
    if (error.status === 429 || error.respCode === errorCatalogue.rateLimited.code)
      return t('participant:sign.too_many');
    return error.message;
  }
  return t('errors:internal');
}

/** The whole page when its link is dead or the summary cannot be read. */
export function PublicFailure({ error, children }: { error: unknown; children?: ReactNode }) {
  const { t } = useAppTranslation();
  const dead = error instanceof ApiError && error.status === 404;
  return (
    <Stack gap="4" py="6">
      <Heading as="h1" size="xl">
        {dead ? t('participant:sign.link_invalid_title') : t('participant:sign.failed_title')}
      </Heading>
      <Alert.Root status={dead ? 'info' : 'error'}>
        <Alert.Indicator />
        <Alert.Description>{publicFailureText(error, t)}</Alert.Description>
      </Alert.Root>
      {dead && <Text color="fg.muted">{t('participant:sign.link_invalid_hint')}</Text>}
      {children}
    </Stack>
  );
}

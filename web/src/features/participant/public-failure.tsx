import { Alert, Heading, Stack, Text } from '@chakra-ui/react';
import { useState, type ReactNode } from 'react';
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

/**
 * A public form's send: `busy` while it runs, and `failure`, the words of a refusal the form did not place
 * itself. `refused` sees the error first: true once it has placed it (on a field), a string for its own words,
 * false for publicFailureText's.
 */
export function usePublicSend() {
  const { t } = useAppTranslation();
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const send = async (request: () => Promise<void>, refused: (error: unknown) => boolean | string) => {
    setFailure(null);
    setBusy(true);
    try {
      await request();
    } catch (error) {
      const placed = refused(error);
      if (placed !== true) setFailure(typeof placed === 'string' ? placed : publicFailureText(error, t));
    } finally {
      setBusy(false);
    }
  };
  return { busy, failure, send };
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

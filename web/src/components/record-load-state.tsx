import { Alert, Button, Skeleton, Stack, Text } from '@chakra-ui/react';
import { ApiError } from '../lib/api-client.ts';
import { useAppTranslation } from '../lib/i18n.ts';

/*
 * A record's screen (an order, an invoice) before it shows: loading, or why it cannot (not found, or a
 * failure to try again).
 */

/** The server has no such record (404). */
export const isNotFound = (error: Error | null) => error instanceof ApiError && error.status === 404;

/** What a screen says of a failed load: `notFound` for a 404, else `failed`; null while nothing failed. */
export const loadFailureText = (error: Error | null, notFound: string, failed: string): string | null =>
  error === null ? null : isNotFound(error) ? notFound : failed;

export function RecordLoading() {
  const { t } = useAppTranslation();
  return (
    <Stack gap="4" aria-busy="true">
      <Skeleton height="10" width="60" />
      <Skeleton height="40" />
      <Text srOnly>{t('common:loading')}</Text>
    </Stack>
  );
}

export interface RecordLoadFailedProps {
  error: Error;
  /** Said when the server answers 404. */
  notFound: string;
  /** Heads any other failure, with the server's message under it and a retry. */
  failed: string;
  onRetry(): void;
  retrying?: boolean;
}

export function RecordLoadFailed({ error, notFound, failed, onRetry, retrying }: RecordLoadFailedProps) {
  const { t } = useAppTranslation();
  const missing = isNotFound(error);
  return (
    <Alert.Root status={missing ? 'info' : 'error'} role="alert" alignItems="center">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{missing ? notFound : failed}</Alert.Title>
        {!missing && <Alert.Description>{error.message}</Alert.Description>}
      </Alert.Content>
      {!missing && (
        <Button size="sm" variant="outline" onClick={onRetry} loading={retrying}>
          {t('common:try_again')}
        </Button>
      )}
    </Alert.Root>
  );
}

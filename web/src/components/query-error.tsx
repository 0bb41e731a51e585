import { Alert, Button } from '@chakra-ui/react';
import { useAppTranslation } from '../lib/i18n.ts';

export interface QueryErrorProps {
  /** What failed ("Could not load the orders"); without it the error's message stands alone. */
  title?: string;
  error: Error | null;
  onRetry(): void;
  retrying?: boolean;
}

/** A failed load: what failed, the server's message and a way to try again. */
export function QueryError({ title, error, onRetry, retrying = false }: QueryErrorProps) {
  const { t } = useAppTranslation();
  return (
    <Alert.Root status="error" role="alert" alignItems="center">
      <Alert.Indicator />
      <Alert.Content>
        {title !== undefined && <Alert.Title>{title}</Alert.Title>}
        {error !== null && <Alert.Description>{error.message}</Alert.Description>}
      </Alert.Content>
      <Button size="sm" variant="outline" onClick={onRetry} loading={retrying}>
        {t('common:try_again')}
      </Button>
    </Alert.Root>
  );
}

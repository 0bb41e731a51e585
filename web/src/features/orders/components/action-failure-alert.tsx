import { Alert, Button } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useAppTranslation } from '../../../lib/i18n.ts';

/** An order action the server refused: what failed, why, and Dismiss to clear it. */
export function ActionFailureAlert(props: { title: string; children: ReactNode; onDismiss(): void }) {
  const { t } = useAppTranslation();
  return (
    <Alert.Root status="error" role="alert" alignItems="center">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{props.title}</Alert.Title>
        <Alert.Description>{props.children}</Alert.Description>
      </Alert.Content>
      <Button size="sm" variant="outline" onClick={props.onDismiss}>
        {t('orders:failures.dismiss')}
      </Button>
    </Alert.Root>
  );
}

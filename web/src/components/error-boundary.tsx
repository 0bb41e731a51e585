import { Alert, Button, Stack } from '@chakra-ui/react';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useAppTranslation } from '../lib/i18n.ts';

function RegionError({ onRetry }: { onRetry: () => void }) {
  const { t } = useAppTranslation();
  return (
    <Stack gap="3" align="flex-start">
      <Alert.Root status="error" role="alert">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>{t('common:errors.title')}</Alert.Title>
          <Alert.Description>{t('common:errors.region')}</Alert.Description>
        </Alert.Content>
      </Alert.Root>
      <Button size="sm" variant="outline" onClick={onRetry}>
        {t('common:try_again')}
      </Button>
    </Stack>
  );
}

export interface ErrorBoundaryProps {
  children: ReactNode;
  /** A new value (the route's path) clears the failure, so moving to another page shows that page. */
  resetKey?: unknown;
}

/** One per route region: a crashing page keeps the menu and the rest of the shell usable. */
export class ErrorBoundary extends Component<ErrorBoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('[ui] a page region crashed', error, info.componentStack);
  }

  override componentDidUpdate(previous: ErrorBoundaryProps): void {
    if (this.state.failed && previous.resetKey !== this.props.resetKey) this.setState({ failed: false });
  }

  override render(): ReactNode {
    if (this.state.failed) return <RegionError onRetry={() => this.setState({ failed: false })} />;
    return this.props.children;
  }
}

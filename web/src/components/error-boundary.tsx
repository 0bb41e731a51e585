import { Alert, Button, Stack } from '@chakra-ui/react';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useAppTranslation } from '../lib/i18n.ts';

function RegionError({ onRetry, reload }: { onRetry: () => void; reload: boolean }) {
  const { t } = useAppTranslation();
  return (
    <Stack gap="3" align="flex-start">
      <Alert.Root status="error" role="alert">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>{t('common:errors.title')}</Alert.Title>
          <Alert.Description>
            {t(reload ? 'common:errors.page_load' : 'common:errors.region')}
          </Alert.Description>
        </Alert.Content>
      </Alert.Root>
      <Button size="sm" variant="outline" onClick={onRetry}>
        {t(reload ? 'common:reload' : 'common:try_again')}
      </Button>
    </Stack>
  );
}

export interface ErrorBoundaryProps {
  children: ReactNode;
  /** A new value (the route's path) clears the failure, so moving to another page shows that page. */
  resetKey?: unknown;
  /** Failures only a page reload mends (a code chunk that could not be fetched): the button reloads. */
  needsReload?: (error: unknown) => boolean;
  onReload?: () => void;
}

interface ErrorBoundaryState {
  failed: boolean;
  error?: unknown;
}

/** One per route region: a crashing page keeps the menu and the rest of the shell usable. */
export class ErrorBoundary extends Component<ErrorBoundaryProps, ErrorBoundaryState> {
  override state: ErrorBoundaryState = { failed: false };

  static getDerivedStateFromError(error: unknown): ErrorBoundaryState {
    return { failed: true, error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('[ui] a page region crashed', error, info.componentStack);
  }

  override componentDidUpdate(previous: ErrorBoundaryProps): void {
    if (this.state.failed && previous.resetKey !== this.props.resetKey)
      this.setState({ failed: false, error: undefined });
  }

  override render(): ReactNode {
    if (this.state.failed) {
      const { needsReload, onReload } = this.props;
      const reload = onReload !== undefined && (needsReload?.(this.state.error) ?? false);
      return (
        <RegionError
          reload={reload}
          onRetry={reload ? onReload : () => this.setState({ failed: false, error: undefined })}
        />
      );
    }
    return this.props.children;
  }
}

import { Alert } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export interface MessageAlertProps {
  status: 'error' | 'warning' | 'info' | 'success';
  /** By default a failure or warning interrupts (alert) and news waits its turn (status). */
  role?: 'alert' | 'status';
  children: ReactNode;
}

/** One line of feedback in a box: a failure, a warning, or news such as "Link sent". */
export function MessageAlert({ status, role, children }: MessageAlertProps) {
  return (
    <Alert.Root
      status={status}
      role={role ?? (status === 'error' || status === 'warning' ? 'alert' : 'status')}
    >
      <Alert.Indicator />
      <Alert.Description>{children}</Alert.Description>
    </Alert.Root>
  );
}

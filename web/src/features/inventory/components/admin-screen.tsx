import { Stack, chakra } from '@chakra-ui/react';
import { useState, type ReactNode } from 'react';
import { MessageAlert } from '../../../components/message-alert.tsx';

/** How a form or button of an admin screen reports back: a failure shows in its alert, a success clears it. */
export interface ScreenFail {
  onError(e: Error): void;
  onSuccess(): void;
}

/** The last failure of an admin screen and the `fail` its forms and buttons report to. */
export function useScreenFail() {
  const [error, setError] = useState<string | null>(null);
  const fail: ScreenFail = { onError: (e) => setError(e.message), onSuccess: () => setError(null) };
  return { error, fail };
}

/** An inventory admin screen (categories, attributes): its title, then its last failure, then the rest. */
export function AdminScreen({
  title,
  error,
  gap,
  children,
}: {
  title: string;
  error: string | null;
  gap: '5' | '6';
  children: ReactNode;
}) {
  return (
    <Stack gap={gap}>
      <chakra.h1 fontSize="2xl" fontWeight="semibold">
        {title}
      </chakra.h1>
      {error !== null && <MessageAlert status="error">{error}</MessageAlert>}
      {children}
    </Stack>
  );
}

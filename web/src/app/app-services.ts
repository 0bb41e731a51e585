import { QueryClient } from '@tanstack/react-query';
import { createActor } from 'xstate';
import { ApiError, connectSession } from '../lib/api-client.ts';
import { sessionMachine, type SessionActorRef } from '../features/session/session-machine.ts';
import { loadSession } from '../features/session/session-storage.ts';

export interface AppServices {
  queryClient: QueryClient;
  session: SessionActorRef;
  dispose: () => void;
}

export function currentFullPath(): string {
  return `${window.location.pathname}${window.location.search}${window.location.hash}`;
}

/** Client errors (4xx) will not change on a retry; server hiccups might. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

/** Wires the session machine, the API client and the query cache together; one per app (and per test). */
export function createAppServices(): AppServices {
  const queryClient = new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });

  const session = createActor(sessionMachine, {
    input: { restored: loadSession(), currentPath: currentFullPath },
  });

  const disconnect = connectSession({
    token: () => session.getSnapshot().context.session?.login.token ?? null,
    locationId: () => session.getSnapshot().context.session?.locationId ?? null,
    onUnauthorized: () => session.send({ type: 'UNAUTHORIZED', path: currentFullPath() }),
  });

  // Server data belongs to whoever was signed in: drop all of it when the session ends.
  let signedIn = false;
  const subscription = session.subscribe((snapshot) => {
    const now = snapshot.matches('signedIn');
    if (signedIn && !now) queryClient.clear();
    signedIn = now;
  });

  session.start();

  return {
    queryClient,
    session,
    dispose: () => {
      subscription.unsubscribe();
      disconnect();
      session.stop();
      queryClient.clear();
    },
  };
}

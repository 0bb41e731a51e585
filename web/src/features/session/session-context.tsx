import { useSelector } from '@xstate/react';
import { createContext, useContext, type ReactNode } from 'react';
import type { SessionActorRef, SessionSnapshot } from './session-machine.ts';
import { locationStep, sessionStatus } from './session-machine.ts';

// The actor is created outside React (the API client needs it too); React only reads it.
const SessionActorContext = createContext<SessionActorRef | null>(null);

export function SessionProvider({ actor, children }: { actor: SessionActorRef; children: ReactNode }) {
  return <SessionActorContext.Provider value={actor}>{children}</SessionActorContext.Provider>;
}

export function useSessionActor(): SessionActorRef {
  const actor = useContext(SessionActorContext);
  if (actor === null) throw new Error('useSessionActor needs a <SessionProvider>');
  return actor;
}

export function useSessionSelector<T>(selector: (snapshot: SessionSnapshot) => T): T {
  return useSelector(useSessionActor(), selector);
}

export const useSessionStatus = () => useSessionSelector(sessionStatus);
export const useSession = () => useSessionSelector((s) => s.context.session);
export const useLocationStep = () => useSessionSelector(locationStep);

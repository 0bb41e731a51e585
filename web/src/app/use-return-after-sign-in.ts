import { useEffect } from 'react';
import { useLocation } from 'wouter';
import { APP_BASE } from '@nine/shared/constants';
import { useSessionActor, useSessionStatus } from '../features/session/session-context.tsx';
import { pathTo } from './route-table.ts';

const AUTH_PREFIX = `${APP_BASE}/auth/`;

/** Only paths inside the app, and never an auth page, are worth returning to. */
export function returnTarget(returnTo: string | null): string | null {
  if (returnTo === null || !returnTo.startsWith(`${APP_BASE}/`)) return null;
  return returnTo.startsWith(AUTH_PREFIX) ? null : returnTo;
}

/**
 * Once signed in (just now, or already when arriving), goes back where the user was, else the dashboard.
 * returnTo is read from the snapshot, not subscribed to: clearing it must not re-run this and redirect twice.
 */
export function useReturnAfterSignIn(): boolean {
  const actor = useSessionActor();
  const status = useSessionStatus();
  const [, navigate] = useLocation();
  useEffect(() => {
    if (status !== 'signedIn') return;
    const target = returnTarget(actor.getSnapshot().context.returnTo);
    actor.send({ type: 'RETURN_HANDLED' });
    navigate(target !== null ? `~${target}` : pathTo('DashboardIndex'), { replace: true });
  }, [status, actor, navigate]);
  return status === 'signedIn';
}

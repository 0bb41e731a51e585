import { useEffect } from 'react';
import { useLocation } from 'wouter';
import { APP_BASE } from '@nine/shared/constants';
import { LoginForm } from '../../features/auth/components/login-form.tsx';
import {
  useSessionActor,
  useSessionSelector,
  useSessionStatus,
} from '../../features/session/session-context.tsx';
import { useAppTranslation } from '../../lib/i18n.ts';
import { pathTo } from '../route-table.ts';

/** Only paths inside the app, and never the login page itself, are worth returning to. */
function returnTarget(returnTo: string | null): string | null {
  if (returnTo === null || !returnTo.startsWith(`${APP_BASE}/`)) return null;
  return returnTo.startsWith(`${APP_BASE}${pathTo('Login')}`) ? null : returnTo;
}

export function LoginPage() {
  const { t } = useAppTranslation();
  const actor = useSessionActor();
  const status = useSessionStatus();
  const error = useSessionSelector((s) => s.context.error);
  const endReason = useSessionSelector((s) => s.context.endReason);
  const [, navigate] = useLocation();

  // Signed in (just now, or already when arriving here): go back where the user was, else the dashboard.
  // returnTo is read from the snapshot, not subscribed to: clearing it must not re-run this and redirect twice.
  useEffect(() => {
    if (status !== 'signedIn') return;
    const target = returnTarget(actor.getSnapshot().context.returnTo);
    actor.send({ type: 'RETURN_HANDLED' });
    navigate(target !== null ? `~${target}` : pathTo('DashboardIndex'), { replace: true });
  }, [status, actor, navigate]);

  if (status === 'signedIn') return null;

  const notice =
    endReason === 'expired'
      ? t('auth:login.session_expired')
      : endReason === 'unauthorized'
        ? t('errors:unauthenticated')
        : null;

  return (
    <LoginForm
      pending={status === 'signingIn'}
      error={error?.message ?? null}
      notice={notice}
      onSubmit={(credentials) => actor.send({ type: 'LOGIN', ...credentials })}
    />
  );
}

import { useEffect } from 'react';
import { useLocation } from 'wouter';
import { LoginForm } from '../../features/auth/components/login-form.tsx';
import {
  useSessionActor,
  useSessionSelector,
  useSessionStatus,
} from '../../features/session/session-context.tsx';
import { useAppTranslation } from '../../lib/i18n.ts';
import { pathTo } from '../route-table.ts';
import { useReturnAfterSignIn } from '../use-return-after-sign-in.ts';

export function LoginPage() {
  const { t } = useAppTranslation();
  const actor = useSessionActor();
  const status = useSessionStatus();
  const error = useSessionSelector((s) => s.context.error);
  const endReason = useSessionSelector((s) => s.context.endReason);
  const [, navigate] = useLocation();
  const signedIn = useReturnAfterSignIn();

  // An expired password (code 1013) moves the session to its own screen.
  useEffect(() => {
    if (status === 'passwordExpired') navigate(pathTo('PasswordExpired'));
  }, [status, navigate]);

  if (signedIn) return null;

  const notice =
    endReason === 'expired'
      ? t('auth:login.session_expired')
      : endReason === 'unauthorized'
        ? t('errors:unauthenticated')
        : endReason === 'inactive'
          ? t('auth:login.inactive')
          : null;

  return (
    <LoginForm
      pending={status === 'signingIn'}
      error={status === 'signedOut' ? (error?.message ?? null) : null}
      notice={notice}
      forgotPasswordHref={pathTo('ForgotPassword')}
      onSubmit={(credentials) => actor.send({ type: 'LOGIN', ...credentials })}
    />
  );
}

import { useLocation } from 'wouter';
import { PasswordExpiredForm } from '../../features/auth/components/password-expired-form.tsx';
import {
  useSessionActor,
  useSessionSelector,
  useSessionStatus,
} from '../../features/session/session-context.tsx';
import { pathTo } from '../route-table.ts';
import { useReturnAfterSignIn } from '../use-return-after-sign-in.ts';

export function PasswordExpiredPage() {
  const actor = useSessionActor();
  const status = useSessionStatus();
  const expired = useSessionSelector((s) => s.context.expiredPassword);
  const error = useSessionSelector((s) => s.context.error);
  const [, navigate] = useLocation();
  const signedIn = useReturnAfterSignIn();
  if (signedIn) return null;

  return (
    <PasswordExpiredForm
      // A new refusal (another e-mail) starts the form afresh.
      key={expired?.email ?? ''}
      email={expired?.email ?? ''}
      currentPassword={expired?.password ?? null}
      pending={status === 'changingPassword'}
      error={status === 'passwordExpired' ? (error?.message ?? null) : null}
      onSubmit={(input) => actor.send({ type: 'CHANGE_EXPIRED_PASSWORD', ...input })}
      onCancel={() => {
        actor.send({ type: 'CANCEL_PASSWORD_CHANGE' });
        navigate(pathTo('Login'), { replace: true });
      }}
    />
  );
}

import { useSearch } from 'wouter';
import { ResetPasswordForm } from '../../features/auth/components/reset-password-form.tsx';
import { pathTo } from '../route-table.ts';

/** Opened from the e-mailed link: /nine/auth/reset-password?token=... */
export function ResetPasswordPage() {
  const token = new URLSearchParams(useSearch()).get('token');
  return (
    <ResetPasswordForm
      token={token !== null && token !== '' ? token : null}
      loginHref={pathTo('Login')}
      forgotHref={pathTo('ForgotPassword')}
    />
  );
}

import { ForgotPasswordForm } from '../../features/auth/components/forgot-password-form.tsx';
import { pathTo } from '../route-table.ts';

export function ForgotPasswordPage() {
  return <ForgotPasswordForm loginHref={pathTo('Login')} />;
}

import { resetPasswordLinkRequest } from '@nine/shared/schemas/auth';
import { useSchemaForm } from '../../../components/form/use-schema-form.ts';
import { MessageAlert } from '../../../components/message-alert.tsx';
import { useAppTranslation } from '../../../lib/i18n.ts';
import { useRequestResetLink } from '../api/request-reset-link.ts';
import { AuthForm, AuthSubmit, BackToLoginLink, emailIssueMessage, SignInEmailField } from './auth-form.tsx';

/** Asks for a reset link; the answer never tells whether the address has an account. */
export function ForgotPasswordForm({ loginHref }: { loginHref: string }) {
  const { t } = useAppTranslation();
  const request = useRequestResetLink();
  const form = useSchemaForm(resetPasswordLinkRequest, {
    defaultValues: { email: '' },
    messages: (values) => ({ email: emailIssueMessage(values.email) }),
  });
  const submit = form.handleSubmit((body) => request.mutate(body.email));

  return (
    <AuthForm title={t('auth:forgot.heading')} intro={t('auth:forgot.intro')} onSubmit={submit}>
      {request.isSuccess && (
        <MessageAlert status="success">{t('auth:forgot.sent', { email: request.variables })}</MessageAlert>
      )}
      {request.isError && <MessageAlert status="error">{request.error.message}</MessageAlert>}
      <SignInEmailField control={form.control} name="email" autoFocus />
      <AuthSubmit pending={request.isPending} pendingLabel={t('auth:forgot.submitting')}>
        {t('auth:forgot.submit')}
      </AuthSubmit>
      <BackToLoginLink href={loginHref} />
    </AuthForm>
  );
}

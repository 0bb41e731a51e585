import { Button } from '@chakra-ui/react';
import { resetPasswordLinkRequest } from '@nine/shared/schemas/auth';
import { TextField } from '../../../components/form/fields.tsx';
import { useSchemaForm } from '../../../components/form/use-schema-form.ts';
import { MessageAlert } from '../../../components/message-alert.tsx';
import { useAppTranslation } from '../../../lib/i18n.ts';
import { useRequestResetLink } from '../api/request-reset-link.ts';
import { AuthForm, BackToLoginLink, emailIssueMessage, SIGN_IN_EMAIL_INPUT } from './auth-form.tsx';

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
      <TextField
        control={form.control}
        name="email"
        label={t('auth:login.email')}
        {...SIGN_IN_EMAIL_INPUT}
        autoFocus
      />
      <Button
        type="submit"
        colorPalette="blue"
        loading={request.isPending}
        loadingText={t('auth:forgot.submitting')}
      >
        {t('auth:forgot.submit')}
      </Button>
      <BackToLoginLink href={loginHref} />
    </AuthForm>
  );
}

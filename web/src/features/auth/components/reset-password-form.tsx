import { Button, Stack } from '@chakra-ui/react';
import { useId } from 'react';
import { Link } from 'wouter';
import { errorCatalogue } from '@nine/shared/errors';
import { resetPasswordForm } from '@nine/shared/schemas/auth';
import { useSchemaForm } from '../../../components/form/use-schema-form.ts';
import { MessageAlert } from '../../../components/message-alert.tsx';
import type { ApiError } from '../../../lib/api-client.ts';
import { useAppTranslation } from '../../../lib/i18n.ts';
import { usePasswordPolicy } from '../api/get-password-policy.ts';
import { useResetPassword } from '../api/reset-password.ts';
import { AuthForm, AuthLink, AuthSubmit, BackToLoginLink } from './auth-form.tsx';
import { PageHeading } from '../../../components/page-heading.tsx';
import { NewPasswordFields, newPasswordMessages, useNewPasswordSchema } from './new-password-fields.tsx';

/** Sets a new password with the token from the e-mailed link. */
export function ResetPasswordForm({
  token,
  loginHref,
  forgotHref,
}: {
  token: string | null;
  loginHref: string;
  forgotHref: string;
}) {
  const { t } = useAppTranslation();
  const headingId = useId();
  const policy = usePasswordPolicy().data;
  const reset = useResetPassword();
  const form = useSchemaForm(useNewPasswordSchema(resetPasswordForm), {
    defaultValues: { password: '', confirm: '' },
    messages: newPasswordMessages,
  });
  const submit = form.handleSubmit((value) => {
    if (token !== null) reset.mutate({ token, password: value.password });
  });
  const error = reset.error as ApiError | null;
  const tokenDead = token === null || error?.respCode === errorCatalogue.resetTokenInvalid.code;

  if (reset.isSuccess) {
    return (
      <Stack gap="5">
        <PageHeading id={headingId} title={t('auth:reset.heading')} />
        <MessageAlert status="success">{t('auth:reset.done')}</MessageAlert>
        <Button asChild colorPalette="blue">
          <Link href={loginHref}>{t('auth:reset.go_login')}</Link>
        </Button>
      </Stack>
    );
  }

  return (
    <AuthForm title={t('auth:reset.heading')} intro={t('auth:reset.intro')} onSubmit={submit}>
      {(error !== null || token === null) && (
        <MessageAlert status="error">{error?.message ?? t('auth:reset.missing_token')}</MessageAlert>
      )}
      {tokenDead ? (
        <AuthLink href={forgotHref} small={false}>
          {t('auth:reset.request_new')}
        </AuthLink>
      ) : (
        <>
          <NewPasswordFields control={form.control} policy={policy} />
          <AuthSubmit pending={reset.isPending} pendingLabel={t('auth:saving')}>
            {t('auth:reset.submit')}
          </AuthSubmit>
        </>
      )}
      <BackToLoginLink href={loginHref} />
    </AuthForm>
  );
}

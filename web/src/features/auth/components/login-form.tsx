import { Box, Button, Separator, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { loginRequest } from '@nine/shared/schemas/auth';
import { useSchemaForm } from '../../../components/form/use-schema-form.ts';
import { MessageAlert } from '../../../components/message-alert.tsx';
import { useAppTranslation } from '../../../lib/i18n.ts';
import { useSsoCheck } from '../api/check-sso.ts';
import { useStartSso } from '../api/start-sso.ts';
import { AuthForm, AuthLink, AuthSubmit, emailIssueMessage, SignInEmailField } from './auth-form.tsx';
import { fieldsOf } from '../../../components/form/form-fields.tsx';

export interface LoginCredentials {
  email: string;
  password: string;
}

export interface LoginFormProps {
  onSubmit: (credentials: LoginCredentials) => void;
  pending: boolean;
  /** The server's translated resp_message of the last failed attempt. */
  error: string | null;
  /** Why the user is here again (session expired or ended), if that is the case. */
  notice: string | null;
  forgotPasswordHref: string;
}

/** How long typing must pause before the e-mail counts as entered and single sign-on is asked about. */
const SSO_CHECK_PAUSE_MS = 500;

export function LoginForm({ onSubmit, pending, error, notice, forgotPasswordHref }: LoginFormProps) {
  const { t } = useAppTranslation();
  const form = useSchemaForm(loginRequest, {
    defaultValues: { email: '', password: '' },
    messages: (values) => ({
      email: emailIssueMessage(values.email),
      password: 'auth:login.password_required',
    }),
  });
  const email = useWatch({ control: form.control, name: 'email' });
  const [enteredEmail, setEnteredEmail] = useState('');

  useEffect(() => {
    const timer = setTimeout(() => setEnteredEmail(email), SSO_CHECK_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [email]);

  const sso = useSsoCheck(enteredEmail).data;
  const ssoMatches = sso !== undefined && enteredEmail.trim().toLowerCase() === email.trim().toLowerCase();
  const ssoEnabled = ssoMatches && sso.sso_enabled && sso.provider !== null;
  const ssoRequired = ssoEnabled && sso.required;
  const startSso = useStartSso();

  const signIn = form.handleSubmit((credentials) =>
    onSubmit({ email: credentials.email, password: credentials.password }),
  );

  async function submit() {
    if (ssoRequired && sso?.provider) {
      // No password is asked for: only the address is checked.
      if (await form.trigger('email')) startSso.mutate({ provider: sso.provider, email: email.trim() });
      return;
    }
    await signIn();
  }

  const shownError = error ?? (startSso.error ? startSso.error.message : null);

  const { TextField } = fieldsOf(form.control);
  return (
    <AuthForm title={t('auth:login.heading')} intro={t('auth:login.intro')} onSubmit={submit}>
      {notice !== null && shownError === null && <MessageAlert status="info">{notice}</MessageAlert>}
      {shownError !== null && <MessageAlert status="error">{shownError}</MessageAlert>}

      {/* Leaving the address asks about single sign-on at once, without waiting for the pause. */}
      <Box onBlur={() => setEnteredEmail(email)}>
        <SignInEmailField control={form.control} name="email" autoFocus />
      </Box>

      {ssoRequired ? (
        <Text color="fg.muted" role="status">
          {t('auth:login.sso_required')}
        </Text>
      ) : (
        <TextField
          name="password"
          label={t('auth:login.password')}
          type="password"
          autoComplete="current-password"
        />
      )}

      {ssoRequired ? (
        <AuthSubmit pending={startSso.isPending} pendingLabel={t('auth:login.sso_starting')}>
          {t('auth:login.sso')}
        </AuthSubmit>
      ) : (
        <AuthSubmit pending={pending} pendingLabel={t('auth:login.submitting')}>
          {t('auth:login.submit')}
        </AuthSubmit>
      )}

      {ssoEnabled && !ssoRequired && (
        <>
          <Separator />
          <Button
            type="button"
            variant="outline"
            loading={startSso.isPending}
            loadingText={t('auth:login.sso_starting')}
            onClick={() => sso?.provider && startSso.mutate({ provider: sso.provider, email: email.trim() })}
          >
            {t('auth:login.sso')}
          </Button>
        </>
      )}

      <AuthLink href={forgotPasswordHref}>{t('auth:login.forgot_password')}</AuthLink>
    </AuthForm>
  );
}

import { Alert, Box, Button, Heading, Link as ChakraLink, Separator, Stack, Text } from '@chakra-ui/react';
import { useEffect, useId, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { Link } from 'wouter';
import { loginRequest } from '@nine/shared/schemas/auth';
import { TextField } from '../../../components/form/fields.tsx';
import { useSchemaForm } from '../../../components/form/use-schema-form.ts';
import { useAppTranslation } from '../../../lib/i18n.ts';
import { useSsoCheck } from '../api/check-sso.ts';
import { useStartSso } from '../api/start-sso.ts';

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
  const headingId = useId();
  const form = useSchemaForm(loginRequest, {
    defaultValues: { email: '', password: '' },
    // An empty address fails the e-mail format too; it reads as missing.
    messages: (values) => ({
      email: values.email.trim() === '' ? 'auth:login.email_required' : {},
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

  return (
    <form
      aria-labelledby={headingId}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <Stack gap="5">
        <Stack gap="1">
          <Heading as="h1" size="2xl" id={headingId}>
            {t('auth:login.heading')}
          </Heading>
          <Text color="fg.muted">{t('auth:login.intro')}</Text>
        </Stack>

        {notice !== null && shownError === null && (
          <Alert.Root status="info" role="status">
            <Alert.Indicator />
            <Alert.Description>{notice}</Alert.Description>
          </Alert.Root>
        )}
        {shownError !== null && (
          <Alert.Root status="error" role="alert">
            <Alert.Indicator />
            <Alert.Description>{shownError}</Alert.Description>
          </Alert.Root>
        )}

        {/* Leaving the address asks about single sign-on at once, without waiting for the pause. */}
        <Box onBlur={() => setEnteredEmail(email)}>
          <TextField
            control={form.control}
            name="email"
            label={t('auth:login.email')}
            type="email"
            autoComplete="username"
            inputMode="email"
            autoFocus
          />
        </Box>

        {ssoRequired ? (
          <Text color="fg.muted" role="status">
            {t('auth:login.sso_required')}
          </Text>
        ) : (
          <TextField
            control={form.control}
            name="password"
            label={t('auth:login.password')}
            type="password"
            autoComplete="current-password"
          />
        )}

        {ssoRequired ? (
          <Button
            type="submit"
            colorPalette="blue"
            loading={startSso.isPending}
            loadingText={t('auth:login.sso_starting')}
          >
            {t('auth:login.sso')}
          </Button>
        ) : (
          <Button
            type="submit"
            colorPalette="blue"
            loading={pending}
            loadingText={t('auth:login.submitting')}
          >
            {t('auth:login.submit')}
          </Button>
        )}

        {ssoEnabled && !ssoRequired && (
          <>
            <Separator />
            <Button
              type="button"
              variant="outline"
              loading={startSso.isPending}
              loadingText={t('auth:login.sso_starting')}
              onClick={() =>
                sso?.provider && startSso.mutate({ provider: sso.provider, email: email.trim() })
              }
            >
              {t('auth:login.sso')}
            </Button>
          </>
        )}

        <ChakraLink asChild colorPalette="blue" variant="underline" alignSelf="flex-start" fontSize="sm">
          <Link href={forgotPasswordHref}>{t('auth:login.forgot_password')}</Link>
        </ChakraLink>
      </Stack>
    </form>
  );
}

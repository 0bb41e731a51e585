import {
  Alert,
  Button,
  Field,
  Heading,
  Input,
  Link as ChakraLink,
  Separator,
  Stack,
  Text,
} from '@chakra-ui/react';
import { useEffect, useId, useState } from 'react';
import { Link } from 'wouter';
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
  const [email, setEmail] = useState('');
  const [enteredEmail, setEnteredEmail] = useState('');
  const [password, setPassword] = useState('');
  const [touched, setTouched] = useState(false);

  useEffect(() => {
    const timer = setTimeout(() => setEnteredEmail(email), SSO_CHECK_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [email]);

  const sso = useSsoCheck(enteredEmail).data;
  const ssoMatches = sso !== undefined && enteredEmail.trim().toLowerCase() === email.trim().toLowerCase();
  const ssoEnabled = ssoMatches && sso.sso_enabled && sso.provider !== null;
  const ssoRequired = ssoEnabled && sso.required;
  const startSso = useStartSso();

  const emailMissing = touched && email.trim() === '';
  const passwordMissing = touched && !ssoRequired && password === '';

  function submit() {
    setTouched(true);
    if (email.trim() === '') return;
    if (ssoRequired && sso?.provider) {
      startSso.mutate({ provider: sso.provider, email: email.trim() });
      return;
    }
    if (password === '') return;
    onSubmit({ email: email.trim(), password });
  }

  const shownError = error ?? (startSso.error ? startSso.error.message : null);

  return (
    <form
      aria-labelledby={headingId}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
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

        <Field.Root invalid={emailMissing} required>
          <Field.Label>{t('auth:login.email')}</Field.Label>
          <Input
            type="email"
            name="email"
            autoComplete="username"
            inputMode="email"
            autoFocus
            value={email}
            onChange={(event) => setEmail(event.currentTarget.value)}
            onBlur={() => setEnteredEmail(email)}
          />
          <Field.ErrorText>{t('auth:login.email_required')}</Field.ErrorText>
        </Field.Root>

        {ssoRequired ? (
          <Text color="fg.muted" role="status">
            {t('auth:login.sso_required')}
          </Text>
        ) : (
          <Field.Root invalid={passwordMissing} required>
            <Field.Label>{t('auth:login.password')}</Field.Label>
            <Input
              type="password"
              name="password"
              autoComplete="current-password"
              value={password}
              onChange={(event) => setPassword(event.currentTarget.value)}
            />
            <Field.ErrorText>{t('auth:login.password_required')}</Field.ErrorText>
          </Field.Root>
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

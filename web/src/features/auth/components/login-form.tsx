import { Alert, Button, Field, Heading, Input, Stack, Text } from '@chakra-ui/react';
import { useId, useState } from 'react';
import { useAppTranslation } from '../../../lib/i18n.ts';

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
}

export function LoginForm({ onSubmit, pending, error, notice }: LoginFormProps) {
  const { t } = useAppTranslation();
  const headingId = useId();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [touched, setTouched] = useState(false);
  const emailMissing = touched && email.trim() === '';
  const passwordMissing = touched && password === '';

  function submit() {
    setTouched(true);
    if (email.trim() === '' || password === '') return;
    onSubmit({ email: email.trim(), password });
  }

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

        {notice !== null && error === null && (
          <Alert.Root status="info" role="status">
            <Alert.Indicator />
            <Alert.Description>{notice}</Alert.Description>
          </Alert.Root>
        )}
        {error !== null && (
          <Alert.Root status="error" role="alert">
            <Alert.Indicator />
            <Alert.Description>{error}</Alert.Description>
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
          />
          <Field.ErrorText>{t('auth:login.email_required')}</Field.ErrorText>
        </Field.Root>

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

        <Button type="submit" colorPalette="blue" loading={pending} loadingText={t('auth:login.submitting')}>
          {t('auth:login.submit')}
        </Button>
      </Stack>
    </form>
  );
}

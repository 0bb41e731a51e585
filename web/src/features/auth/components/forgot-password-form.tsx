import { Alert, Button, Field, Input, Link as ChakraLink, Stack } from '@chakra-ui/react';
import { useId, useState } from 'react';
import { Link } from 'wouter';
import { useAppTranslation } from '../../../lib/i18n.ts';
import { useRequestResetLink } from '../api/request-reset-link.ts';
import { AuthHeading } from './auth-heading.tsx';

/** Asks for a reset link; the answer never tells whether the address has an account. */
export function ForgotPasswordForm({ loginHref }: { loginHref: string }) {
  const { t } = useAppTranslation();
  const headingId = useId();
  const [email, setEmail] = useState('');
  const [touched, setTouched] = useState(false);
  const request = useRequestResetLink();
  const missing = touched && email.trim() === '';

  return (
    <form
      aria-labelledby={headingId}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        setTouched(true);
        if (email.trim() !== '') request.mutate(email.trim());
      }}
    >
      <Stack gap="5">
        <AuthHeading id={headingId} title={t('auth:forgot.heading')} intro={t('auth:forgot.intro')} />
        {request.isSuccess && (
          <Alert.Root status="success" role="status">
            <Alert.Indicator />
            <Alert.Description>{t('auth:forgot.sent', { email: request.variables })}</Alert.Description>
          </Alert.Root>
        )}
        {request.isError && (
          <Alert.Root status="error" role="alert">
            <Alert.Indicator />
            <Alert.Description>{request.error.message}</Alert.Description>
          </Alert.Root>
        )}
        <Field.Root required invalid={missing}>
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
        <Button
          type="submit"
          colorPalette="blue"
          loading={request.isPending}
          loadingText={t('auth:forgot.submitting')}
        >
          {t('auth:forgot.submit')}
        </Button>
        <ChakraLink asChild colorPalette="blue" variant="underline" alignSelf="flex-start" fontSize="sm">
          <Link href={loginHref}>{t('auth:back_to_login')}</Link>
        </ChakraLink>
      </Stack>
    </form>
  );
}

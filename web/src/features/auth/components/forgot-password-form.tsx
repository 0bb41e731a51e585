import { Alert, Button, Link as ChakraLink, Stack } from '@chakra-ui/react';
import { useId } from 'react';
import { Link } from 'wouter';
import { resetPasswordLinkRequest } from '@nine/shared/schemas/auth';
import { TextField } from '../../../components/form/fields.tsx';
import { useSchemaForm } from '../../../components/form/use-schema-form.ts';
import { useAppTranslation } from '../../../lib/i18n.ts';
import { useRequestResetLink } from '../api/request-reset-link.ts';
import { AuthHeading } from './auth-heading.tsx';

/** Asks for a reset link; the answer never tells whether the address has an account. */
export function ForgotPasswordForm({ loginHref }: { loginHref: string }) {
  const { t } = useAppTranslation();
  const headingId = useId();
  const request = useRequestResetLink();
  const form = useSchemaForm(resetPasswordLinkRequest, {
    defaultValues: { email: '' },
    // An empty address fails the e-mail format too; it reads as missing.
    messages: (values) => ({ email: values.email.trim() === '' ? 'auth:login.email_required' : {} }),
  });
  const submit = form.handleSubmit((body) => request.mutate(body.email));

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
        <TextField
          control={form.control}
          name="email"
          label={t('auth:login.email')}
          type="email"
          autoComplete="username"
          inputMode="email"
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
        <ChakraLink asChild colorPalette="blue" variant="underline" alignSelf="flex-start" fontSize="sm">
          <Link href={loginHref}>{t('auth:back_to_login')}</Link>
        </ChakraLink>
      </Stack>
    </form>
  );
}

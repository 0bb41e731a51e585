import { Alert, Button, Field, Input, Stack } from '@chakra-ui/react';
import { useId, useState } from 'react';
import { useAppTranslation } from '../../../lib/i18n.ts';
import { usePasswordPolicy } from '../api/get-password-policy.ts';
import { AuthHeading } from './auth-heading.tsx';
import { NewPasswordFields, newPasswordProblem, type NewPassword } from './new-password-fields.tsx';

export interface ExpiredPasswordInput {
  email: string;
  password: string;
  newPassword: string;
}

export interface PasswordExpiredFormProps {
  /** The e-mail of the refused sign-in, when known. */
  email: string;
  /** The password of the refused sign-in, when known: then it is not asked again. */
  currentPassword: string | null;
  pending: boolean;
  error: string | null;
  onSubmit: (input: ExpiredPasswordInput) => void;
  onCancel: () => void;
}

/** 'Password Expired': the current password once more (unless just typed) and a new one under the policy. */
export function PasswordExpiredForm({
  email: knownEmail,
  currentPassword,
  pending,
  error,
  onSubmit,
  onCancel,
}: PasswordExpiredFormProps) {
  const { t } = useAppTranslation();
  const headingId = useId();
  const policy = usePasswordPolicy().data;
  const [email, setEmail] = useState(knownEmail);
  const [password, setPassword] = useState('');
  const [value, setValue] = useState<NewPassword>({ password: '', confirm: '' });
  const [touched, setTouched] = useState(false);
  const askCurrent = currentPassword === null;

  return (
    <form
      aria-labelledby={headingId}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        setTouched(true);
        const current = currentPassword ?? password;
        if (email.trim() === '' || current === '' || newPasswordProblem(value, policy) !== null) return;
        onSubmit({ email: email.trim(), password: current, newPassword: value.password });
      }}
    >
      <Stack gap="5">
        <AuthHeading
          id={headingId}
          title={t('auth:password_expired.heading')}
          intro={t('auth:password_expired.intro')}
        />
        {error !== null && (
          <Alert.Root status="error" role="alert">
            <Alert.Indicator />
            <Alert.Description>{error}</Alert.Description>
          </Alert.Root>
        )}
        <Field.Root required invalid={touched && email.trim() === ''} readOnly={knownEmail !== ''}>
          <Field.Label>{t('auth:login.email')}</Field.Label>
          <Input
            type="email"
            name="email"
            autoComplete="username"
            value={email}
            onChange={(event) => setEmail(event.currentTarget.value)}
          />
          <Field.ErrorText>{t('auth:login.email_required')}</Field.ErrorText>
        </Field.Root>
        {askCurrent && (
          <Field.Root required invalid={touched && password === ''}>
            <Field.Label>{t('auth:password_expired.current_password')}</Field.Label>
            <Input
              type="password"
              name="current-password"
              autoComplete="current-password"
              value={password}
              onChange={(event) => setPassword(event.currentTarget.value)}
            />
            <Field.ErrorText>{t('auth:login.password_required')}</Field.ErrorText>
          </Field.Root>
        )}
        <NewPasswordFields value={value} onChange={setValue} policy={policy} touched={touched} />
        <Button type="submit" colorPalette="blue" loading={pending} loadingText={t('auth:saving')}>
          {t('auth:password_expired.submit')}
        </Button>
        <Button type="button" variant="ghost" onClick={onCancel}>
          {t('auth:back_to_login')}
        </Button>
      </Stack>
    </form>
  );
}

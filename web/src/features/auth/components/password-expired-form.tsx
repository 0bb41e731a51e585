import { Button } from '@chakra-ui/react';
import { changeExpiredPasswordForm } from '@nine/shared/schemas/auth';
import { useSchemaForm } from '../../../components/form/use-schema-form.ts';
import { MessageAlert } from '../../../components/message-alert.tsx';
import { useAppTranslation } from '../../../lib/i18n.ts';
import { usePasswordPolicy } from '../api/get-password-policy.ts';
import { AuthForm, AuthSubmit, emailIssueMessage, SignInEmailField } from './auth-form.tsx';
import { NewPasswordFields, newPasswordMessages, useNewPasswordSchema } from './new-password-fields.tsx';
import { fieldsOf } from '../../../components/form/form-fields.tsx';

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
  const policy = usePasswordPolicy().data;
  const askCurrent = currentPassword === null;
  const form = useSchemaForm(useNewPasswordSchema(changeExpiredPasswordForm), {
    // The password just typed at sign-in is not asked again: it is the current one.
    defaultValues: { email: knownEmail, current_password: currentPassword ?? '', password: '', confirm: '' },
    messages: (values) => ({
      ...newPasswordMessages,
      email: emailIssueMessage(values.email),
      current_password: 'auth:login.password_required',
    }),
  });
  const submit = form.handleSubmit((value) =>
    onSubmit({ email: value.email, password: value.current_password, newPassword: value.password }),
  );

  const { TextField } = fieldsOf(form.control);
  return (
    <AuthForm
      title={t('auth:password_expired.heading')}
      intro={t('auth:password_expired.intro')}
      onSubmit={submit}
    >
      {error !== null && <MessageAlert status="error">{error}</MessageAlert>}
      <SignInEmailField control={form.control} name="email" readOnly={knownEmail !== ''} />
      {askCurrent && (
        <TextField
          name="current_password"
          label={t('auth:password_expired.current_password')}
          type="password"
          autoComplete="current-password"
        />
      )}
      <NewPasswordFields control={form.control} policy={policy} />
      <AuthSubmit pending={pending} pendingLabel={t('auth:saving')}>
        {t('auth:password_expired.submit')}
      </AuthSubmit>
      <Button type="button" variant="ghost" onClick={onCancel}>
        {t('auth:back_to_login')}
      </Button>
    </AuthForm>
  );
}

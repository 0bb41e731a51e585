import { Field, Input, Skeleton, Stack } from '@chakra-ui/react';
import { useId } from 'react';
import { brokenPasswordRules, type PasswordPolicy } from '@nine/shared/password-policy';
import { useAppTranslation } from '../../../lib/i18n.ts';
import { PasswordRules } from './password-rules.tsx';

export interface NewPassword {
  password: string;
  confirm: string;
}

/** Why a new password cannot be sent yet, or null when it can. */
export function newPasswordProblem(
  value: NewPassword,
  policy: PasswordPolicy | undefined,
): 'rules' | 'mismatch' | null {
  if (policy !== undefined && brokenPasswordRules(value.password, policy).length > 0) return 'rules';
  if (value.password === '') return 'rules';
  if (value.password !== value.confirm) return 'mismatch';
  return null;
}

/** New password and its confirmation, with the policy's rules ticking off live below. */
export function NewPasswordFields({
  value,
  onChange,
  policy,
  touched,
}: {
  value: NewPassword;
  onChange: (next: NewPassword) => void;
  policy: PasswordPolicy | undefined;
  touched: boolean;
}) {
  const { t } = useAppTranslation();
  const rulesId = useId();
  const problem = newPasswordProblem(value, policy);

  return (
    <Stack gap="4">
      <Field.Root required invalid={touched && problem === 'rules'}>
        <Field.Label>{t('auth:new_password.password')}</Field.Label>
        <Input
          type="password"
          name="new-password"
          autoComplete="new-password"
          aria-describedby={rulesId}
          value={value.password}
          onChange={(event) => onChange({ ...value, password: event.currentTarget.value })}
        />
        <Field.ErrorText>{t('auth:new_password.rules_unmet')}</Field.ErrorText>
      </Field.Root>
      {policy !== undefined ? (
        <PasswordRules id={rulesId} policy={policy} password={value.password} />
      ) : (
        <Skeleton id={rulesId} height="16" />
      )}
      <Field.Root required invalid={touched && problem === 'mismatch'}>
        <Field.Label>{t('auth:new_password.confirm')}</Field.Label>
        <Input
          type="password"
          name="confirm-password"
          autoComplete="new-password"
          value={value.confirm}
          onChange={(event) => onChange({ ...value, confirm: event.currentTarget.value })}
        />
        <Field.ErrorText>{t('auth:new_password.mismatch')}</Field.ErrorText>
      </Field.Root>
    </Stack>
  );
}

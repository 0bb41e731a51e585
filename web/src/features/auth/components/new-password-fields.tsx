import { Input, Skeleton, Stack } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useController, useWatch, type Control } from 'react-hook-form';
import type { PasswordPolicy } from '@nine/shared/password-policy';
import { FieldShell, useFieldIds } from '../../../components/form/fields.tsx';
import type { IssueMessages } from '../../../components/form/issue-messages.ts';
import { useAppTranslation } from '../../../lib/i18n.ts';
import { passwordPolicyQueryOptions } from '../api/get-password-policy.ts';
import { PasswordRules } from './password-rules.tsx';
import { fieldsOf } from '../../../components/form/form-fields.tsx';

export interface NewPassword {
  password: string;
  confirm: string;
}

/** The wording of the shared new-password forms' issues. */
export const newPasswordMessages: IssueMessages = {
  password: 'auth:new_password.rules_unmet',
  confirm: 'auth:new_password.mismatch',
};

/**
 * One of the shared new-password form schemas, made once: it reads the password policy from the query
 * cache on each check, since the policy arrives after the form exists.
 */
export function useNewPasswordSchema<S>(make: (policy: () => PasswordPolicy | undefined) => S): S {
  const queryClient = useQueryClient();
  const [schema] = useState(() =>
    make(() => queryClient.getQueryData(passwordPolicyQueryOptions().queryKey)),
  );
  return schema;
}

/** New password and its confirmation, with the policy's rules ticking off live below. */
export function NewPasswordFields<T extends NewPassword>({
  control: formControl,
  policy,
}: {
  // The form's output type does not matter here.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  control: Control<T, any, any>;
  policy: PasswordPolicy | undefined;
}) {
  // The forms hold more fields than these two; only these are read here.
  const control = formControl as unknown as Control<NewPassword>;
  const { t } = useAppTranslation();
  const rulesId = useId();
  const ids = useFieldIds();
  const { field, fieldState } = useController<NewPassword, 'password'>({
    control,
    name: 'password',
  });
  const password = useWatch<NewPassword, 'password'>({
    control,
    name: 'password',
  });
  const error = fieldState.error?.message;

  const { TextField } = fieldsOf(control);
  return (
    <Stack gap="4">
      <FieldShell label={t('auth:new_password.password')} error={error} ids={ids}>
        <Input
          ref={field.ref}
          type="password"
          name="new-password"
          autoComplete="new-password"
          // The rules stay described while the error is shown.
          aria-describedby={error === undefined ? rulesId : `${ids.errorText} ${rulesId}`}
          value={field.value}
          onChange={(event) => field.onChange(event.currentTarget.value)}
          onBlur={field.onBlur}
        />
      </FieldShell>
      {policy !== undefined ? (
        <PasswordRules id={rulesId} policy={policy} password={password} />
      ) : (
        <Skeleton id={rulesId} height="16" />
      )}
      <TextField
        name="confirm"
        label={t('auth:new_password.confirm')}
        type="password"
        autoComplete="new-password"
      />
    </Stack>
  );
}

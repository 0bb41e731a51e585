import { Box, Checkbox, Field, Fieldset, Input, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { useAppTranslation } from '../../../lib/i18n.ts';
import type { Role } from '../api/get-roles.ts';
import type { StaffUser } from '../api/get-users.ts';
import { useSaveUser, type RoleAssignment } from '../api/save-user.ts';
import { fromLocalInput, toLocalInput } from '../format.ts';

export interface UserFormDialogProps {
  open: boolean;
  /** null: a new user. */
  user: StaffUser | null;
  roles: readonly Role[];
  locations: readonly { id: number; name: string }[];
  onClose(): void;
  onSaved(user: StaffUser): void;
}

const assignmentKey = (a: RoleAssignment) => `${a.role_id}:${a.location_id}`;

/** Adds or edits a staff user: name, e-mail, SSO only, expiry and the roles held in each location. */
export function UserFormDialog({ open, user, roles, locations, onClose, onSaved }: UserFormDialogProps) {
  const { t } = useAppTranslation();
  const save = useSaveUser(user?.id ?? null);
  const [name, setName] = useState(user?.name ?? '');
  const [email, setEmail] = useState(user?.email ?? '');
  const [password, setPassword] = useState('');
  const [ssoOnly, setSsoOnly] = useState(user?.only_login_by_sso ?? false);
  const [expiresAt, setExpiresAt] = useState(toLocalInput(user?.expires_at ?? null));
  const [mustChangePassword, setMustChangePassword] = useState(user?.password_expired_at != null);
  const [assigned, setAssigned] = useState<Set<string>>(
    () => new Set((user?.roles ?? []).map((r) => assignmentKey(r))),
  );
  const [touched, setTouched] = useState(false);

  const nameMissing = name.trim() === '';
  const emailInvalid = user === null && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email.trim());

  const toggle = (key: string, on: boolean) =>
    setAssigned((current) => {
      const next = new Set(current);
      if (on) next.add(key);
      else next.delete(key);
      return next;
    });

  const submit = () => {
    setTouched(true);
    if (nameMissing || emailInvalid || save.isPending) return;
    const assignments: RoleAssignment[] = [...assigned].map((key) => {
      const [roleId, locationId] = key.split(':');
      return { role_id: Number(roleId), location_id: Number(locationId) };
    });
    const expires = fromLocalInput(expiresAt);
    const body =
      user === null
        ? {
            name: name.trim(),
            email: email.trim(),
            ...(password === '' ? {} : { password }),
            only_login_by_sso: ssoOnly,
            expires_at: expires,
            roles: assignments,
          }
        : {
            name: name.trim(),
            only_login_by_sso: ssoOnly,
            expires_at: expires,
            // Keep the stored instant when unchanged; mark now when newly required.
            password_expired_at: mustChangePassword
              ? (user.password_expired_at ?? new Date().toISOString())
              : null,
            roles: assignments,
          };
    save.mutate(body, { onSuccess: onSaved });
  };

  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title={user === null ? t('staff:users.add_title') : t('staff:users.edit_title', { name: user.name })}
      onSubmit={submit}
      saving={save.isPending}
      error={save.error?.message ?? null}
      size="lg"
      scrollInside
    >
      <Field.Root required invalid={touched && nameMissing}>
        <Field.Label>
          {t('staff:users.fields.name')}
          <Field.RequiredIndicator />
        </Field.Label>
        <Input name="name" value={name} maxLength={100} onChange={(e) => setName(e.currentTarget.value)} />
        <Field.ErrorText>{t('staff:users.name_required')}</Field.ErrorText>
      </Field.Root>
      <Field.Root required={user === null} invalid={touched && emailInvalid} readOnly={user !== null}>
        <Field.Label>
          {t('staff:users.fields.email')}
          {user === null && <Field.RequiredIndicator />}
        </Field.Label>
        <Input
          name="email"
          type="email"
          value={email}
          maxLength={254}
          onChange={(e) => setEmail(e.currentTarget.value)}
        />
        <Field.ErrorText>{t('staff:users.email_invalid')}</Field.ErrorText>
      </Field.Root>
      {user === null && (
        <Field.Root>
          <Field.Label>{t('staff:users.fields.password')}</Field.Label>
          <Input
            name="new-password"
            type="password"
            autoComplete="new-password"
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
          />
          <Field.HelperText>{t('staff:users.password_help')}</Field.HelperText>
        </Field.Root>
      )}
      <Field.Root>
        <Field.Label>{t('staff:users.fields.expires_at')}</Field.Label>
        <Input
          name="expires-at"
          type="datetime-local"
          value={expiresAt}
          onChange={(e) => setExpiresAt(e.currentTarget.value)}
        />
        <Field.HelperText>{t('staff:users.expires_help')}</Field.HelperText>
      </Field.Root>
      <Checkbox.Root checked={ssoOnly} onCheckedChange={(d) => setSsoOnly(d.checked === true)}>
        <Checkbox.HiddenInput />
        <Checkbox.Control />
        <Checkbox.Label>{t('staff:users.fields.only_sso')}</Checkbox.Label>
      </Checkbox.Root>
      {user !== null && (
        <Checkbox.Root
          checked={mustChangePassword}
          onCheckedChange={(d) => setMustChangePassword(d.checked === true)}
        >
          <Checkbox.HiddenInput />
          <Checkbox.Control />
          <Checkbox.Label>{t('staff:users.fields.must_change_password')}</Checkbox.Label>
        </Checkbox.Root>
      )}
      <Fieldset.Root>
        <Fieldset.Legend>{t('staff:users.fields.roles')}</Fieldset.Legend>
        <Fieldset.HelperText>{t('staff:users.roles_help')}</Fieldset.HelperText>
        {roles.length === 0 ? (
          <Text color="fg.muted" fontSize="sm">
            {t('staff:roles.none')}
          </Text>
        ) : (
          <Stack gap="3">
            {locations.map((location) => (
              <Box key={location.id} as="fieldset" borderWidth="1px" rounded="md" p="3">
                <Text as="legend" fontWeight="medium" px="1">
                  {location.name}
                </Text>
                <SimpleGrid columns={{ base: 1, sm: 2 }} gap="2">
                  {roles.map((role) => {
                    const key = assignmentKey({ role_id: role.id, location_id: location.id });
                    return (
                      <Checkbox.Root
                        key={key}
                        checked={assigned.has(key)}
                        onCheckedChange={(d) => toggle(key, d.checked === true)}
                      >
                        <Checkbox.HiddenInput />
                        <Checkbox.Control />
                        <Checkbox.Label>{role.title}</Checkbox.Label>
                      </Checkbox.Root>
                    );
                  })}
                </SimpleGrid>
              </Box>
            ))}
          </Stack>
        )}
      </Fieldset.Root>
    </FormDialog>
  );
}

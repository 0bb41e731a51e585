import { Box, Checkbox, Fieldset, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useController } from 'react-hook-form';
import { userCreateForm, userEditForm } from '@nine/shared/schemas/staff';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { applyServerIssues, useSchemaForm } from '../../../components/form/use-schema-form.ts';
import { useAppTranslation } from '../../../lib/i18n.ts';
import type { Role } from '../api/get-roles.ts';
import type { StaffUser } from '../api/get-users.ts';
import { useSaveUser, type RoleAssignment } from '../api/save-user.ts';
import { fromLocalInput, toLocalInput } from '../../../lib/format.ts';
import { fieldsOf } from '../../../components/form/form-fields.tsx';

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
  // Mounted afresh for each user, so the schema and the values are read once.
  const form = useSchemaForm(user === null ? userCreateForm : userEditForm, {
    defaultValues: {
      name: user?.name ?? '',
      email: user?.email ?? '',
      password: '',
      only_login_by_sso: user?.only_login_by_sso ?? false,
      expires_at: user === null || user.expires_at === null ? null : toLocalInput(user.expires_at),
      must_change_password: user?.password_expired_at != null,
      roles: (user?.roles ?? []).map((r) => assignmentKey(r)),
    },
    messages: { name: 'staff:users.name_required', email: 'staff:users.email_invalid' },
  });
  // The role ticks are one field: the "role:location" keys ticked.
  const { field: rolesField } = useController({ control: form.control, name: 'roles' });
  const assigned = new Set(rolesField.value);

  const toggle = (key: string, on: boolean) => {
    const next = new Set(assigned);
    if (on) next.add(key);
    else next.delete(key);
    rolesField.onChange([...next]);
  };

  const submit = form.handleSubmit((values) => {
    if (save.isPending) return;
    const assignments: RoleAssignment[] = values.roles.map((key) => {
      const [roleId, locationId] = key.split(':');
      return { role_id: Number(roleId), location_id: Number(locationId) };
    });
    const expires = fromLocalInput(values.expires_at ?? '');
    const body =
      user === null
        ? {
            name: values.name,
            email: values.email,
            ...(values.password === '' ? {} : { password: values.password }),
            only_login_by_sso: values.only_login_by_sso,
            expires_at: expires,
            roles: assignments,
          }
        : {
            name: values.name,
            only_login_by_sso: values.only_login_by_sso,
            expires_at: expires,
            // Keep the stored instant when unchanged; mark now when newly required.
            password_expired_at: values.must_change_password
              ? (user.password_expired_at ?? new Date().toISOString())
              : null,
            roles: assignments,
          };
    save.mutate(body, {
      onSuccess: onSaved,
      onError: (error) => {
        if (applyServerIssues(form, error)) save.reset();
      },
    });
  });

  const { control } = form;
  const { CheckboxField, DateTimeField, TextField } = fieldsOf(control);
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title={user === null ? t('staff:users.add_title') : t('staff:users.edit_title', { name: user.name })}
      onSubmit={() => void submit()}
      saving={save.isPending}
      error={save.error?.message ?? null}
      size="lg"
      scrollInside
    >
      <TextField name="name" label={t('staff:users.fields.name')} required maxLength={100} />
      <TextField
        name="email"
        type="email"
        label={t('staff:users.fields.email')}
        required={user === null}
        disabled={user !== null}
        maxLength={254}
      />
      {user === null && (
        <TextField
          name="password"
          type="password"
          autoComplete="new-password"
          label={t('staff:users.fields.password')}
          helperText={t('staff:users.password_help')}
        />
      )}
      <DateTimeField
        name="expires_at"
        type="datetime-local"
        label={t('staff:users.fields.expires_at')}
        helperText={t('staff:users.expires_help')}
      />
      <CheckboxField name="only_login_by_sso" label={t('staff:users.fields.only_sso')} />
      {user !== null && (
        <CheckboxField name="must_change_password" label={t('staff:users.fields.must_change_password')} />
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

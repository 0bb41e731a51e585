import { Alert, Button, Dialog, Portal, Stack, Text } from '@chakra-ui/react';
import { accessKeySet } from '@nine/shared/schemas/staff';
import { applyServerIssues, useSchemaForm } from '../../../components/form/use-schema-form.ts';
import { useAppTranslation } from '../../../lib/i18n.ts';
import { useChangeAccessKey } from '../api/access-key.ts';
import type { StaffUser } from '../api/get-users.ts';
import { useNotifySaved } from './use-notify-saved.ts';
import { fieldsOf } from '../../../components/form/form-fields.tsx';

export interface AccessKeyDialogProps {
  user: StaffUser;
  onClose(): void;
}

/** Sets a user's access key (4 to 12 digits, stored hashed) or resets it so they have none. */
export function AccessKeyDialog({ user, onClose }: AccessKeyDialogProps) {
  const { t } = useAppTranslation();
  const notifySaved = useNotifySaved();
  const change = useChangeAccessKey(user.id);
  const form = useSchemaForm(accessKeySet, {
    defaultValues: { access_key: '' },
    messages: { access_key: 'staff:access_key.invalid' },
  });

  const done = () => {
    notifySaved();
    onClose();
  };

  const submit = form.handleSubmit(({ access_key }) => {
    if (change.isPending) return;
    change.mutate(access_key, {
      onSuccess: done,
      onError: (error) => {
        if (applyServerIssues(form, error)) change.reset();
      },
    });
  });

  const { TextField } = fieldsOf(form.control);
  return (
    <Dialog.Root
      open
      onOpenChange={(details) => {
        if (!details.open) onClose();
      }}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <form onSubmit={(event) => void submit(event)} noValidate>
              <Dialog.Header>
                <Dialog.Title>{t('staff:access_key.title', { name: user.name })}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Stack gap="4">
                  <Text color="fg.muted" fontSize="sm">
                    {user.has_access_key ? t('staff:access_key.is_set') : t('staff:access_key.not_set')}
                  </Text>
                  <TextField
                    name="access_key"
                    label={t('staff:access_key.new_key')}
                    required
                    type="password"
                    inputMode="numeric"
                    autoComplete="off"
                    maxLength={12}
                  />
                  {change.error !== null && (
                    <Alert.Root status="error" role="alert">
                      <Alert.Indicator />
                      <Alert.Description>{change.error.message}</Alert.Description>
                    </Alert.Root>
                  )}
                </Stack>
              </Dialog.Body>
              <Dialog.Footer>
                {user.has_access_key && (
                  <Button
                    type="button"
                    variant="outline"
                    colorPalette="red"
                    loading={change.isPending && change.variables === null}
                    onClick={() => change.mutate(null, { onSuccess: done })}
                  >
                    {t('staff:access_key.reset')}
                  </Button>
                )}
                <Button type="button" variant="outline" onClick={onClose}>
                  {t('staff:common.cancel')}
                </Button>
                <Button
                  type="submit"
                  colorPalette="blue"
                  loading={change.isPending && change.variables !== null}
                >
                  {t('staff:access_key.set')}
                </Button>
              </Dialog.Footer>
            </form>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

import { Alert, Button, Dialog, Field, Input, Portal, Stack, Text } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { useAppTranslation } from '../../../lib/i18n.ts';
import { useNotify } from '../../../lib/toast.tsx';
import { useChangeAccessKey } from '../api/access-key.ts';
import type { StaffUser } from '../api/get-users.ts';

export interface AccessKeyDialogProps {
  user: StaffUser;
  onClose(): void;
}

const KEY_PATTERN = /^\d{4,12}$/;

/** Sets a user's access key (4 to 12 digits, stored hashed) or resets it so they have none. */
export function AccessKeyDialog({ user, onClose }: AccessKeyDialogProps) {
  const { t } = useAppTranslation();
  const notify = useNotify();
  const change = useChangeAccessKey(user.id);
  const [key, setKey] = useState('');
  const [touched, setTouched] = useState(false);
  const invalid = !KEY_PATTERN.test(key);

  const done = () => {
    notify({ type: 'success', title: t('staff:common.operation_success'), message: t('staff:common.saved') });
    onClose();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (invalid || change.isPending) return;
    change.mutate(key, { onSuccess: done });
  };

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
            <form onSubmit={submit} noValidate>
              <Dialog.Header>
                <Dialog.Title>{t('staff:access_key.title', { name: user.name })}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Stack gap="4">
                  <Text color="fg.muted" fontSize="sm">
                    {user.has_access_key ? t('staff:access_key.is_set') : t('staff:access_key.not_set')}
                  </Text>
                  <Field.Root required invalid={touched && invalid}>
                    <Field.Label>
                      {t('staff:access_key.new_key')}
                      <Field.RequiredIndicator />
                    </Field.Label>
                    <Input
                      name="access-key"
                      type="password"
                      inputMode="numeric"
                      autoComplete="off"
                      maxLength={12}
                      value={key}
                      onChange={(e) => setKey(e.currentTarget.value)}
                    />
                    <Field.ErrorText>{t('staff:access_key.invalid')}</Field.ErrorText>
                  </Field.Root>
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

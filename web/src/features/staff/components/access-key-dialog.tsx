import { Button, Stack, Text } from '@chakra-ui/react';
import { accessKeySet } from '@nine/shared/schemas/staff';
import { DialogFrame } from '../../../components/dialog-frame.tsx';
import { MessageAlert } from '../../../components/message-alert.tsx';
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
    <DialogFrame
      open
      onDismiss={onClose}
      title={t('staff:access_key.title', { name: user.name })}
      onSubmit={() => void submit()}
      footer={
        <>
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
          <Button type="submit" colorPalette="blue" loading={change.isPending && change.variables !== null}>
            {t('staff:access_key.set')}
          </Button>
        </>
      }
    >
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
        {change.error !== null && <MessageAlert status="error">{change.error.message}</MessageAlert>}
      </Stack>
    </DialogFrame>
  );
}

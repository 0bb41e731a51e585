import { Stack } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { cashRegisterForm, type CashRegisterForm } from '@nine/shared/schemas/location-settings';
import { FormDialog } from '../../../../components/form-dialog.tsx';
import { fieldsOf } from '../../../../components/form/form-fields.tsx';
import {
  applyServerIssues,
  useResetOnOpen,
  useSchemaForm,
} from '../../../../components/form/use-schema-form.ts';
import { ApiError } from '../../../../lib/api-client.ts';
import { useAppTranslation } from '../../../../lib/i18n.ts';
import { newIdempotencyKey } from '../../../../lib/random-id.ts';
import { saveFailureText } from '../../../../lib/save-failure.ts';
import { useCreateCashRegister } from '../../api/create-cash-register.ts';
import { locationRegistersQueryKey, type CashRegisterState } from '../../api/get-location-registers.ts';
import { useUpdateCashRegister } from '../../api/update-cash-register.ts';
import { isConflict } from './section-shell.tsx';

const valuesOf = (register: CashRegisterState | null): CashRegisterForm => ({
  name: register?.name ?? '',
  header_title: register?.header_title ?? '',
  default_terminal: register?.default_terminal ?? '',
});

/** Adds a register to the location, or edits one (`register`): its name, header title and terminal. */
export function CashRegisterDialog({
  open,
  onClose,
  locationId,
  register,
}: {
  open: boolean;
  onClose(): void;
  locationId: number;
  /** null adds a register. */
  register: CashRegisterState | null;
}) {
  const { t } = useAppTranslation();
  const create = useCreateCashRegister();
  const update = useUpdateCashRegister();
  const save = register === null ? create : update;
  const [idempotencyKey, setIdempotencyKey] = useState(newIdempotencyKey);
  const form = useSchemaForm(cashRegisterForm, { defaultValues: valuesOf(register) });
  useResetOnOpen(form, {
    open,
    record: register?.id,
    values: () => valuesOf(register),
    onOpen: () => {
      setIdempotencyKey(newIdempotencyKey());
      create.reset();
      update.reset();
    },
  });
  const queryClient = useQueryClient();
  const onError = (error: unknown) => {
    if (applyServerIssues(form, error)) save.reset();
    // Someone changed the register first: read it again, so the next save sends the version now saved.
    else if (isConflict(error)) void queryClient.invalidateQueries({ queryKey: locationRegistersQueryKey });
  };
  const submit = form.handleSubmit((values) => {
    if (save.isPending) return;
    if (register === null)
      create.mutate({ ...values, location_id: locationId, idempotencyKey }, { onSuccess: onClose, onError });
    else
      update.mutate(
        { ...values, id: register.id, version: register.version },
        { onSuccess: onClose, onError },
      );
  });
  const taken =
    save.error instanceof ApiError &&
    (save.error.data as { reason?: string } | undefined)?.reason === 'name_taken';
  const failure = taken
    ? t('settings:location.registers.name_taken')
    : saveFailureText(save.error, t('settings:location.registers.conflict'));
  const { TextField } = fieldsOf(form.control);
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title={
        register === null
          ? t('settings:location.registers.add_title')
          : t('settings:location.registers.edit_title', { name: register.name })
      }
      onSubmit={() => void submit()}
      saving={save.isPending}
      error={failure}
      closeButton
    >
      <Stack gap="4">
        <TextField
          name="name"
          label={t('settings:location.registers.fields.name')}
          required
          autoFocus
          maxLength={60}
        />
        <TextField
          name="header_title"
          label={t('settings:location.registers.fields.header_title')}
          helperText={t('settings:location.registers.help.header_title')}
          maxLength={200}
        />
        <TextField
          name="default_terminal"
          label={t('settings:location.registers.fields.default_terminal')}
          helperText={t('settings:location.registers.help.default_terminal')}
          maxLength={100}
        />
      </Stack>
    </FormDialog>
  );
}

import { Badge, Button, Field, HStack, NativeSelect, Stack } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { registerSettingsForm, type RegisterSettingsForm } from '@nine/shared/schemas/location-settings';
import { ConfirmDialog } from '../../../../components/confirm-dialog.tsx';
import { DataTable, type DataTableColumn } from '../../../../components/data-table/data-table.tsx';
import { RowActionButton } from '../../../../components/data-table/row-action-button.tsx';
import { fieldsOf } from '../../../../components/form/form-fields.tsx';
import { useSchemaForm } from '../../../../components/form/use-schema-form.ts';
import { SectionCard } from '../../../../components/section-card.tsx';
import { useAppTranslation } from '../../../../lib/i18n.ts';
import { saveFailureText } from '../../../../lib/save-failure.ts';
import {
  generalSettingsQueryKey,
  useGeneralSettings,
  type GeneralSettings,
} from '../../api/get-general-settings.ts';
import {
  locationRegistersQueryKey,
  useLocationRegisters,
  type CashRegisterState,
} from '../../api/get-location-registers.ts';
import { useUpdateCashRegister } from '../../api/update-cash-register.ts';
import { useUpdateGeneralSettings } from '../../api/update-general-settings.ts';
import { CashRegisterDialog } from './cash-register-dialog.tsx';
import type { LocationSectionProps } from './general-information-section.tsx';
import { isConflict, SectionLoad, SectionSave, useSectionOutcome } from './section-shell.tsx';

/**
 * Location settings, "Cash registers": the location's registers (retired ones too) to add, edit, retire or
 * bring back, and which one takes the counter's cash. Opening and closing stay on the Cash registers page.
 */
export function CashRegistersSection({ locationId, canEdit }: LocationSectionProps) {
  const { t } = useAppTranslation();
  const registers = useLocationRegisters(locationId);
  const settings = useGeneralSettings(locationId);
  const [editing, setEditing] = useState<CashRegisterState | null | undefined>(undefined);
  const [toggling, setToggling] = useState<CashRegisterState | null>(null);
  const toggle = useUpdateCashRegister();
  // Held above the switches' editor, which starts over on new values, so a refusal stays in view.
  const update = useUpdateGeneralSettings();
  const queryClient = useQueryClient();
  const latest = (row: CashRegisterState) => registers.data?.find((r) => r.id === row.id);

  const columns: DataTableColumn<CashRegisterState>[] = [
    { id: 'name', title: t('settings:location.registers.fields.name'), cell: (r) => r.name, rowHeader: true },
    {
      id: 'header_title',
      title: t('settings:location.registers.fields.header_title'),
      cell: (r) => r.header_title ?? '',
    },
    {
      id: 'default_terminal',
      title: t('settings:location.registers.fields.default_terminal'),
      cell: (r) => r.default_terminal ?? '',
    },
    {
      id: 'active',
      title: t('settings:location.registers.columns.active'),
      cell: (r) => (
        <Badge colorPalette={r.is_active ? 'green' : 'gray'}>
          {r.is_active ? t('settings:location.registers.active') : t('settings:location.registers.inactive')}
        </Badge>
      ),
    },
    {
      id: 'session',
      title: t('settings:location.registers.columns.session'),
      cell: (r) =>
        r.session ? t('settings:location.registers.open') : t('settings:location.registers.closed'),
    },
    ...(canEdit
      ? [
          {
            id: 'actions',
            title: t('settings:location.registers.columns.actions'),
            titleHidden: true,
            align: 'end' as const,
            cell: (r: CashRegisterState) => (
              <HStack justify="end" gap="2">
                <RowActionButton
                  label={t('settings:location.registers.edit')}
                  name={t('settings:location.registers.edit_named', { name: r.name })}
                  onClick={() => setEditing(r)}
                />
                <RowActionButton
                  label={
                    r.is_active
                      ? t('settings:location.registers.deactivate')
                      : t('settings:location.registers.activate')
                  }
                  name={
                    r.is_active
                      ? t('settings:location.registers.deactivate_named', { name: r.name })
                      : t('settings:location.registers.activate_named', { name: r.name })
                  }
                  onClick={() => {
                    toggle.reset();
                    setToggling(r);
                  }}
                />
              </HStack>
            ),
          },
        ]
      : []),
  ];

  return (
    <SectionCard title={t('settings:location.registers.title')}>
      <Stack gap="5">
        <SectionLoad query={settings}>
          {(saved) => (
            <RegisterSwitches
              key={`${saved.location_id}:${saved.multi_register}:${saved.current_cash_register}`}
              settings={saved}
              registers={registers.data ?? []}
              canEdit={canEdit}
              update={update}
            />
          )}
        </SectionLoad>
        <DataTable<CashRegisterState>
          columns={columns}
          rows={registers.data}
          rowId={(r) => r.id}
          caption={t('settings:location.registers.caption')}
          query={registers}
          errorTitle={t('settings:location.load_failed')}
          emptyNote={t('settings:location.registers.none')}
        />
        {canEdit && (
          <Button alignSelf="start" variant="outline" onClick={() => setEditing(null)}>
            {t('settings:location.registers.add')}
          </Button>
        )}
      </Stack>
      <CashRegisterDialog
        open={editing !== undefined}
        onClose={() => setEditing(undefined)}
        locationId={locationId}
        // The row as last read: after a refused stale save, the next save sends the version now saved.
        register={editing ? (latest(editing) ?? editing) : null}
      />
      <ConfirmDialog
        open={toggling !== null}
        title={
          toggling?.is_active
            ? t('settings:location.registers.deactivate_title', { name: toggling.name })
            : t('settings:location.registers.activate_title', { name: toggling?.name ?? '' })
        }
        message={[
          toggling?.is_active
            ? t('settings:location.registers.deactivate_message')
            : t('settings:location.registers.activate_message'),
          saveFailureText(toggle.error, t('settings:location.registers.conflict')),
        ]
          .filter(Boolean)
          .join(' ')}
        confirmLabel={
          toggling?.is_active
            ? t('settings:location.registers.deactivate')
            : t('settings:location.registers.activate')
        }
        danger={toggling?.is_active === true}
        pending={toggle.isPending}
        onClose={() => setToggling(null)}
        onConfirm={() => {
          if (toggling === null || toggle.isPending) return;
          const row = latest(toggling) ?? toggling;
          toggle.mutate(
            { id: row.id, version: row.version, is_active: !toggling.is_active },
            {
              onSuccess: () => setToggling(null),
              onError: (error) => {
                if (isConflict(error))
                  void queryClient.invalidateQueries({ queryKey: locationRegistersQueryKey });
              },
            },
          );
        }}
      />
    </SectionCard>
  );
}

const NONE = '';

/** Several registers at once (a register per counter), and the register the location's cash goes to. */
function RegisterSwitches({
  settings,
  registers,
  canEdit,
  update,
}: {
  settings: GeneralSettings;
  registers: readonly CashRegisterState[];
  canEdit: boolean;
  update: ReturnType<typeof useUpdateGeneralSettings>;
}) {
  const { t } = useAppTranslation();
  const outcome = useSectionOutcome();
  const form = useSchemaForm(registerSettingsForm, {
    defaultValues: {
      multi_register: settings.multi_register,
      current_cash_register: settings.current_cash_register,
    } satisfies RegisterSettingsForm,
  });
  const { CheckboxField } = fieldsOf(form.control);
  const current = form.watch('current_cash_register');
  const submit = form.handleSubmit((values) => {
    if (update.isPending || !canEdit) return;
    update.mutate(
      { location_id: settings.location_id, version: settings.version, ...values },
      outcome(form, update.reset, generalSettingsQueryKey),
    );
  });
  const choices = registers.filter((r) => r.is_active || r.id === settings.current_cash_register);
  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="4">
        <CheckboxField
          name="multi_register"
          label={t('settings:location.registers.fields.multi_register')}
          helperText={t('settings:location.registers.help.multi_register')}
          disabled={!canEdit}
        />
        <Field.Root maxW="sm" disabled={!canEdit}>
          <Field.Label>{t('settings:location.registers.fields.current_cash_register')}</Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field
              value={current === null ? NONE : String(current)}
              onChange={(event) =>
                form.setValue(
                  'current_cash_register',
                  event.currentTarget.value === NONE ? null : Number(event.currentTarget.value),
                  { shouldDirty: true },
                )
              }
            >
              <option value={NONE}>{t('settings:location.registers.no_current')}</option>
              {choices.map((r) => (
                <option key={r.id} value={r.id}>
                  {r.is_active ? r.name : t('settings:location.registers.retired_name', { name: r.name })}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
          <Field.HelperText>{t('settings:location.registers.help.current_cash_register')}</Field.HelperText>
        </Field.Root>
        <SectionSave
          failure={saveFailureText(update.error, t('settings:location.conflict'))}
          pending={update.isPending}
          canEdit={canEdit}
          label={t('settings:location.registers.save')}
        />
      </Stack>
    </form>
  );
}

import { Button, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { deliveryWindowForm } from '@nine/shared/schemas/delivery-settings';
import { ConfirmDialog } from '../../../../components/confirm-dialog.tsx';
import { DataTable, type DataTableColumn } from '../../../../components/data-table/data-table.tsx';
import { RowActionButton } from '../../../../components/data-table/row-action-button.tsx';
import { FormDialog } from '../../../../components/form-dialog.tsx';
import { fieldsOf } from '../../../../components/form/form-fields.tsx';
import {
  applyServerIssues,
  useResetOnOpen,
  useSchemaForm,
} from '../../../../components/form/use-schema-form.ts';
import { SectionCard } from '../../../../components/section-card.tsx';
import { useAppTranslation } from '../../../../lib/i18n.ts';
import { saveFailureText } from '../../../../lib/save-failure.ts';
import { useNotify } from '../../../../lib/toast.tsx';
import { useDeleteDeliveryWindow } from '../../api/delete-delivery-window.ts';
import type { DeliveryWindow } from '../../api/get-delivery-settings.ts';
import { useSaveDeliveryWindow } from '../../api/save-delivery-window.ts';

type Weekday = 0 | 1 | 2 | 3 | 4 | 5 | 6;
const WEEKDAYS: Weekday[] = [0, 1, 2, 3, 4, 5, 6];

const timeMessages = {
  ends_before_starts: 'settings:delivery.windows.errors.ends_before_starts',
  '*': 'settings:delivery.windows.errors.time',
} as const;

/**
 * Delivery settings, "Delivery windows": the hours per weekday a delivery may be scheduled in (the
 * location's time zone), each with an optional capacity per date. Read-only without delivery_setting change.
 */
export function DeliveryWindowsSection({
  locationId,
  windows,
  timeZone,
  canEdit,
}: {
  locationId: number;
  windows: DeliveryWindow[];
  timeZone: string;
  canEdit: boolean;
}) {
  const { t } = useAppTranslation();
  const notify = useNotify();
  const [editing, setEditing] = useState<DeliveryWindow | 'new' | null>(null);
  const [deleting, setDeleting] = useState<DeliveryWindow | null>(null);
  const remove = useDeleteDeliveryWindow();
  const named = (w: DeliveryWindow) => ({
    weekday: t(`settings:delivery.weekdays.${w.weekday as Weekday}`),
    starts: w.starts,
    ends: w.ends,
  });
  const columns: DataTableColumn<DeliveryWindow>[] = [
    {
      id: 'weekday',
      title: t('settings:delivery.windows.weekday'),
      rowHeader: true,
      cell: (w) => t(`settings:delivery.weekdays.${w.weekday as Weekday}`),
    },
    {
      id: 'hours',
      title: t('settings:delivery.windows.hours'),
      cell: (w) => t('settings:delivery.windows.hours_range', { starts: w.starts, ends: w.ends }),
    },
    {
      id: 'capacity',
      title: t('settings:delivery.windows.capacity'),
      align: 'end',
      cell: (w) => (w.capacity === null ? t('settings:delivery.windows.no_limit') : String(w.capacity)),
    },
  ];
  if (canEdit)
    columns.push({
      id: 'actions',
      title: t('settings:delivery.windows.edit'),
      titleHidden: true,
      hideWhenPrinting: true,
      align: 'end',
      cell: (w) => (
        <HStack gap="1" justify="end">
          <RowActionButton
            label={t('settings:delivery.windows.edit')}
            name={t('settings:delivery.windows.edit_named', named(w))}
            onClick={() => setEditing(w)}
          />
          <RowActionButton
            colorPalette="red"
            label={t('settings:delivery.windows.delete')}
            name={t('settings:delivery.windows.delete_named', named(w))}
            onClick={() => setDeleting(w)}
          />
        </HStack>
      ),
    });
  const current =
    editing === 'new' || editing === null ? undefined : windows.find((w) => w.id === editing.id);
  return (
    <SectionCard title={t('settings:delivery.windows.title')}>
      <Stack gap="4">
        <Text color="fg.muted">{t('settings:delivery.windows.intro', { zone: timeZone })}</Text>
        <DataTable<DeliveryWindow>
          columns={columns}
          rows={windows}
          rowId={(w) => w.id}
          caption={t('settings:delivery.windows.caption')}
          emptyNote={t('settings:delivery.windows.empty')}
        />
        {canEdit && (
          <HStack>
            <Button size="sm" colorPalette="blue" onClick={() => setEditing('new')}>
              {t('settings:delivery.windows.add')}
            </Button>
          </HStack>
        )}
      </Stack>
      <DeliveryWindowDialog
        open={editing !== null}
        onClose={() => setEditing(null)}
        locationId={locationId}
        window={editing === 'new' ? undefined : (current ?? editing ?? undefined)}
      />
      <ConfirmDialog
        open={deleting !== null}
        size="sm"
        danger
        title={t('settings:delivery.windows.delete_title')}
        message={deleting === null ? '' : t('settings:delivery.windows.delete_confirm', named(deleting))}
        confirmLabel={t('settings:delivery.windows.delete')}
        pending={remove.isPending}
        onConfirm={() =>
          deleting !== null &&
          remove.mutate(
            { id: deleting.id, version: deleting.version },
            {
              onSuccess: () => {
                notify({ type: 'success', title: t('settings:delivery.windows.deleted') });
                setDeleting(null);
              },
            },
          )
        }
        onClose={() => setDeleting(null)}
      />
    </SectionCard>
  );
}

type WindowInput = NonNullable<(typeof deliveryWindowForm)['~standard']['types']>['input'];

function valuesOf(window: DeliveryWindow | undefined): WindowInput {
  return window
    ? { weekday: String(window.weekday), starts: window.starts, ends: window.ends, capacity: window.capacity }
    : { weekday: '1', starts: '09:00', ends: '12:00', capacity: null };
}

function DeliveryWindowDialog({
  open,
  onClose,
  locationId,
  window,
}: {
  open: boolean;
  onClose(): void;
  locationId: number;
  window: DeliveryWindow | undefined;
}) {
  const { t } = useAppTranslation();
  const notify = useNotify();
  const save = useSaveDeliveryWindow();
  const form = useSchemaForm(deliveryWindowForm, {
    defaultValues: valuesOf(window),
    messages: { starts: timeMessages, ends: timeMessages },
  });
  useResetOnOpen(form, { open, record: window?.id, values: () => valuesOf(window), onOpen: save.reset });
  const { DateTimeField, SelectField, WholeNumberField } = fieldsOf(form.control);
  const submit = form.handleSubmit((values) =>
    save.mutate(
      { target: window ? { id: window.id, version: window.version } : { locationId }, body: values },
      {
        onSuccess: () => {
          notify({ type: 'success', title: t('settings:delivery.windows.saved') });
          onClose();
        },
        onError: (error) => {
          if (applyServerIssues(form, error)) save.reset();
        },
      },
    ),
  );
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title={window ? t('settings:delivery.windows.edit_title') : t('settings:delivery.windows.add_title')}
      onSubmit={() => void submit()}
      saving={save.isPending}
      error={saveFailureText(save.error, t('settings:delivery.conflict'))}
    >
      <SelectField
        name="weekday"
        label={t('settings:delivery.windows.weekday')}
        options={WEEKDAYS.map((d) => ({ value: String(d), label: t(`settings:delivery.weekdays.${d}`) }))}
      />
      <SimpleGrid columns={2} gap="3">
        <DateTimeField name="starts" type="time" label={t('settings:delivery.windows.starts')} required />
        <DateTimeField name="ends" type="time" label={t('settings:delivery.windows.ends')} required />
      </SimpleGrid>
      <WholeNumberField
        name="capacity"
        label={t('settings:delivery.windows.capacity')}
        helperText={t('settings:delivery.windows.capacity_help')}
      />
    </FormDialog>
  );
}

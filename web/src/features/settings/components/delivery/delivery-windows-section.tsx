import { SimpleGrid } from '@chakra-ui/react';
import { deliveryWindowForm } from '@nine/shared/schemas/delivery-settings';
import type { DataTableColumn } from '../../../../components/data-table/data-table.tsx';
import { FormDialog } from '../../../../components/form-dialog.tsx';
import { fieldsOf } from '../../../../components/form/form-fields.tsx';
import { useAppTranslation } from '../../../../lib/i18n.ts';
import { useDeleteDeliveryWindow } from '../../api/delete-delivery-window.ts';
import type { DeliveryWindow } from '../../api/get-delivery-settings.ts';
import { useSaveDeliveryWindow } from '../../api/save-delivery-window.ts';
import { SettingsListSection } from '../../../../components/settings-list/list-section.tsx';
import { useSettingsRowForm } from '../../../../components/settings-list/row-form.ts';

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
  return (
    <SettingsListSection<DeliveryWindow>
      title={t('settings:delivery.windows.title')}
      intro={t('settings:delivery.windows.intro', { zone: timeZone })}
      rows={windows}
      columns={columns}
      caption={t('settings:delivery.windows.caption')}
      emptyNote={t('settings:delivery.windows.empty')}
      canEdit={canEdit}
      addLabel={t('settings:delivery.windows.add')}
      editLabel={t('settings:delivery.windows.edit')}
      editNamed={(w) => t('settings:delivery.windows.edit_named', named(w))}
      remove={{
        mutation: remove,
        label: t('settings:delivery.windows.delete'),
        named: (w) => t('settings:delivery.windows.delete_named', named(w)),
        title: t('settings:delivery.windows.delete_title'),
        message: (w) => t('settings:delivery.windows.delete_confirm', named(w)),
        done: t('settings:delivery.windows.deleted'),
      }}
      renderDialog={({ open, onClose, row }) => (
        <DeliveryWindowDialog open={open} onClose={onClose} locationId={locationId} window={row} />
      )}
    />
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
  const { form, dialog } = useSettingsRowForm(deliveryWindowForm, {
    open,
    onClose,
    row: window,
    newTarget: { locationId },
    save: useSaveDeliveryWindow(),
    values: valuesOf,
    saved: t('settings:delivery.windows.saved'),
    conflict: t('settings:delivery.conflict'),
    messages: { starts: timeMessages, ends: timeMessages },
  });
  const { DateTimeField, SelectField, WholeNumberField } = fieldsOf(form.control);
  return (
    <FormDialog
      {...dialog}
      title={window ? t('settings:delivery.windows.edit_title') : t('settings:delivery.windows.add_title')}
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

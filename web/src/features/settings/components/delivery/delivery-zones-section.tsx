import { Badge } from '@chakra-ui/react';
import { deliveryZoneForm } from '@nine/shared/schemas/delivery-settings';
import type { DataTableColumn } from '../../../../components/data-table/data-table.tsx';
import { FormDialog } from '../../../../components/form-dialog.tsx';
import { fieldsOf } from '../../../../components/form/form-fields.tsx';
import { formatMoney } from '../../../../lib/format.ts';
import { useAppTranslation } from '../../../../lib/i18n.ts';
import type { DeliveryZone } from '../../api/get-delivery-settings.ts';
import { useSaveDeliveryZone } from '../../api/save-delivery-zone.ts';
import { SettingsListSection } from '../../../../components/settings-list/list-section.tsx';
import { useSettingsRowForm } from '../../../../components/settings-list/row-form.ts';

/** How many zip codes a row shows before "and N more". */
const SHOWN_CODES = 6;

/**
 * Delivery settings, "Delivery zones": the location's zones (zip codes, fee, minimum order), to add and edit;
 * an inactive zone is kept but not used. Read-only without delivery_setting change.
 */
export function DeliveryZonesSection({
  locationId,
  zones,
  currencySymbol,
  canEdit,
}: {
  locationId: number;
  zones: DeliveryZone[];
  currencySymbol: string;
  canEdit: boolean;
}) {
  const { t } = useAppTranslation();
  const money = (minor: number) => formatMoney(minor, currencySymbol);
  const columns: DataTableColumn<DeliveryZone>[] = [
    { id: 'name', title: t('settings:delivery.zones.name'), rowHeader: true, cell: (z) => z.name },
    {
      id: 'zip_codes',
      title: t('settings:delivery.zones.zip_codes'),
      cell: (z) =>
        z.zip_codes.length > SHOWN_CODES
          ? t('settings:delivery.zones.more_codes', {
              codes: z.zip_codes.slice(0, SHOWN_CODES).join(', '),
              count: z.zip_codes.length - SHOWN_CODES,
            })
          : z.zip_codes.join(', '),
    },
    { id: 'fee', title: t('settings:delivery.zones.fee'), align: 'end', cell: (z) => money(z.fee_minor) },
    {
      id: 'min_order',
      title: t('settings:delivery.zones.min_order'),
      align: 'end',
      cell: (z) => money(z.min_order_minor),
    },
    {
      id: 'status',
      title: t('settings:delivery.zones.status'),
      cell: (z) => (
        <Badge colorPalette={z.is_active ? 'green' : 'gray'}>
          {z.is_active ? t('settings:delivery.zones.active') : t('settings:delivery.zones.inactive')}
        </Badge>
      ),
    },
  ];
  return (
    <SettingsListSection<DeliveryZone>
      title={t('settings:delivery.zones.title')}
      intro={t('settings:delivery.zones.intro')}
      rows={zones}
      columns={columns}
      caption={t('settings:delivery.zones.caption')}
      emptyNote={t('settings:delivery.zones.empty')}
      canEdit={canEdit}
      addLabel={t('settings:delivery.zones.add')}
      editLabel={t('settings:delivery.zones.edit')}
      editNamed={(z) => t('settings:delivery.zones.edit_named', { name: z.name })}
      renderDialog={({ open, onClose, row }) => (
        <DeliveryZoneDialog open={open} onClose={onClose} locationId={locationId} zone={row} />
      )}
    />
  );
}

type ZoneInput = NonNullable<(typeof deliveryZoneForm)['~standard']['types']>['input'];

function valuesOf(zone: DeliveryZone | undefined): ZoneInput {
  return zone
    ? {
        name: zone.name,
        zip_codes: zone.zip_codes.join(', '),
        fee_minor: zone.fee_minor,
        min_order_minor: zone.min_order_minor,
        is_active: zone.is_active,
      }
    : { name: '', zip_codes: '', fee_minor: 0, min_order_minor: 0, is_active: true };
}

function DeliveryZoneDialog({
  open,
  onClose,
  locationId,
  zone,
}: {
  open: boolean;
  onClose(): void;
  locationId: number;
  zone: DeliveryZone | undefined;
}) {
  const { t } = useAppTranslation();
  const { form, dialog } = useSettingsRowForm(deliveryZoneForm, {
    open,
    onClose,
    row: zone,
    newTarget: { locationId },
    save: useSaveDeliveryZone(),
    values: valuesOf,
    saved: t('settings:delivery.zones.saved'),
    conflict: t('settings:delivery.conflict'),
    messages: {
      zip_codes: {
        invalid_zip: 'settings:delivery.zones.errors.invalid_zip',
        required: 'settings:delivery.zones.errors.zip_required',
      },
    },
  });
  const { CheckboxField, MoneyField, TextareaField, TextField } = fieldsOf(form.control);
  return (
    <FormDialog
      {...dialog}
      title={zone ? t('settings:delivery.zones.edit_title') : t('settings:delivery.zones.add_title')}
    >
      <TextField name="name" label={t('settings:delivery.zones.name')} required maxLength={100} />
      <TextareaField
        name="zip_codes"
        label={t('settings:delivery.zones.zip_codes')}
        helperText={t('settings:delivery.zones.zip_help')}
        required
      />
      <MoneyField name="fee_minor" label={t('settings:delivery.zones.fee')} required />
      <MoneyField name="min_order_minor" label={t('settings:delivery.zones.min_order')} required />
      <CheckboxField
        name="is_active"
        label={t('settings:delivery.zones.active')}
        helperText={t('settings:delivery.zones.active_help')}
      />
    </FormDialog>
  );
}

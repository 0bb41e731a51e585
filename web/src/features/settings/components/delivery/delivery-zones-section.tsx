import { Badge, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { deliveryZoneForm } from '@nine/shared/schemas/delivery-settings';
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
import { formatMoney } from '../../../../lib/format.ts';
import { useAppTranslation } from '../../../../lib/i18n.ts';
import { saveFailureText } from '../../../../lib/save-failure.ts';
import { useNotify } from '../../../../lib/toast.tsx';
import type { DeliveryZone } from '../../api/get-delivery-settings.ts';
import { useSaveDeliveryZone } from '../../api/save-delivery-zone.ts';

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
  const [editing, setEditing] = useState<DeliveryZone | 'new' | null>(null);
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
  if (canEdit)
    columns.push({
      id: 'actions',
      title: t('settings:delivery.zones.edit'),
      titleHidden: true,
      hideWhenPrinting: true,
      align: 'end',
      cell: (z) => (
        <RowActionButton
          label={t('settings:delivery.zones.edit')}
          name={t('settings:delivery.zones.edit_named', { name: z.name })}
          onClick={() => setEditing(z)}
        />
      ),
    });
  // The row as last read: after a refused stale save, the next save sends the version now saved.
  const current = editing === 'new' || editing === null ? undefined : zones.find((z) => z.id === editing.id);
  return (
    <SectionCard title={t('settings:delivery.zones.title')}>
      <Stack gap="4">
        <Text color="fg.muted">{t('settings:delivery.zones.intro')}</Text>
        <DataTable<DeliveryZone>
          columns={columns}
          rows={zones}
          rowId={(z) => z.id}
          caption={t('settings:delivery.zones.caption')}
          emptyNote={t('settings:delivery.zones.empty')}
        />
        {canEdit && (
          <HStack>
            <Button size="sm" colorPalette="blue" onClick={() => setEditing('new')}>
              {t('settings:delivery.zones.add')}
            </Button>
          </HStack>
        )}
      </Stack>
      <DeliveryZoneDialog
        open={editing !== null}
        onClose={() => setEditing(null)}
        locationId={locationId}
        zone={editing === 'new' ? undefined : (current ?? editing ?? undefined)}
      />
    </SectionCard>
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
  const notify = useNotify();
  const save = useSaveDeliveryZone();
  const form = useSchemaForm(deliveryZoneForm, {
    defaultValues: valuesOf(zone),
    messages: {
      zip_codes: {
        invalid_zip: 'settings:delivery.zones.errors.invalid_zip',
        required: 'settings:delivery.zones.errors.zip_required',
      },
    },
  });
  useResetOnOpen(form, { open, record: zone?.id, values: () => valuesOf(zone), onOpen: save.reset });
  const { CheckboxField, MoneyField, TextareaField, TextField } = fieldsOf(form.control);
  const submit = form.handleSubmit((values) =>
    save.mutate(
      { target: zone ? { id: zone.id, version: zone.version } : { locationId }, body: values },
      {
        onSuccess: () => {
          notify({ type: 'success', title: t('settings:delivery.zones.saved') });
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
      title={zone ? t('settings:delivery.zones.edit_title') : t('settings:delivery.zones.add_title')}
      onSubmit={() => void submit()}
      saving={save.isPending}
      error={saveFailureText(save.error, t('settings:delivery.conflict'))}
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

import { SimpleGrid, Stack } from '@chakra-ui/react';
import { otherSettingsForm, type OtherSettingsForm } from '@nine/shared/schemas/location-settings';
import { fieldsOf } from '../../../../components/form/form-fields.tsx';
import { useSchemaForm } from '../../../../components/form/use-schema-form.ts';
import { useAppTranslation } from '../../../../lib/i18n.ts';
import { saveFailureText } from '../../../../lib/save-failure.ts';
import { generalSettingsQueryKey, type GeneralSettings } from '../../api/get-general-settings.ts';
import type { LocationSectionProps } from './general-information-section.tsx';
import { GeneralSettingsSection, type GeneralSettingsUpdate } from './general-settings-section.tsx';
import { SectionSave, useSectionOutcome } from './section-shell.tsx';

const HEADERS = ['order_print_header', 'sale_order_print_header', 'invoice_print_header'] as const;

/** Location settings, "Other settings": what prints head orders and invoices with, and the store's hours. */
export function OtherSettingsSection({ locationId, canEdit }: LocationSectionProps) {
  const { t } = useAppTranslation();
  return (
    <GeneralSettingsSection
      title={t('settings:location.other.title')}
      locationId={locationId}
      valuesOf={valuesOf}
    >
      {(settings, update) => <OtherEditor settings={settings} canEdit={canEdit} update={update} />}
    </GeneralSettingsSection>
  );
}

const valuesOf = (s: GeneralSettings): OtherSettingsForm => ({
  order_print_header: s.order_print_header ?? '',
  sale_order_print_header: s.sale_order_print_header ?? '',
  invoice_print_header: s.invoice_print_header ?? '',
  tax_comment: s.tax_comment ?? '',
  store_open: s.store_open ?? '09:00',
  store_close: s.store_close ?? '18:00',
});

function OtherEditor({
  settings,
  canEdit,
  update,
}: {
  settings: GeneralSettings;
  canEdit: boolean;
  update: GeneralSettingsUpdate;
}) {
  const { t } = useAppTranslation();
  const outcome = useSectionOutcome();
  const form = useSchemaForm(otherSettingsForm, {
    defaultValues: valuesOf(settings),
    messages: {
      store_open: 'settings:location.errors.time',
      store_close: {
        not_after_open: 'settings:location.errors.close_before_open',
        '*': 'settings:location.errors.time',
      },
    },
  });
  const { DateTimeField, TextareaField } = fieldsOf(form.control);
  const submit = form.handleSubmit((values) => {
    if (update.isPending || !canEdit) return;
    update.mutate(
      { location_id: settings.location_id, version: settings.version, ...values },
      outcome(form, update.reset, generalSettingsQueryKey),
    );
  });
  const label = (name: keyof OtherSettingsForm) => t(`settings:location.other.fields.${name}`);
  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="4">
        {HEADERS.map((name) => (
          <TextareaField
            key={name}
            name={name}
            label={label(name)}
            rows={3}
            maxLength={2000}
            disabled={!canEdit}
          />
        ))}
        <TextareaField
          name="tax_comment"
          label={label('tax_comment')}
          helperText={t('settings:location.other.help.tax_comment')}
          rows={2}
          maxLength={500}
          disabled={!canEdit}
        />
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          <DateTimeField type="time" name="store_open" label={label('store_open')} disabled={!canEdit} />
          <DateTimeField type="time" name="store_close" label={label('store_close')} disabled={!canEdit} />
        </SimpleGrid>
        <SectionSave
          failure={saveFailureText(update.error, t('settings:location.conflict'))}
          pending={update.isPending}
          canEdit={canEdit}
          label={t('settings:location.other.save')}
        />
      </Stack>
    </form>
  );
}

import { Heading, SimpleGrid, Stack } from '@chakra-ui/react';
import {
  otherSettingsForm,
  type OtherSettingsForm,
  type PrintSetup,
} from '@nine/shared/schemas/location-settings';
import { fieldsOf } from '../../../../components/form/form-fields.tsx';
import { useSchemaForm } from '../../../../components/form/use-schema-form.ts';
import { useAppTranslation } from '../../../../lib/i18n.ts';
import { saveFailureText } from '../../../../lib/save-failure.ts';
import { generalSettingsQueryKey, type GeneralSettings } from '../../api/get-general-settings.ts';
import type { LocationSectionProps } from './general-information-section.tsx';
import { GeneralSettingsSection, type GeneralSettingsUpdate } from './general-settings-section.tsx';
import { SectionSave, useSectionOutcome } from './section-shell.tsx';

const HEADERS = ['order_print_header', 'sale_order_print_header', 'invoice_print_header'] as const;

/**
 * Location settings, "Other settings": what prints head orders and invoices with, the tax comment, how the
 * counters print (print_setup, read by the payment panels), the store's hours (the business calendar's
 * fallback) and the location's own auto-logout (never longer than the access policy's).
 */
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
  print_setup: {
    auto_print_receipt: s.print_setup.auto_print_receipt ?? false,
    receipt_copies: s.print_setup.receipt_copies ?? 1,
  },
  auto_logout_minutes: s.auto_logout_minutes,
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
      'print_setup.receipt_copies': 'settings:location.other.errors.copies',
      auto_logout_minutes: 'settings:location.other.errors.minutes',
    },
  });
  const { CheckboxField, DateTimeField, TextareaField, WholeNumberField } = fieldsOf(form.control);
  const submit = form.handleSubmit((values) => {
    if (update.isPending || !canEdit) return;
    update.mutate(
      { location_id: settings.location_id, version: settings.version, ...values },
      outcome(form, update.reset, generalSettingsQueryKey),
    );
  });
  const label = (name: Exclude<keyof OtherSettingsForm, 'print_setup'> | keyof PrintSetup) =>
    t(`settings:location.other.fields.${name}`);
  const policy = settings.policy_auto_logout_minutes;
  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="4">
        {HEADERS.map((name) => (
          <TextareaField
            key={name}
            name={name}
            label={label(name)}
            helperText={t('settings:location.other.help.headers')}
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
          <DateTimeField
            type="time"
            name="store_open"
            label={label('store_open')}
            helperText={t('settings:location.other.help.store_hours')}
            disabled={!canEdit}
          />
          <DateTimeField type="time" name="store_close" label={label('store_close')} disabled={!canEdit} />
        </SimpleGrid>
        <Heading as="h3" size="sm">
          {t('settings:location.other.print_setup')}
        </Heading>
        <CheckboxField
          name="print_setup.auto_print_receipt"
          label={label('auto_print_receipt')}
          helperText={t('settings:location.other.help.auto_print_receipt')}
          disabled={!canEdit}
        />
        <WholeNumberField
          name="print_setup.receipt_copies"
          label={label('receipt_copies')}
          helperText={t('settings:location.other.help.receipt_copies')}
          disabled={!canEdit}
        />
        <Heading as="h3" size="sm">
          {t('settings:location.other.sessions')}
        </Heading>
        <WholeNumberField
          name="auto_logout_minutes"
          label={label('auto_logout_minutes')}
          helperText={
            policy > 0
              ? t('settings:location.other.help.auto_logout_policy', { minutes: policy })
              : t('settings:location.other.help.auto_logout_no_policy')
          }
          disabled={!canEdit}
        />
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

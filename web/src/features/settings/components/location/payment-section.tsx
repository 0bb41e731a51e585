import { Stack } from '@chakra-ui/react';
import { paymentSettingsForm, type PaymentSettingsForm } from '@nine/shared/schemas/location-settings';
import { fieldsOf } from '../../../../components/form/form-fields.tsx';
import { useSchemaForm } from '../../../../components/form/use-schema-form.ts';
import { useAppTranslation } from '../../../../lib/i18n.ts';
import { saveFailureText } from '../../../../lib/save-failure.ts';
import { generalSettingsQueryKey, type GeneralSettings } from '../../api/get-general-settings.ts';
import type { LocationSectionProps } from './general-information-section.tsx';
import { GeneralSettingsSection, type GeneralSettingsUpdate } from './general-settings-section.tsx';
import { SectionSave, useSectionOutcome } from './section-shell.tsx';

const SWITCHES = [
  'allow_staff_credit_card_entry',
  'has_pay_and_balance_forward',
  'confirm_change_return',
] as const satisfies readonly (keyof PaymentSettingsForm)[];

const valuesOf = (s: GeneralSettings): PaymentSettingsForm => ({
  allow_staff_credit_card_entry: s.allow_staff_credit_card_entry,
  has_pay_and_balance_forward: s.has_pay_and_balance_forward,
  confirm_change_return: s.confirm_change_return,
});
/** Location settings, "Payment": what the counter's payment dialog allows and asks. */
export function PaymentSection({ locationId, canEdit }: LocationSectionProps) {
  const { t } = useAppTranslation();
  return (
    <GeneralSettingsSection
      title={t('settings:location.payment.title')}
      locationId={locationId}
      valuesOf={valuesOf}
    >
      {(settings, update) => <PaymentEditor settings={settings} canEdit={canEdit} update={update} />}
    </GeneralSettingsSection>
  );
}

function PaymentEditor({
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
  const form = useSchemaForm(paymentSettingsForm, {
    defaultValues: valuesOf(settings),
  });
  const { CheckboxField } = fieldsOf(form.control);
  const submit = form.handleSubmit((values) => {
    if (update.isPending || !canEdit) return;
    update.mutate(
      { location_id: settings.location_id, version: settings.version, ...values },
      outcome(form, update.reset, generalSettingsQueryKey),
    );
  });
  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="4">
        {SWITCHES.map((name) => (
          <CheckboxField
            key={name}
            name={name}
            label={t(`settings:location.payment.fields.${name}`)}
            helperText={t(`settings:location.payment.help.${name}`)}
            disabled={!canEdit}
          />
        ))}
        <SectionSave
          failure={saveFailureText(update.error, t('settings:location.conflict'))}
          pending={update.isPending}
          canEdit={canEdit}
          label={t('settings:location.payment.save')}
        />
      </Stack>
    </form>
  );
}

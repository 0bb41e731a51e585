import { SimpleGrid, Stack } from '@chakra-ui/react';
import { useMemo } from 'react';
import { LANGUAGES } from '@nine/shared/constants';
import {
  CALENDAR_DATE_TIME_FORMATS,
  regionalForm,
  timeZones,
  type RegionalForm,
} from '@nine/shared/schemas/location-settings';
import { fieldsOf } from '../../../../components/form/form-fields.tsx';
import { useSchemaForm } from '../../../../components/form/use-schema-form.ts';
import { useAppTranslation } from '../../../../lib/i18n.ts';
import { saveFailureText } from '../../../../lib/save-failure.ts';
import { generalSettingsQueryKey, type GeneralSettings } from '../../api/get-general-settings.ts';
import type { LocationSectionProps } from './general-information-section.tsx';
import { GeneralSettingsSection, type GeneralSettingsUpdate } from './general-settings-section.tsx';
import { SectionSave, useSectionOutcome } from './section-shell.tsx';

/** Location settings, "Regional": time zone, currency symbol, the calendar's format and slots, language. */
export function RegionalSection({ locationId, canEdit }: LocationSectionProps) {
  const { t } = useAppTranslation();
  return (
    <GeneralSettingsSection
      title={t('settings:location.regional.title')}
      locationId={locationId}
      valuesOf={valuesOf}
    >
      {(settings, update) => <RegionalEditor settings={settings} canEdit={canEdit} update={update} />}
    </GeneralSettingsSection>
  );
}

const valuesOf = (s: GeneralSettings): RegionalForm => ({
  time_zone: s.time_zone,
  currency_symbol: s.currency_symbol,
  calendar_date_time_format: s.calendar_date_time_format,
  calendar_time_intervals: s.calendar_time_intervals,
  language: s.language,
});

function RegionalEditor({
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
  const form = useSchemaForm(regionalForm, {
    defaultValues: valuesOf(settings),
    messages: {
      time_zone: 'settings:location.errors.time_zone',
      calendar_time_intervals: 'settings:location.errors.intervals',
    },
  });
  const { SelectField, TextField, WholeNumberField } = fieldsOf(form.control);
  const zones = useMemo(() => {
    const all = timeZones();
    return all.includes(settings.time_zone) ? all : [settings.time_zone, ...all];
  }, [settings.time_zone]);
  // The presets, and the saved pattern when it is none of them (kept as written).
  const formats: readonly string[] = (CALENDAR_DATE_TIME_FORMATS as readonly string[]).includes(
    settings.calendar_date_time_format,
  )
    ? CALENDAR_DATE_TIME_FORMATS
    : [settings.calendar_date_time_format, ...CALENDAR_DATE_TIME_FORMATS];

  const submit = form.handleSubmit((values) => {
    if (update.isPending || !canEdit) return;
    update.mutate(
      { location_id: settings.location_id, version: settings.version, ...values },
      outcome(form, update.reset, generalSettingsQueryKey),
    );
  });
  const label = (name: keyof RegionalForm) => t(`settings:location.regional.fields.${name}`);
  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="4">
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          <SelectField
            name="time_zone"
            label={label('time_zone')}
            helperText={t('settings:location.regional.help.time_zone')}
            disabled={!canEdit}
            options={zones.map((zone) => ({ value: zone, label: zone.replaceAll('_', ' ') }))}
          />
          <SelectField
            name="language"
            label={label('language')}
            helperText={t('settings:location.regional.help.language')}
            disabled={!canEdit}
            options={LANGUAGES.map((language) => ({
              value: language,
              label: t(`common:languages.${language}`),
              lang: language,
            }))}
          />
          <TextField
            name="currency_symbol"
            label={label('currency_symbol')}
            helperText={t('settings:location.regional.help.currency_symbol', {
              code: settings.currency_code,
            })}
            disabled={!canEdit}
            maxLength={8}
          />
          <SelectField
            name="calendar_date_time_format"
            label={label('calendar_date_time_format')}
            disabled={!canEdit}
            options={formats.map((format) => ({ value: format, label: format }))}
          />
          <WholeNumberField
            name="calendar_time_intervals"
            label={label('calendar_time_intervals')}
            helperText={t('settings:location.regional.help.calendar_time_intervals')}
            disabled={!canEdit}
          />
        </SimpleGrid>
        <SectionSave
          failure={saveFailureText(update.error, t('settings:location.conflict'))}
          pending={update.isPending}
          canEdit={canEdit}
          label={t('settings:location.regional.save')}
        />
      </Stack>
    </form>
  );
}

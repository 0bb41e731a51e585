import { Stack, Text } from '@chakra-ui/react';
import { Fragment } from 'react';
import {
  SQUARE_ENVIRONMENTS,
  squareSettingsForm,
  type SquareSettingsForm,
} from '@nine/shared/schemas/square-settings';
import { fieldsOf } from '../../../../components/form/form-fields.tsx';
import { useSchemaForm } from '../../../../components/form/use-schema-form.ts';
import { SectionCard } from '../../../../components/section-card.tsx';
import { useAppTranslation } from '../../../../lib/i18n.ts';
import { saveFailureText } from '../../../../lib/save-failure.ts';
import {
  squareSettingsQueryKey,
  useSquareSettings,
  type SquareSettings,
} from '../../api/get-square-settings.ts';
import { useUpdateSquareSettings } from '../../api/update-square-settings.ts';
import type { LocationSectionProps } from './general-information-section.tsx';
import { SectionLoad, SectionSave, useSectionOutcome } from './section-shell.tsx';

const IDS = ['application_id', 'square_location_id', 'device_id'] as const;

const valuesOf = (s: SquareSettings): SquareSettingsForm => ({
  environment: s.environment,
  application_id: s.application_id ?? '',
  square_location_id: s.square_location_id ?? '',
  device_id: s.device_id ?? '',
  access_token: '',
  clear_access_token: false,
});

/**
 * Location settings, "Square": the Square Terminal credentials of the location. The access token is
 * write-only: the server keeps it encrypted and answers only whether one is stored and its last 4
 * characters; an empty token field keeps it.
 */
export function SquareSection({ locationId, canEdit }: LocationSectionProps) {
  const { t } = useAppTranslation();
  const query = useSquareSettings(locationId);
  return (
    <SectionCard title={t('settings:square.title')}>
      <Stack gap="4">
        <Text color="fg.muted">{t('settings:square.intro')}</Text>
        <SectionLoad query={query}>
          {(settings) => (
            // Starts over when the saved values change (someone saved them).
            <Fragment key={`${settings.location_id}:${settings.version}`}>
              <SquareEditor settings={settings} canEdit={canEdit} />
            </Fragment>
          )}
        </SectionLoad>
      </Stack>
    </SectionCard>
  );
}

function SquareEditor({ settings, canEdit }: { settings: SquareSettings; canEdit: boolean }) {
  const { t } = useAppTranslation();
  const update = useUpdateSquareSettings();
  const outcome = useSectionOutcome();
  const form = useSchemaForm(squareSettingsForm, {
    defaultValues: valuesOf(settings),
    messages: {
      application_id: 'settings:square.errors.id',
      square_location_id: 'settings:square.errors.id',
      device_id: 'settings:square.errors.id',
      access_token: 'settings:square.errors.token',
    },
  });
  const { CheckboxField, SelectField, TextField } = fieldsOf(form.control);
  const submit = form.handleSubmit((values) => {
    if (update.isPending || !canEdit) return;
    update.mutate(
      { location_id: settings.location_id, version: settings.version, ...values },
      outcome(form, update.reset, squareSettingsQueryKey),
    );
  });
  const environments = SQUARE_ENVIRONMENTS.map((value) => ({
    value,
    label: t(`settings:square.environments.${value}`),
  }));
  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="4">
        <SelectField
          name="environment"
          label={t('settings:square.fields.environment')}
          options={environments}
          disabled={!canEdit}
        />
        {IDS.map((name) => (
          <TextField
            key={name}
            name={name}
            label={t(`settings:square.fields.${name}`)}
            helperText={name === 'device_id' ? t('settings:square.help.device_id') : undefined}
            autoComplete="off"
            maxLength={100}
            disabled={!canEdit}
          />
        ))}
        <TextField
          name="access_token"
          type="password"
          label={t('settings:square.fields.access_token')}
          helperText={
            settings.has_access_token
              ? t('settings:square.token_stored', { last4: settings.access_token_last4 ?? '' })
              : t('settings:square.token_none')
          }
          placeholder={settings.has_access_token ? t('settings:square.token_placeholder') : undefined}
          autoComplete="new-password"
          maxLength={200}
          disabled={!canEdit}
        />
        {settings.has_access_token && canEdit && (
          <CheckboxField name="clear_access_token" label={t('settings:square.clear_token')} />
        )}
        <SectionSave
          failure={saveFailureText(update.error, t('settings:location.conflict'))}
          pending={update.isPending}
          canEdit={canEdit}
          label={t('settings:square.save')}
        />
      </Stack>
    </form>
  );
}

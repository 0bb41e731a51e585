import { Button, Stack, Text } from '@chakra-ui/react';
import { useId } from 'react';
import { LANGUAGES } from '@nine/shared/constants';
import {
  ITEMS_PER_PAGE,
  localSettingsForm,
  PRINT_MODES,
  PRINT_WIDTHS,
} from '@nine/shared/schemas/local-settings';
import { fieldsOf } from '../../../components/form/form-fields.tsx';
import { SubmitForm } from '../../../components/form/submit-form.tsx';
import { useSchemaForm } from '../../../components/form/use-schema-form.ts';
import { MessageAlert } from '../../../components/message-alert.tsx';
import { currentLanguage, setLanguage, useAppTranslation } from '../../../lib/i18n.ts';
import { useNotify } from '../../../lib/toast.tsx';
import { useSetAsKiosk } from '../api/set-as-kiosk.ts';
import { saveLocalSettings, useLocalSettings } from '../../../lib/local-settings.ts';

export interface LocalSettingsFormProps {
  /** Whether the user may also mark the location's counter as a kiosk (location_setting change). */
  canSetKiosk: boolean;
}

/** Settings of this device only: kept in this browser's storage, not on the server. */
export function LocalSettingsForm({ canSetKiosk }: LocalSettingsFormProps) {
  const { t } = useAppTranslation();
  const notify = useNotify();
  const saved = useLocalSettings();
  const kiosk = useSetAsKiosk();
  const form = useSchemaForm(localSettingsForm, {
    defaultValues: { ...saved, language: currentLanguage(), itemsPerPage: String(saved.itemsPerPage) },
  });
  const headingId = useId();
  const { CheckboxField, SelectField } = fieldsOf(form.control);

  const save = form.handleSubmit(async ({ language, ...settings }) => {
    try {
      if (canSetKiosk && settings.kioskMode !== saved.kioskMode) await kiosk.mutateAsync(settings.kioskMode);
      saveLocalSettings(settings);
      if (language !== currentLanguage()) await setLanguage(language);
      notify({ type: 'success', title: t('settings:local.saved_title'), message: t('settings:local.saved') });
    } catch {
      // The kiosk call failed: the API client already showed why; nothing was saved.
    }
  });

  return (
    <SubmitForm aria-labelledby={headingId} onSubmit={save}>
      <Stack gap="6" maxW="xl">
        <Text id={headingId} color="fg.muted">
          {t('settings:local.intro')}
        </Text>
        {/* The device's settings are few: a native select each, no wider than its longest option. */}
        <Stack gap="6" maxW="sm">
          <SelectField
            name="language"
            label={t('common:language')}
            options={LANGUAGES.map((option) => ({
              value: option,
              label: t(`common:languages.${option}`),
              lang: option,
            }))}
          />
          <SelectField
            name="orderPrintWidth"
            label={t('settings:local.print_width')}
            options={PRINT_WIDTHS.map((option) => ({
              value: option,
              label: t(`settings:local.print_widths.${option}`),
            }))}
          />
          <SelectField
            name="printMode"
            label={t('settings:local.print_mode')}
            helperText={t('settings:local.print_mode_hint')}
            options={PRINT_MODES.map((option) => ({
              value: option,
              label: t(`settings:local.print_modes.${option}`),
            }))}
          />
          <SelectField
            name="itemsPerPage"
            label={t('settings:local.items_per_page')}
            options={ITEMS_PER_PAGE.map((option) => ({ value: String(option), label: String(option) }))}
          />
        </Stack>
        <CheckboxField
          name="kioskMode"
          label={t('settings:local.kiosk')}
          helperText={
            canSetKiosk ? t('settings:local.kiosk_hint_location') : t('settings:local.kiosk_hint_device')
          }
        />
        <CheckboxField
          name="newTourInterface"
          label={t('settings:local.new_tour')}
          helperText={t('settings:local.new_tour_hint')}
        />
        {kiosk.isError && <MessageAlert status="error">{kiosk.error.message}</MessageAlert>}
        <Button
          type="submit"
          colorPalette="blue"
          alignSelf="flex-start"
          loading={form.formState.isSubmitting}
          loadingText={t('auth:saving')}
        >
          {t('settings:local.save')}
        </Button>
      </Stack>
    </SubmitForm>
  );
}

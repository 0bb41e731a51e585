import { Alert, Button, Checkbox, Field, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { useId } from 'react';
import { useController } from 'react-hook-form';
import { LANGUAGES } from '@nine/shared/constants';
import {
  ITEMS_PER_PAGE,
  localSettingsForm,
  PRINT_MODES,
  PRINT_WIDTHS,
} from '@nine/shared/schemas/local-settings';
import { useSchemaForm } from '../../../components/form/use-schema-form.ts';
import { currentLanguage, setLanguage, useAppTranslation } from '../../../lib/i18n.ts';
import { useNotify } from '../../../lib/toast.tsx';
import { useSetAsKiosk } from '../api/set-as-kiosk.ts';
import { saveLocalSettings, useLocalSettings } from '../local-settings.ts';

function useLocalSettingsForm(saved: ReturnType<typeof useLocalSettings>) {
  return useSchemaForm(localSettingsForm, {
    defaultValues: { ...saved, language: currentLanguage(), itemsPerPage: String(saved.itemsPerPage) },
  });
}
type LocalControl = ReturnType<typeof useLocalSettingsForm>['control'];

/** A select of this form (the device's settings are few: a native select each, no validation message). */
function SelectField({
  control,
  name,
  label,
  hint,
  options,
}: {
  control: LocalControl;
  name: 'language' | 'orderPrintWidth' | 'printMode' | 'itemsPerPage';
  label: string;
  hint?: string;
  options: readonly { value: string; label: string; lang?: string }[];
}) {
  const { field } = useController({ control, name });
  return (
    <Field.Root>
      <Field.Label>{label}</Field.Label>
      <NativeSelect.Root maxW="sm">
        <NativeSelect.Field
          value={String(field.value)}
          onChange={(event) => field.onChange(event.currentTarget.value)}
        >
          {options.map((option) => (
            <option key={option.value} value={option.value} lang={option.lang}>
              {option.label}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      {hint !== undefined && <Field.HelperText>{hint}</Field.HelperText>}
    </Field.Root>
  );
}

function CheckField({
  control,
  name,
  label,
  hint,
}: {
  control: LocalControl;
  name: 'kioskMode' | 'newTourInterface';
  label: string;
  hint: string;
}) {
  const { field } = useController({ control, name });
  const hintId = useId();
  return (
    <Stack gap="1">
      <Checkbox.Root
        checked={field.value}
        onCheckedChange={(details) => field.onChange(details.checked === true)}
      >
        <Checkbox.HiddenInput aria-describedby={hintId} />
        <Checkbox.Control />
        <Checkbox.Label>{label}</Checkbox.Label>
      </Checkbox.Root>
      <Text id={hintId} fontSize="sm" color="fg.muted" ps="7">
        {hint}
      </Text>
    </Stack>
  );
}

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
  const form = useLocalSettingsForm(saved);
  const headingId = useId();

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
    <form
      aria-labelledby={headingId}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <Stack gap="6" maxW="xl">
        <Text id={headingId} color="fg.muted">
          {t('settings:local.intro')}
        </Text>
        <SelectField
          control={form.control}
          name="language"
          label={t('common:language')}
          options={LANGUAGES.map((option) => ({
            value: option,
            label: t(`common:languages.${option}`),
            lang: option,
          }))}
        />
        <SelectField
          control={form.control}
          name="orderPrintWidth"
          label={t('settings:local.print_width')}
          options={PRINT_WIDTHS.map((option) => ({
            value: option,
            label: t(`settings:local.print_widths.${option}`),
          }))}
        />
        <SelectField
          control={form.control}
          name="printMode"
          label={t('settings:local.print_mode')}
          hint={t('settings:local.print_mode_hint')}
          options={PRINT_MODES.map((option) => ({
            value: option,
            label: t(`settings:local.print_modes.${option}`),
          }))}
        />
        <SelectField
          control={form.control}
          name="itemsPerPage"
          label={t('settings:local.items_per_page')}
          options={ITEMS_PER_PAGE.map((option) => ({ value: String(option), label: String(option) }))}
        />
        <CheckField
          control={form.control}
          name="kioskMode"
          label={t('settings:local.kiosk')}
          hint={canSetKiosk ? t('settings:local.kiosk_hint_location') : t('settings:local.kiosk_hint_device')}
        />
        <CheckField
          control={form.control}
          name="newTourInterface"
          label={t('settings:local.new_tour')}
          hint={t('settings:local.new_tour_hint')}
        />
        {kiosk.isError && (
          <Alert.Root status="error" role="alert">
            <Alert.Indicator />
            <Alert.Description>{kiosk.error.message}</Alert.Description>
          </Alert.Root>
        )}
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
    </form>
  );
}

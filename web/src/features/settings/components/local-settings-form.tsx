import { Alert, Button, Checkbox, Field, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { useId, type ReactNode } from 'react';
import { Controller } from 'react-hook-form';
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

function SelectField({
  label,
  hint,
  value,
  onChange,
  children,
}: {
  label: string;
  hint?: string;
  value: string;
  onChange: (value: string) => void;
  children: ReactNode;
}) {
  return (
    <Field.Root>
      <Field.Label>{label}</Field.Label>
      <NativeSelect.Root maxW="sm">
        <NativeSelect.Field value={value} onChange={(event) => onChange(event.currentTarget.value)}>
          {children}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      {hint !== undefined && <Field.HelperText>{hint}</Field.HelperText>}
    </Field.Root>
  );
}

function CheckField({
  label,
  hint,
  checked,
  onChange,
}: {
  label: string;
  hint: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  const hintId = useId();
  return (
    <Stack gap="1">
      <Checkbox.Root checked={checked} onCheckedChange={(details) => onChange(details.checked === true)}>
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
  const form = useSchemaForm(localSettingsForm, {
    defaultValues: { ...saved, language: currentLanguage(), itemsPerPage: String(saved.itemsPerPage) },
  });
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
        <Controller
          control={form.control}
          name="language"
          render={({ field }) => (
            <SelectField label={t('common:language')} value={field.value} onChange={field.onChange}>
              {LANGUAGES.map((option) => (
                <option key={option} value={option} lang={option}>
                  {t(`common:languages.${option}`)}
                </option>
              ))}
            </SelectField>
          )}
        />
        <Controller
          control={form.control}
          name="orderPrintWidth"
          render={({ field }) => (
            <SelectField
              label={t('settings:local.print_width')}
              value={field.value}
              onChange={field.onChange}
            >
              {PRINT_WIDTHS.map((option) => (
                <option key={option} value={option}>
                  {t(`settings:local.print_widths.${option}`)}
                </option>
              ))}
            </SelectField>
          )}
        />
        <Controller
          control={form.control}
          name="printMode"
          render={({ field }) => (
            <SelectField
              label={t('settings:local.print_mode')}
              hint={t('settings:local.print_mode_hint')}
              value={field.value}
              onChange={field.onChange}
            >
              {PRINT_MODES.map((option) => (
                <option key={option} value={option}>
                  {t(`settings:local.print_modes.${option}`)}
                </option>
              ))}
            </SelectField>
          )}
        />
        <Controller
          control={form.control}
          name="itemsPerPage"
          render={({ field }) => (
            <SelectField
              label={t('settings:local.items_per_page')}
              value={String(field.value)}
              onChange={field.onChange}
            >
              {ITEMS_PER_PAGE.map((option) => (
                <option key={option} value={option}>
                  {option}
                </option>
              ))}
            </SelectField>
          )}
        />
        <Controller
          control={form.control}
          name="kioskMode"
          render={({ field }) => (
            <CheckField
              label={t('settings:local.kiosk')}
              hint={
                canSetKiosk ? t('settings:local.kiosk_hint_location') : t('settings:local.kiosk_hint_device')
              }
              checked={field.value}
              onChange={field.onChange}
            />
          )}
        />
        <Controller
          control={form.control}
          name="newTourInterface"
          render={({ field }) => (
            <CheckField
              label={t('settings:local.new_tour')}
              hint={t('settings:local.new_tour_hint')}
              checked={field.value}
              onChange={field.onChange}
            />
          )}
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

import { Alert, Button, Checkbox, Field, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { useId, useState, type ReactNode } from 'react';
import { LANGUAGES, isLanguage, type Language } from '@nine/shared/constants';
import { currentLanguage, setLanguage, useAppTranslation } from '../../../lib/i18n.ts';
import { useNotify } from '../../../lib/toast.tsx';
import { useSetAsKiosk } from '../api/set-as-kiosk.ts';
import {
  ITEMS_PER_PAGE,
  PRINT_MODES,
  PRINT_WIDTHS,
  saveLocalSettings,
  useLocalSettings,
  type ItemsPerPage,
  type LocalSettings,
  type PrintMode,
  type PrintWidth,
} from '../local-settings.ts';

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
  const [draft, setDraft] = useState<LocalSettings>(saved);
  const [language, setDraftLanguage] = useState<Language>(currentLanguage);
  const [pending, setPending] = useState(false);
  const headingId = useId();

  const update = <K extends keyof LocalSettings>(key: K, value: LocalSettings[K]) =>
    setDraft((current) => ({ ...current, [key]: value }));

  async function save() {
    setPending(true);
    try {
      if (canSetKiosk && draft.kioskMode !== saved.kioskMode) await kiosk.mutateAsync(draft.kioskMode);
      saveLocalSettings(draft);
      if (language !== currentLanguage()) await setLanguage(language);
      notify({ type: 'success', title: t('settings:local.saved_title'), message: t('settings:local.saved') });
    } catch {
      // The kiosk call failed: the API client already showed why; nothing was saved.
    } finally {
      setPending(false);
    }
  }

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
          label={t('common:language')}
          value={language}
          onChange={(value) => isLanguage(value) && setDraftLanguage(value)}
        >
          {LANGUAGES.map((option) => (
            <option key={option} value={option} lang={option}>
              {t(`common:languages.${option}`)}
            </option>
          ))}
        </SelectField>
        <SelectField
          label={t('settings:local.print_width')}
          value={draft.orderPrintWidth}
          onChange={(value) => update('orderPrintWidth', value as PrintWidth)}
        >
          {PRINT_WIDTHS.map((option) => (
            <option key={option} value={option}>
              {t(`settings:local.print_widths.${option}`)}
            </option>
          ))}
        </SelectField>
        <SelectField
          label={t('settings:local.print_mode')}
          hint={t('settings:local.print_mode_hint')}
          value={draft.printMode}
          onChange={(value) => update('printMode', value as PrintMode)}
        >
          {PRINT_MODES.map((option) => (
            <option key={option} value={option}>
              {t(`settings:local.print_modes.${option}`)}
            </option>
          ))}
        </SelectField>
        <SelectField
          label={t('settings:local.items_per_page')}
          value={String(draft.itemsPerPage)}
          onChange={(value) => update('itemsPerPage', Number(value) as ItemsPerPage)}
        >
          {ITEMS_PER_PAGE.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </SelectField>
        <CheckField
          label={t('settings:local.kiosk')}
          hint={canSetKiosk ? t('settings:local.kiosk_hint_location') : t('settings:local.kiosk_hint_device')}
          checked={draft.kioskMode}
          onChange={(checked) => update('kioskMode', checked)}
        />
        <CheckField
          label={t('settings:local.new_tour')}
          hint={t('settings:local.new_tour_hint')}
          checked={draft.newTourInterface}
          onChange={(checked) => update('newTourInterface', checked)}
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
          loading={pending}
          loadingText={t('auth:saving')}
        >
          {t('settings:local.save')}
        </Button>
      </Stack>
    </form>
  );
}

import { Field, NativeSelect } from '@chakra-ui/react';
import { LANGUAGES, isLanguage } from '@nine/shared/constants';
import { currentLanguage, setLanguage, useAppTranslation } from '../lib/i18n.ts';

/**
 * The language switch, shown before sign-in too so a person can read the login page. `persist: false` (a
 * kiosk's public pages) switches without saving the choice for the device.
 */
export function LanguageSelect({
  size = 'sm',
  persist = true,
}: {
  size?: 'xs' | 'sm' | 'md';
  persist?: boolean;
}) {
  const { t } = useAppTranslation();
  return (
    <Field.Root width="auto">
      <Field.Label fontSize="sm">{t('common:language')}</Field.Label>
      <NativeSelect.Root size={size} width="auto" minW="36">
        <NativeSelect.Field
          value={currentLanguage()}
          onChange={(event) => {
            const next = event.currentTarget.value;
            if (isLanguage(next)) void setLanguage(next, { persist });
          }}
        >
          {LANGUAGES.map((language) => (
            <option key={language} value={language} lang={language}>
              {t(`common:languages.${language}`)}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
}

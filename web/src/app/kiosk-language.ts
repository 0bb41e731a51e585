import { currentLanguage, readSavedLanguage, setLanguage } from '../lib/i18n.ts';

/**
 * On a kiosk a customer's language lasts for their visit: the language switch does not save it (see the
 * landing layout), and starting over for the next customer brings back the device's own saved language.
 */
export function restoreKioskLanguage(): void {
  const saved = readSavedLanguage();
  if (currentLanguage() !== saved) void setLanguage(saved, { persist: false });
}

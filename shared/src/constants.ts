/** Business constants of spec section 9. */
export const API_BASE = '/api';
export const APP_BASE = '/nine';
export const API_TIMEOUT_MS = 60_000;
export const LANGUAGES = ['en-US', 'es-ES', 'fr-FR'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en-US';
export const LANGUAGE_STORAGE_KEY = 'Language';
/** localStorage key of the encrypted session (web); the build's preload script reads whether it is there. */
export const SESSION_STORAGE_KEY = 'nine.session';
export const DEFAULT_RENTAL_TYPE_ID = 1;
export const STAFF_NOTE_MAX = 255;
export const CSV_MAX_BYTES = 10 * 1024 * 1024;
/** The header that names the location a request works in. */
export const LOCATION_HEADER = 'location-id';
export const IDEMPOTENCY_HEADER = 'idempotency-key';
/** On every authenticated answer: the business's settings revision, raised by every settings save. */
export const SETTINGS_REVISION_HEADER = 'x-settings-revision';

export function isLanguage(value: string): value is Language {
  return (LANGUAGES as readonly string[]).includes(value);
}

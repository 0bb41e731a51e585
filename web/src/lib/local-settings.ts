import { useSyncExternalStore } from 'react';
import { localSettings, type LocalSettings } from '@nine/shared/schemas/local-settings';
import { loadSecure, readSecure, writeSecure } from './secure-storage.ts';

/** Spec section 3 "Local device settings" and "Paging setting"; the language has its own key (Language). */
export type { LocalSettings };

export const DEFAULT_LOCAL_SETTINGS: LocalSettings = localSettings.parse({});

export const LOCAL_SETTINGS_KEY = 'nine.localSettings';

const listeners = new Set<() => void>();
let snapshot: { raw: string | null; value: LocalSettings } = { raw: null, value: DEFAULT_LOCAL_SETTINGS };

/** Unknown or missing fields fall back to the defaults, one by one (the schema's rule). */
export function parseLocalSettings(raw: string | null): LocalSettings {
  let value: unknown = {};
  try {
    const parsed: unknown = raw === null ? {} : JSON.parse(raw);
    if (typeof parsed === 'object' && parsed !== null) value = parsed;
  } catch {
    // Unreadable: defaults.
  }
  return localSettings.parse(value);
}

export function readLocalSettings(): LocalSettings {
  const raw = readSecure(LOCAL_SETTINGS_KEY);
  if (raw !== snapshot.raw) snapshot = { raw, value: parseLocalSettings(raw) };
  return snapshot.value;
}

/** Whether this device ever saved `field` (a setting added later reads its default until it is). */
export function hasSavedLocalSetting(field: keyof LocalSettings): boolean {
  const raw = readSecure(LOCAL_SETTINGS_KEY);
  try {
    const parsed: unknown = raw === null ? null : JSON.parse(raw);
    return typeof parsed === 'object' && parsed !== null && field in parsed;
  } catch {
    return false;
  }
}

export async function hydrateLocalSettings(): Promise<void> {
  await loadSecure(LOCAL_SETTINGS_KEY);
}

export function saveLocalSettings(settings: LocalSettings): void {
  writeSecure(LOCAL_SETTINGS_KEY, JSON.stringify(settings));
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** This device's settings; re-renders when they are saved. */
export function useLocalSettings(): LocalSettings {
  return useSyncExternalStore(subscribe, readLocalSettings);
}

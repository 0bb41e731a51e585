import { useSyncExternalStore } from 'react';
import { loadSecure, readSecure, writeSecure } from '../../lib/secure-storage.ts';

/** Spec section 3 "Local device settings" and "Paging setting"; the language has its own key (Language). */
export const PRINT_WIDTHS = ['full', '80mm', '55mm'] as const;
export const PRINT_MODES = ['browser', 'receipt'] as const;
export const ITEMS_PER_PAGE = [10, 25, 50, 100] as const;

export type PrintWidth = (typeof PRINT_WIDTHS)[number];
export type PrintMode = (typeof PRINT_MODES)[number];
export type ItemsPerPage = (typeof ITEMS_PER_PAGE)[number];

export interface LocalSettings {
  /** Width orders print at: a full page, or an 80 mm or 55 mm receipt. */
  orderPrintWidth: PrintWidth;
  kioskMode: boolean;
  newTourInterface: boolean;
  /** The browser's print dialog, or silent printing on the counter's receipt printer. */
  printMode: PrintMode;
  itemsPerPage: ItemsPerPage;
}

export const DEFAULT_LOCAL_SETTINGS: LocalSettings = {
  orderPrintWidth: 'full',
  kioskMode: false,
  newTourInterface: false,
  printMode: 'browser',
  itemsPerPage: 25,
};

export const LOCAL_SETTINGS_KEY = 'nine.localSettings';

const listeners = new Set<() => void>();
let snapshot: { raw: string | null; value: LocalSettings } = { raw: null, value: DEFAULT_LOCAL_SETTINGS };

const pick = <T>(allowed: readonly T[], value: unknown, fallback: T): T =>
  allowed.includes(value as T) ? (value as T) : fallback;

/** Unknown or missing fields fall back to the defaults, one by one. */
export function parseLocalSettings(raw: string | null): LocalSettings {
  let value: Record<string, unknown> = {};
  try {
    const parsed: unknown = raw === null ? {} : JSON.parse(raw);
    if (typeof parsed === 'object' && parsed !== null) value = parsed as Record<string, unknown>;
  } catch {
    // Unreadable: defaults.
  }
  const d = DEFAULT_LOCAL_SETTINGS;
  return {
    orderPrintWidth: pick(PRINT_WIDTHS, value.orderPrintWidth, d.orderPrintWidth),
    kioskMode: typeof value.kioskMode === 'boolean' ? value.kioskMode : d.kioskMode,
    newTourInterface:
      typeof value.newTourInterface === 'boolean' ? value.newTourInterface : d.newTourInterface,
    printMode: pick(PRINT_MODES, value.printMode, d.printMode),
    itemsPerPage: pick(ITEMS_PER_PAGE, value.itemsPerPage, d.itemsPerPage),
  };
}

export function readLocalSettings(): LocalSettings {
  const raw = readSecure(LOCAL_SETTINGS_KEY);
  if (raw !== snapshot.raw) snapshot = { raw, value: parseLocalSettings(raw) };
  return snapshot.value;
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

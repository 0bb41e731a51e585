import i18next, { type Resource, type ResourceLanguage, type TFunction } from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';
import auth from '@nine/locales/en-US/auth.json';
import common from '@nine/locales/en-US/common.json';
import errors from '@nine/locales/en-US/errors.json';
import menu from '@nine/locales/en-US/menu.json';
import settings from '@nine/locales/en-US/settings.json';
import orders from '@nine/locales/en-US/orders.json';
import agent from '@nine/locales/en-US/agent.json';
import money from '@nine/locales/en-US/money.json';
import inventory from '@nine/locales/en-US/inventory.json';
import stock from '@nine/locales/en-US/stock.json';
import customers from '@nine/locales/en-US/customers.json';
import staff from '@nine/locales/en-US/staff.json';
import exports from '@nine/locales/en-US/exports.json';
import fulfilment from '@nine/locales/en-US/fulfilment.json';
import {
  DEFAULT_LANGUAGE,
  LANGUAGE_STORAGE_KEY,
  LANGUAGES,
  isLanguage,
  type Language,
} from '@nine/shared/constants';

export const appNamespaces = [
  'common',
  'auth',
  'menu',
  'settings',
  'orders',
  'agent',
  'money',
  'inventory',
  'stock',
  'customers',
  'staff',
  'exports',
  'fulfilment',
  'errors',
] as const;
/** A t() that takes fully qualified keys ('auth:login.heading') of every namespace, checked at compile time. */
export type AppT = TFunction<typeof appNamespaces>;

export function useAppTranslation() {
  return useTranslation(appNamespaces);
}

/** The app's own i18next instance (not the global one), so tests and the app share one setup. */
export const i18n = i18next.createInstance();

// en-US is the fallback, so it ships in the main bundle; the others become their own chunks and are
// fetched only when someone picks them (spec section 7). The brace list must match appNamespaces
// (a glob takes literals only); other files in locales/ belong to the server.
const lazyBundles = import.meta.glob<{ default: ResourceLanguage[string] }>(
  '../../../locales/{es-ES,fr-FR}/{common,auth,menu,settings,orders,agent,money,inventory,stock,customers,staff,exports,fulfilment,errors}.json',
);

export function readSavedLanguage(): Language {
  try {
    const saved = localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return saved !== null && isLanguage(saved) ? saved : DEFAULT_LANGUAGE;
  } catch {
    return DEFAULT_LANGUAGE;
  }
}

async function fetchBundle(language: Language): Promise<ResourceLanguage> {
  const prefix = `../../../locales/${language}/`;
  const entries = Object.entries(lazyBundles).filter(([path]) => path.startsWith(prefix));
  const namespaces = await Promise.all(
    entries.map(
      async ([path, load]) => [path.slice(prefix.length, -'.json'.length), (await load()).default] as const,
    ),
  );
  return Object.fromEntries(namespaces);
}

async function ensureLoaded(language: Language): Promise<void> {
  if (language === DEFAULT_LANGUAGE || i18n.hasResourceBundle(language, 'common')) return;
  const bundle = await fetchBundle(language);
  for (const [ns, resources] of Object.entries(bundle))
    i18n.addResourceBundle(language, ns, resources, true, true);
}

function reflectLanguage(language: string): void {
  document.documentElement.lang = language;
}

/**
 * Resolves once the saved language is loaded: the app renders only after this (navigation rule 6).
 * Safe to call twice; the second call only switches to the saved language.
 */
export async function initI18n(): Promise<void> {
  let saved = readSavedLanguage();
  if (i18n.isInitialized) {
    await setLanguage(saved, { persist: false });
    return;
  }
  const resources: Resource = {
    [DEFAULT_LANGUAGE]: {
      common,
      auth,
      menu,
      settings,
      orders,
      agent,
      money,
      inventory,
      stock,
      customers,
      staff,
      exports,
      fulfilment,
      errors,
    },
  };
  if (saved !== DEFAULT_LANGUAGE) {
    try {
      resources[saved] = await fetchBundle(saved);
    } catch (error) {
      // A chunk that fails to load must not keep the app from starting: fall back to en-US.
      console.warn(`[i18n] could not load ${saved}; using ${DEFAULT_LANGUAGE}`, error);
      saved = DEFAULT_LANGUAGE;
    }
  }
  i18n.on('languageChanged', reflectLanguage);
  await i18n.use(initReactI18next).init({
    resources,
    lng: saved,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    ns: [...appNamespaces],
    defaultNS: 'common',
    partialBundledLanguages: true,
    interpolation: { escapeValue: false }, // React escapes already
    returnNull: false,
    showSupportNotice: false,
    // The spec asks for a console warning on a missing translation.
    saveMissing: true,
    missingKeyHandler: (languages, namespace, key) => {
      console.warn(`[i18n] missing translation "${namespace}:${key}" for ${languages.join(', ')}`);
    },
  });
  reflectLanguage(saved);
}

/** Loads the language's files if needed, switches to it and remembers it under the `Language` key. */
export async function setLanguage(language: Language, options: { persist?: boolean } = {}): Promise<void> {
  await ensureLoaded(language);
  await i18n.changeLanguage(language);
  if (options.persist !== false) localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
}

export function currentLanguage(): Language {
  const language = i18n.resolvedLanguage ?? i18n.language;
  return language !== undefined && isLanguage(language) ? language : DEFAULT_LANGUAGE;
}

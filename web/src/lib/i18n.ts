import i18next, { type Resource, type ResourceKey, type TFunction } from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';
import {
  DEFAULT_LANGUAGE,
  LANGUAGE_STORAGE_KEY,
  LANGUAGES,
  isLanguage,
  type Language,
} from '@nine/shared/constants';
import { appNamespaces, type AppNamespace } from './locale-namespaces.ts';

/** A t() that takes fully qualified keys ('auth:login.heading') of every namespace, checked at compile time. */
export type AppT = TFunction<typeof appNamespaces>;

export function useAppTranslation() {
  return useTranslation(appNamespaces);
}

/** The app's own i18next instance (not the global one), so tests and the app share one setup. */
export const i18n = i18next.createInstance();

// Every language and namespace is its own chunk, fetched when first wanted (spec section 7). The brace
// lists must match LANGUAGES and appNamespaces (a glob takes literals only); other files in locales/
// belong to the server.
const bundles = import.meta.glob<{ default: ResourceKey }>(
  '../../../locales/{en-US,es-ES,fr-FR}/{common,auth,menu,settings,orders,agent,money,inventory,stock,customers,staff,exports,fulfilment,errors,tours,participant}.json',
);

/** Namespaces asked for so far: a language switch loads the same set in the new language. */
const wanted = new Set<AppNamespace>();
const inFlight = new Map<string, Promise<ResourceKey>>();

function fetchNamespace(language: Language, ns: AppNamespace): Promise<ResourceKey> {
  const key = `${language}/${ns}`;
  let pending = inFlight.get(key);
  if (pending === undefined) {
    const load = bundles[`../../../locales/${key}.json`];
    if (load === undefined) return Promise.reject(new Error(`[i18n] no bundle ${key}`));
    pending = load().then(
      (module) => module.default,
      (error: unknown) => {
        // Forget a failed fetch, so the next attempt asks again.
        inFlight.delete(key);
        throw error;
      },
    );
    inFlight.set(key, pending);
  }
  return pending;
}

function languagesFor(language: Language): Language[] {
  // The fallback language answers keys a translation lacks, so it comes along.
  return language === DEFAULT_LANGUAGE ? [language] : [language, DEFAULT_LANGUAGE];
}

async function fetchResources(language: Language, namespaces: readonly AppNamespace[]): Promise<Resource> {
  const resources: Resource = {};
  await Promise.all(
    languagesFor(language).flatMap((lng) =>
      namespaces.map(async (ns) => {
        (resources[lng] ??= {})[ns] = await fetchNamespace(lng, ns);
      }),
    ),
  );
  return resources;
}

function missingNamespaces(language: Language, namespaces: readonly AppNamespace[]): AppNamespace[] {
  return namespaces.filter((ns) => languagesFor(language).some((lng) => !i18n.hasResourceBundle(lng, ns)));
}

export function readSavedLanguage(): Language {
  try {
    const saved = localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return saved !== null && isLanguage(saved) ? saved : DEFAULT_LANGUAGE;
  } catch {
    return DEFAULT_LANGUAGE;
  }
}

async function ensureLoaded(language: Language, namespaces: readonly AppNamespace[]): Promise<void> {
  const missing = missingNamespaces(language, namespaces);
  if (missing.length === 0) return;
  const resources = await fetchResources(language, missing);
  for (const [lng, bundle] of Object.entries(resources))
    for (const [ns, keys] of Object.entries(bundle)) {
      if (!i18n.hasResourceBundle(lng, ns)) i18n.addResourceBundle(lng, ns, keys, true, true);
    }
}

const loading = new Map<string, Promise<void>>();
// A settled promise React's use() reads without suspending.
const resolved = Object.assign(Promise.resolve(), { status: 'fulfilled' as const, value: undefined });

/**
 * Loads namespaces in the current language (and the fallback); the same promise for the same request
 * until it settles, so React's `use()` can wait on it. Resolved at once when all are there.
 */
export function loadNamespaces(namespaces: readonly AppNamespace[]): Promise<void> {
  for (const ns of namespaces) wanted.add(ns);
  const language = currentLanguage();
  if (missingNamespaces(language, namespaces).length === 0) return resolved;
  const key = `${language}|${namespaces.join(',')}`;
  let pending = loading.get(key);
  if (pending === undefined) {
    pending = ensureLoaded(language, namespaces).finally(() => loading.delete(key));
    loading.set(key, pending);
  }
  return pending;
}

/**
 * Starts fetching namespaces in the saved language (and the fallback) before i18n has started, so a later
 * `loadNamespaces` finds them on the way; adds nothing to i18n by itself.
 */
export function prefetchNamespaces(namespaces: readonly AppNamespace[]): void {
  for (const lng of languagesFor(readSavedLanguage()))
    for (const ns of namespaces) fetchNamespace(lng, ns).catch(() => undefined);
}

export function namespacesLoaded(namespaces: readonly AppNamespace[]): boolean {
  return missingNamespaces(currentLanguage(), namespaces).length === 0;
}

function reflectLanguage(language: string): void {
  document.documentElement.lang = language;
}

/**
 * Resolves once the saved language is loaded: the app renders only after this (navigation rule 6).
 * `namespaces` are loaded first (every one unless told: tests render any screen at once); the app starts
 * with `startNamespaces`. Safe to call twice; the second call only switches to the saved language.
 */
export async function initI18n({
  namespaces = appNamespaces,
}: { namespaces?: readonly AppNamespace[] } = {}): Promise<void> {
  let saved = readSavedLanguage();
  for (const ns of namespaces) wanted.add(ns);
  if (i18n.isInitialized) {
    await setLanguage(saved, { persist: false });
    return;
  }
  let resources: Resource;
  try {
    resources = await fetchResources(saved, [...wanted]);
  } catch (error) {
    if (saved === DEFAULT_LANGUAGE) throw error;
    // A chunk that fails to load must not keep the app from starting: fall back to en-US.
    console.warn(`[i18n] could not load ${saved}; using ${DEFAULT_LANGUAGE}`, error);
    saved = DEFAULT_LANGUAGE;
    resources = await fetchResources(saved, [...wanted]);
  }
  i18n.on('languageChanged', reflectLanguage);
  await i18n.use(initReactI18next).init({
    resources,
    lng: saved,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    ns: [...wanted],
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
  await ensureLoaded(language, [...wanted]);
  await i18n.changeLanguage(language);
  if (options.persist !== false) localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
}

export function currentLanguage(): Language {
  const language = i18n.resolvedLanguage ?? i18n.language;
  return language !== undefined && isLanguage(language) ? language : DEFAULT_LANGUAGE;
}

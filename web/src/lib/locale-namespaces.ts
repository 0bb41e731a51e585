// The app's i18next namespaces, one locale file each: plain data, so the build reads them too (the route
// preload script of vite.config.ts).
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
  'tours',
  'participant',
  'errors',
] as const;

export type AppNamespace = (typeof appNamespaces)[number];

/**
 * What a signed-out visitor needs (login and password pages, toasts, API errors). The signed-in world
 * loads the rest (`loadNamespaces`) before its first screen, so the login form waits for a few
 * kilobytes of text rather than all of it.
 */
export const startNamespaces = ['common', 'auth', 'errors'] as const satisfies readonly AppNamespace[];

/** What the public pages (landing, participant page, easy-sign) add to the start: their own words only. */
export const publicNamespaces = ['participant'] as const satisfies readonly AppNamespace[];

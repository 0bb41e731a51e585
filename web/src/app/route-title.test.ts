import { beforeAll, describe, expect, it } from 'vitest';
import { i18n, initI18n, namespacesLoaded } from '../lib/i18n.ts';
import { startNamespaces, type AppNamespace } from '../lib/locale-namespaces.ts';
import { routeTitle } from './route-access.ts';
import { findRoute } from './route-table.ts';

// The app's start: only the sign-in screens' namespaces are loaded.
beforeAll(async () => {
  await initI18n({ namespaces: startNamespaces });
});

const loaded = (ns: string) => namespacesLoaded([ns as AppNamespace]);

describe('the tab title before a screen’s words have loaded', () => {
  it('is the app’s name, not a raw key, for a signed-in screen visited signed out', () => {
    expect(routeTitle(findRoute('activitySettings'), i18n.t, loaded)).toBe('Nine');
  });

  it('is the screen’s own title once its namespace is there', () => {
    expect(routeTitle(findRoute('Login'), i18n.t, loaded)).toBe('Log in');
  });
});

import { beforeAll, describe, expect, it } from 'vitest';
import { i18n, initI18n, loadNamespaces, namespacesLoaded, setLanguage } from './i18n.ts';
import { startNamespaces } from './locale-namespaces.ts';

// The app's start: only what the login page needs is fetched; the signed-in world loads the rest.
beforeAll(async () => {
  await initI18n({ namespaces: startNamespaces });
});

describe('locale namespaces on demand', () => {
  it('starts with the login page namespaces only', () => {
    expect(i18n.t('auth:login.title')).toBe('Log in');
    expect(i18n.t('common:try_again')).toBe('Try again');
    expect(i18n.hasResourceBundle('en-US', 'errors')).toBe(true);
    expect(i18n.hasResourceBundle('en-US', 'orders')).toBe(false);
    expect(i18n.hasResourceBundle('en-US', 'stock')).toBe(false);
    expect(namespacesLoaded(['common', 'orders'])).toBe(false);
  });

  it('loads a namespace when asked, and the same request shares one promise', async () => {
    const first = loadNamespaces(['orders']);
    expect(loadNamespaces(['orders'])).toBe(first);
    await first;
    expect(i18n.hasResourceBundle('en-US', 'orders')).toBe(true);
    expect(i18n.hasResourceBundle('en-US', 'menu')).toBe(false);
    expect(namespacesLoaded(['common', 'orders'])).toBe(true);
  });

  it('switches language with every namespace asked for so far, and only those', async () => {
    await setLanguage('fr-FR', { persist: false });
    expect(i18n.t('common:try_again')).toBe('Réessayer');
    expect(i18n.hasResourceBundle('fr-FR', 'orders')).toBe(true);
    expect(i18n.hasResourceBundle('fr-FR', 'stock')).toBe(false);

    // Loading later in French also brings the English fallback of the same namespace.
    await loadNamespaces(['stock']);
    expect(i18n.hasResourceBundle('fr-FR', 'stock')).toBe(true);
    expect(i18n.hasResourceBundle('en-US', 'stock')).toBe(true);
    await setLanguage('en-US', { persist: false });
  });
});

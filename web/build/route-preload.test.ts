import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { routeTable } from '../src/app/route-table.ts';
import {
  buildManifest,
  pageModules,
  patternSource,
  preloadScript,
  type RoutePreloadOptions,
} from './route-preload.ts';

const pagesFile = resolve(import.meta.dirname, '../src/app/route-pages.tsx');

describe('pageModules', () => {
  it('finds the page module of every route in the route table, and each exists', () => {
    const pages = pageModules(readFileSync(pagesFile, 'utf8'), resolve(import.meta.dirname, '../src/app'));
    for (const route of routeTable) {
      expect(pages[route.name], route.name).toBeDefined();
      expect(existsSync(pages[route.name]!), pages[route.name]).toBe(true);
    }
  });
});

describe('patternSource', () => {
  it('matches as the router does: ids are numbers, other parameters one segment', () => {
    const match = (path: string, address: string) => new RegExp(patternSource(path), 'i').test(address);
    expect(match('/rent-orders/:id', '/rent-orders/12')).toBe(true);
    expect(match('/rent-orders/:id', '/rent-orders/new')).toBe(false);
    expect(match('/rent-orders/:id', '/rent-orders/12/print')).toBe(false);
    expect(match('/print-default/:printId', '/print-default/abc')).toBe(true);
    expect(match('/dashboard', '/dashboard/')).toBe(true);
    expect(match('/', '/')).toBe(true);
    expect(match('/', '/dashboard')).toBe(false);
  });
});

// A bundle as Rollup hands it over: an entry with its vendor chunk, two pages, a layout and locale files.
const chunk = (fileName: string, facadeModuleId: string | null, imports: string[] = [], isEntry = false) => ({
  type: 'chunk' as const,
  fileName,
  facadeModuleId,
  imports,
  isEntry,
  moduleIds: facadeModuleId ? [facadeModuleId] : [],
});
const bundle = Object.fromEntries(
  [
    chunk('assets/index.js', '/src/main.tsx', ['assets/vendor.js'], true),
    chunk('assets/vendor.js', null),
    chunk('assets/login.js', '/src/pages/login.tsx', ['assets/form.js', 'assets/vendor.js']),
    chunk('assets/form.js', null),
    chunk('assets/dash.js', '/src/pages/dash.tsx', ['assets/card.js']),
    chunk('assets/card.js', null),
    chunk('assets/layout.js', '/src/layout.tsx', ['assets/menu-code.js']),
    chunk('assets/menu-code.js', null),
    ...['en-US', 'es-ES'].flatMap((lng) =>
      ['common', 'auth', 'menu'].map((ns) => chunk(`assets/${lng}-${ns}.js`, `/locales/${lng}/${ns}.json`)),
    ),
  ].map((c) => [c.fileName, c]),
);
const options: RoutePreloadOptions = {
  routes: [
    { name: 'Login', path: '/auth/login', layout: 'auth', noAuth: true },
    { name: 'Dash', path: '/dashboard', layout: 'dashboard' },
    { name: 'NotFound', path: '*', layout: 'dashboard' },
  ],
  pages: { Login: '/src/pages/login.tsx', Dash: '/src/pages/dash.tsx' },
  dashboardLayout: '/src/layout.tsx',
  locale: (lng, ns) => `/locales/${lng}/${ns}.json`,
  languages: ['en-US', 'es-ES'],
  defaultLanguage: 'en-US',
  startNamespaces: ['common', 'auth'],
  appNamespaces: ['common', 'auth', 'menu'],
  base: '/nine',
  loginRoute: 'Login',
  sessionKey: 'nine.session',
  languageKey: 'Language',
};

/** Runs the inline script at an address with the given storage; answers the addresses it preloaded. */
function preloadsAt(pathname: string, storage: Record<string, string>): string[] {
  const script = preloadScript(buildManifest(bundle as never, options), options);
  const links: { rel: string; href: string; crossOrigin: string | null }[] = [];
  const document = {
    createElement: () => ({ rel: '', href: '', crossOrigin: null }),
    head: { appendChild: (link: (typeof links)[number]) => links.push(link) },
  };
  const localStorage = { getItem: (key: string) => storage[key] ?? null };
  new Function('location', 'localStorage', 'document', script)({ pathname }, localStorage, document);
  for (const link of links) {
    expect(link.rel).toBe('modulepreload');
    expect(link.crossOrigin).toBe('');
  }
  return links.map((l) => l.href).sort();
}

describe('the preload script', () => {
  it('asks for the sign-in screen and its text, not what the start already loads', () => {
    expect(preloadsAt('/nine/auth/login', {})).toEqual(
      [
        '/nine/assets/en-US-auth.js',
        '/nine/assets/en-US-common.js',
        '/nine/assets/form.js',
        '/nine/assets/login.js',
      ].sort(),
    );
  });

  it('asks for a signed-in screen, its layout and all its text in the saved language and the fallback', () => {
    expect(preloadsAt('/nine/dashboard', { 'nine.session': 'x', Language: 'es-ES' })).toEqual(
      [
        '/nine/assets/dash.js',
        '/nine/assets/card.js',
        '/nine/assets/layout.js',
        '/nine/assets/menu-code.js',
        ...['en-US', 'es-ES'].flatMap((lng) =>
          ['common', 'auth', 'menu'].map((ns) => `/nine/assets/${lng}-${ns}.js`),
        ),
      ].sort(),
    );
  });

  it('asks for the sign-in screen where a signed-out visitor is sent, and nothing for an unknown address', () => {
    expect(preloadsAt('/nine/dashboard', {})).toEqual(preloadsAt('/nine/auth/login', {}));
    expect(preloadsAt('/nine/no-such-screen', { 'nine.session': 'x' })).toEqual([]);
  });
});

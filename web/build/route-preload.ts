import { readFileSync } from 'node:fs';
import type { Plugin, Rollup } from 'vite';

type OutputBundle = Rollup.OutputBundle;
type OutputChunk = Rollup.OutputChunk;

/** What the plugin needs of a route: the route table's own rows. */
export interface PreloadRoute {
  name: string;
  /** wouter pattern under the app base; '*' (the catch-all) is skipped. */
  path: string;
  layout: string;
  noAuth?: boolean;
}

export interface RoutePreloadOptions {
  routes: readonly PreloadRoute[];
  /** Route name to the absolute path of its page module. */
  pages: Record<string, string>;
  /** Absolute path of the signed-in layout's module, loaded with every 'dashboard' route. */
  dashboardLayout: string;
  /** Absolute path of one locale file: `locale('en-US', 'common')`. */
  locale: (language: string, namespace: string) => string;
  languages: readonly string[];
  defaultLanguage: string;
  /** What a signed-out screen waits for, and what a signed-in one does. */
  startNamespaces: readonly string[];
  appNamespaces: readonly string[];
  base: string;
  /** The route a signed-in screen sends a visitor without a session to. */
  loginRoute: string;
  sessionKey: string;
  languageKey: string;
}

/**
 * The route table's page loaders (`name: page(() => import('./pages/x.tsx'), 'X')`), read from the source:
 * route name to the page module's path, absolute from `dir`.
 */
export function pageModules(source: string, dir: string): Record<string, string> {
  const pages: Record<string, string> = {};
  for (const m of source.matchAll(/(?:'([\w-]+)'|(\w+)):\s*page\(\s*\(\)\s*=>\s*import\('([^']+)'\)/g))
    pages[m[1] ?? m[2]!] = new URL(m[3]!, `file://${dir}/`).pathname;
  return pages;
}

/** A wouter pattern as a regular expression on the path under the base (ids are numbers, as the router wants). */
export function patternSource(path: string): string {
  const body = path
    .split('/')
    .map((part) =>
      part === ':id'
        ? '\\d{1,15}'
        : part.startsWith(':')
          ? '[^/]+'
          : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
    )
    .join('/');
  return `^${body === '' ? '/' : body}/?$`;
}

interface Manifest {
  files: string[];
  /** language → namespace → index in `files` */
  locales: Record<string, Record<string, number>>;
  /** [pattern, file indexes, signed in] in the route table's order */
  routes: [string, number[], boolean][];
}

/** Which chunk files each route needs beyond the start, from the finished bundle. */
export function buildManifest(bundle: OutputBundle, options: RoutePreloadOptions): Manifest {
  const chunks = Object.values(bundle).filter((c): c is OutputChunk => c.type === 'chunk');
  const byFile = new Map(chunks.map((c) => [c.fileName, c]));
  const byModule = new Map(chunks.filter((c) => c.facadeModuleId).map((c) => [c.facadeModuleId!, c]));
  const closure = (start: OutputChunk): Set<string> => {
    const seen = new Set<string>();
    const stack = [start.fileName];
    while (stack.length > 0) {
      const file = stack.pop()!;
      if (seen.has(file)) continue;
      seen.add(file);
      stack.push(...(byFile.get(file)?.imports ?? []));
    }
    return seen;
  };
  // index.html already preloads the entry and what it imports.
  const entry = chunks.find((c) => c.isEntry);
  if (!entry) throw new Error('route-preload: the bundle has no entry');
  const atStart = closure(entry);
  // A page module other chunks import statically lives inside one of them, not in a chunk of its own.
  const chunkOf = (module: string): OutputChunk => {
    const chunk = byModule.get(module) ?? chunks.find((c) => c.moduleIds.includes(module));
    if (!chunk) throw new Error(`route-preload: no chunk starts at ${module}`);
    return chunk;
  };
  const files: string[] = [];
  const index = (file: string) => {
    const at = files.indexOf(file);
    return at >= 0 ? at : files.push(file) - 1;
  };
  const needs = (module: string) => [...closure(chunkOf(module))].filter((f) => !atStart.has(f));

  const locales: Manifest['locales'] = {};
  for (const language of options.languages)
    for (const ns of options.appNamespaces)
      (locales[language] ??= {})[ns] = index(chunkOf(options.locale(language, ns)).fileName);

  const routes: Manifest['routes'] = [];
  for (const route of options.routes) {
    if (route.path === '*') continue;
    const page = options.pages[route.name];
    if (!page) throw new Error(`route-preload: route ${route.name} has no page module`);
    const wanted = new Set(needs(page));
    if (route.layout === 'dashboard') for (const f of needs(options.dashboardLayout)) wanted.add(f);
    routes.push([patternSource(route.path), [...wanted].map(index), !route.noAuth]);
  }
  return { files, locales, routes };
}

/**
 * The inline script: before the app's own scripts run, asks for the chunks the address's screen needs (its
 * page, the signed-in layout, the text of the saved language), so they arrive while the start runs instead
 * of one after another once it has rendered. A signed-in screen without a saved session gets the sign-in
 * screen's instead, where it is sent. Only hints: a wrong guess costs a download, never behaviour.
 */
export function preloadScript(manifest: Manifest, options: RoutePreloadOptions): string {
  const login = options.routes.find((r) => r.name === options.loginRoute);
  if (!login) throw new Error(`route-preload: no route ${options.loginRoute}`);
  const data = {
    ...manifest,
    base: options.base,
    login: patternSource(login.path),
    session: options.sessionKey,
    language: options.languageKey,
    languages: options.languages,
    fallback: options.defaultLanguage,
    start: options.startNamespaces,
    all: options.appNamespaces,
  };
  return `(function (d) {
  try {
    var path = location.pathname;
    if (path.toLowerCase().indexOf(d.base.toLowerCase()) === 0) path = path.slice(d.base.length) || '/';
    var signedIn = localStorage.getItem(d.session) !== null;
    var find = function (pattern) {
      for (var i = 0; i < d.routes.length; i++) if (d.routes[i][0] === pattern) return d.routes[i];
    };
    var route = null;
    for (var i = 0; i < d.routes.length; i++)
      if (new RegExp(d.routes[i][0], 'i').test(path)) { route = d.routes[i]; break; }
    if (!route) return;
    if (route[2] && !signedIn) route = find(d.login);
    var saved = localStorage.getItem(d.language);
    var language = d.languages.indexOf(saved) >= 0 ? saved : d.fallback;
    var languages = language === d.fallback ? [language] : [language, d.fallback];
    var wanted = route[1].slice();
    var namespaces = route[2] ? d.all : d.start;
    for (var l = 0; l < languages.length; l++)
      for (var n = 0; n < namespaces.length; n++) wanted.push(d.locales[languages[l]][namespaces[n]]);
    for (var w = 0; w < wanted.length; w++) {
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = d.base + '/' + d.files[wanted[w]];
      document.head.appendChild(link);
    }
  } catch (e) {}
})(${JSON.stringify(data)});`;
}

/** Adds the inline preload script to the built index.html, before the app's scripts. */
export function routePreload(options: Omit<RoutePreloadOptions, 'pages'> & { pagesFile: string }): Plugin {
  return {
    name: 'nine-route-preload',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        if (!ctx.bundle) return;
        const pages = pageModules(
          readFileSync(options.pagesFile, 'utf8'),
          options.pagesFile.slice(0, options.pagesFile.lastIndexOf('/')),
        );
        const full = { ...options, pages };
        return [
          {
            tag: 'script',
            children: preloadScript(buildManifest(ctx.bundle, full), full),
            injectTo: 'head-prepend',
          },
        ];
      },
    },
  };
}

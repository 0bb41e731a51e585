/// <reference types="vitest/config" />
import react from '@vitejs/plugin-react';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import {
  APP_BASE,
  DEFAULT_LANGUAGE,
  LANGUAGES,
  LANGUAGE_STORAGE_KEY,
  SESSION_STORAGE_KEY,
} from '../shared/src/constants.ts';
import { routePreload } from './build/route-preload.ts';
import { routeTable } from './src/app/route-table.ts';
import { appNamespaces, startNamespaces } from './src/lib/locale-namespaces.ts';

// The server serves web/dist under /nine/ with an SPA fallback, so assets must resolve from there.
const apiTarget = `http://127.0.0.1:${process.env.NINE_SERVER_PORT ?? '3000'}`;

/**
 * Libraries every screen (the login form included) runs on go into a few vendor chunks that change only
 * when a dependency does, so they stay cached across deploys and route chunks stay small. Libraries only
 * some pages use (tables, barcodes) are left to Rollup, which puts them with those pages.
 */
const VENDOR_CHUNKS: Record<string, RegExp> = {
  react: /^(react|react-dom|scheduler)$/,
  // Chakra's styling engine only: its components and the Ark/Zag machines behind them (dialogs, popovers,
  // tabs, QR codes) stay with the pages that draw them, so the login form does not load every widget.
  ui: /^(@chakra-ui\/.*|@emotion\/.*|@pandacss\/.*|stylis)$/,
  vendor:
    /^(@tanstack\/react-query|@tanstack\/query-core|i18next|react-i18next|zod|xstate|@xstate\/.*|ky|wouter|regexparam|react-hook-form|@hookform\/.*)$/,
};

const CHAKRA_ENGINE =
  /^@chakra-ui\/react\/dist\/esm\/(styled-system\/|preset-base\.js|theme\/(tokens\/|semantic-tokens\/|(breakpoints|global-css|layer-styles|motion-styles|text-styles)\.js))/;

function vendorChunk(id: string): string | undefined {
  const at = id.lastIndexOf('/node_modules/');
  if (at === -1) return undefined;
  const path = id.slice(at + '/node_modules/'.length);
  // A module assigned to a chunk is kept with its top-level code even when nothing uses it (and Rollup
  // adds its dependencies), so of Chakra only the styling engine and its tokens are assigned: recipes
  // and components are left to tree shaking, the theme keeping only the recipes app/theme.ts names.
  if (path.startsWith('@chakra-ui/') && !CHAKRA_ENGINE.test(path)) return undefined;
  const name = /^(?:@[^/]+\/)?[^/]+/.exec(path)?.[0] ?? '';
  return Object.keys(VENDOR_CHUNKS).find((chunk) => VENDOR_CHUNKS[chunk]!.test(name));
}

/**
 * Writes `.br` (best quality) and `.gz` beside every text file of the build above 1 KiB, so the server
 * sends them as they are (@fastify/static `preCompressed`) instead of compressing on every request.
 */
function precompress(): Plugin {
  const TEXT = /\.(js|mjs|css|html|svg|json|txt)$/;
  const MIN_BYTES = 1024;
  const br = promisify(brotliCompress);
  const gz = promisify(gzip);
  let outDir = 'dist';
  return {
    name: 'nine-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = (await readdir(outDir, { recursive: true })).filter((f) => TEXT.test(f));
      await Promise.all(
        files.map(async (file) => {
          const path = join(outDir, file);
          const raw = await readFile(path);
          if (raw.length < MIN_BYTES) return;
          const [brotli, gzipped] = await Promise.all([
            br(raw, {
              params: {
                [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
                [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
              },
            }),
            gz(raw, { level: constants.Z_BEST_COMPRESSION }),
          ]);
          // A file that does not shrink is served as it is.
          if (brotli.length < raw.length) await writeFile(`${path}.br`, brotli);
          if (gzipped.length < raw.length) await writeFile(`${path}.gz`, gzipped);
        }),
      );
    },
  };
}

export default defineConfig({
  base: `${APP_BASE}/`,
  plugins: [
    react(),
    routePreload({
      routes: routeTable,
      pagesFile: resolve(import.meta.dirname, 'src/app/route-pages.tsx'),
      dashboardLayout: resolve(import.meta.dirname, 'src/app/layouts/dashboard-layout.tsx'),
      locale: (language, ns) => resolve(import.meta.dirname, `../locales/${language}/${ns}.json`),
      languages: LANGUAGES,
      defaultLanguage: DEFAULT_LANGUAGE,
      startNamespaces,
      appNamespaces,
      base: APP_BASE,
      loginRoute: 'Login',
      sessionKey: SESSION_STORAGE_KEY,
      languageKey: LANGUAGE_STORAGE_KEY,
    }),
    precompress(),
  ],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Chakra + React land in one vendor chunk; the app itself is small.
    chunkSizeWarningLimit: 1200,
    rollupOptions: {
      onwarn(warning, warn) {
        // zod ships comments Rollup cannot place; harmless, and not ours to fix.
        if (warning.code === 'INVALID_ANNOTATION' && warning.id?.includes('node_modules')) return;
        warn(warning);
      },
      output: { manualChunks: vendorChunk },
    },
  },
  server: {
    proxy: { '/api': { target: apiTarget, changeOrigin: false } },
  },
  preview: {
    proxy: { '/api': { target: apiTarget, changeOrigin: false } },
  },
  test: {
    environment: 'happy-dom',
    environmentOptions: { happyDOM: { url: 'http://localhost/nine/' } },
    setupFiles: ['./src/testing/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}', 'build/**/*.test.ts'],
    restoreMocks: true,
  },
});

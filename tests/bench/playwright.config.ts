// First: it turns PORT, AGENT_PORT into the E2E_* ports the end-to-end config reads when it loads.
import './bench-env.ts';
import { defineConfig } from '@playwright/test';
import { resolve } from 'node:path';
import e2eConfig from '../playwright.config.ts';

// `pnpm --filter @nine/tests bench`: the end-to-end world (same server start, ports, browser and flags
// as the end-to-end tests) for the benches in this folder. Not run by `pnpm test`, whose config only
// looks in e2e/. The web app must be built first (the root `pnpm bench` does it).
const server = e2eConfig.webServer;
if (!server || Array.isArray(server)) throw new Error('bench: the end-to-end config should start one server');

export default defineConfig({
  ...e2eConfig,
  testDir: '.',
  testMatch: ['first-load.ts', 'pages.ts'],
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
  // Kept apart from the end-to-end tests' artefacts, which a run here would otherwise wipe.
  outputDir: '../test-results/bench',
  timeout: 180_000,
  workers: 1,
  webServer: { ...server, cwd: resolve(import.meta.dirname, '..') },
});

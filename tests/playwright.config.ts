import { defineConfig } from '@playwright/test';
import { e2e } from './e2e-env.mjs';

// Tests reach the database (to prepare state) and the mail outbox through these.
process.env.E2E_DATABASE_URL = e2e.databaseUrl;
process.env.E2E_OUTBOX_DIR = e2e.outboxDir;
process.env.E2E_AGENT_PORT = String(e2e.agentPort);
process.env.E2E_AGENT_DATA_DIR = e2e.agentDataDir;

// Debian's Chromium: browsers cannot be downloaded on these machines (see README).
const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export default defineConfig({
  testDir: './e2e',
  timeout: 30_000,
  expect: { timeout: 10_000 },
  forbidOnly: !!process.env.CI,
  retries: 0,
  workers: 2,
  reporter: [['list']],
  use: {
    baseURL: e2e.baseUrl,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  // The settings specs change what every other spec relies on (a tax rate, registers, holidays): they run
  // after all the others.
  projects: [
    { name: 'chromium', use: { browserName: 'chromium' }, testIgnore: /settings-.*\.spec\.ts$/ },
    {
      name: 'settings',
      use: { browserName: 'chromium' },
      testMatch: /settings-.*\.spec\.ts$/,
      dependencies: ['chromium'],
    },
  ],
  webServer: {
    command: 'node e2e-server.mjs',
    url: `${e2e.baseUrl}/api/health`,
    timeout: 180_000,
    reuseExistingServer: false,
    // Without it Playwright kills the world outright: PostgreSQL's temporary folder (half a gigabyte) stayed.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
    stdout: 'pipe',
    stderr: 'pipe',
  },
});

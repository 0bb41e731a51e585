/**
 * First-load JavaScript (`pnpm bench`, through bench/playwright.config.ts): the built web app on the real
 * server in the end-to-end world, loaded by Chromium with an empty cache. Every script response is
 * recorded while the login page loads, then while the demo admin signs in and the dashboard appears,
 * then once more for the dashboard opened directly by a signed-in browser with an empty cache.
 * Prints a table and writes the figures to DATA_DIR/bench/first-load.json (default .data/bench).
 * Figures only, no thresholds.
 */
import { expect, test, type Page, type Request, type Response } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { benchDir, repoRoot } from './bench-env.ts';
import { settledSession } from './saved-session.ts';

const ADMIN = { email: 'admin@nine.test', password: 'Nine-demo-1' };
// A page has finished loading scripts once none is in flight and none has started for this long.
const QUIET_MS = 1_500;
const SETTLE_LIMIT_MS = 30_000;
const outFile = resolve(benchDir, 'first-load.json');

type Script = {
  path: string;
  rawBytes: number;
  /** The bytes on the wire when the server compressed it (br or gzip), else zlib level 6 of the body. */
  gzipBytes: number;
  /** zlib level 6 of the body whatever was sent: comparable across builds and servers. */
  gzip6Bytes: number;
  contentEncoding: string | null;
};
type Row = {
  page: string;
  requests: number;
  rawBytes: number;
  gzipBytes: number;
  gzip6Bytes: number;
  scripts: Script[];
};

function isScript(request: Request): boolean {
  return request.resourceType() === 'script' || /\.m?js$/.test(new URL(request.url()).pathname);
}

async function measure(response: Response): Promise<Script> {
  const body = await response.body();
  const contentEncoding = (await response.allHeaders())['content-encoding'] ?? null;
  const gzip6Bytes = gzipSync(body, { level: 6 }).length;
  const gzipBytes = contentEncoding ? (await response.request().sizes()).responseBodySize : gzip6Bytes;
  return {
    path: new URL(response.url()).pathname,
    rawBytes: body.length,
    gzipBytes,
    gzip6Bytes,
    contentEncoding,
  };
}

/** Records every script the page loads (once per URL) and tells when loading has gone quiet. */
function recordScripts(page: Page) {
  const scripts = new Map<string, Promise<Script>>();
  const failures: string[] = [];
  const inFlight = new Set<Request>();
  let lastActivity = Date.now();
  page.on('request', (request) => {
    if (!isScript(request)) return;
    inFlight.add(request);
    lastActivity = Date.now();
  });
  const finished = (request: Request) => {
    if (inFlight.delete(request)) lastActivity = Date.now();
  };
  page.on('requestfinished', finished);
  page.on('requestfailed', (request) => {
    if (isScript(request)) failures.push(`${request.url()}: ${request.failure()?.errorText}`);
    finished(request);
  });
  page.on('response', (response) => {
    if (!isScript(response.request())) return;
    if (!response.ok()) failures.push(`${response.url()}: HTTP ${response.status()}`);
    else if (!scripts.has(response.url())) scripts.set(response.url(), measure(response));
  });
  return {
    failures,
    async settle() {
      const deadline = Date.now() + SETTLE_LIMIT_MS;
      while (inFlight.size > 0 || Date.now() - lastActivity < QUIET_MS) {
        if (Date.now() > deadline) throw new Error('bench: scripts kept loading for 30 s');
        await page.waitForTimeout(100);
      }
      return Promise.all(scripts.values());
    },
  };
}

function row(page: string, scripts: Script[]): Row {
  const sum = (key: 'rawBytes' | 'gzipBytes' | 'gzip6Bytes') =>
    scripts.reduce((total, s) => total + s[key], 0);
  const sorted = [...scripts].sort((a, b) => a.path.localeCompare(b.path));
  return {
    page,
    requests: scripts.length,
    rawBytes: sum('rawBytes'),
    gzipBytes: sum('gzipBytes'),
    gzip6Bytes: sum('gzip6Bytes'),
    scripts: sorted,
  };
}

async function showDashboard(page: Page) {
  // Someone working in several locations chooses one first (the demo admin does).
  const heading = page.getByRole('heading', { name: 'Dashboard', level: 1 });
  const chooser = page.getByRole('alertdialog', { name: 'Choose a location' });
  await expect(heading.or(chooser)).toBeVisible();
  if (await chooser.isVisible()) await chooser.getByRole('button', { name: 'Harbor Front' }).click();
  await expect(page).toHaveURL(/\/nine\/dashboard$/);
  await expect(heading).toBeVisible();
}

function git(...args: string[]): string {
  try {
    return execFileSync('git', args, { cwd: repoRoot, encoding: 'utf8' }).trim();
  } catch {
    return '';
  }
}

test('first-load JavaScript of the login page and the dashboard', async ({ page, browser, baseURL }) => {
  const recorder = recordScripts(page);
  await page.goto('/nine/auth/login');
  await expect(page.getByRole('heading', { name: 'Log Into Your Account' })).toBeVisible();
  const login = await recorder.settle();

  await page.getByLabel('Email', { exact: true }).fill(ADMIN.email);
  await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await showDashboard(page);
  const loginPaths = new Set(login.map((s) => s.path));
  const afterSignIn = await recorder.settle();
  const added = afterSignIn.filter((s) => !loginPaths.has(s.path));

  // The same dashboard opened directly: the session carried over, the cache empty.
  const storageState = await settledSession(browser, baseURL!, await page.context().storageState());
  const direct = await browser.newContext({ baseURL, storageState });
  const directPage = await direct.newPage();
  const directRecorder = recordScripts(directPage);
  await directPage.goto('/nine/dashboard');
  await showDashboard(directPage);
  const opened = await directRecorder.settle();
  await direct.close();

  const rows = [
    row('login page (/nine/auth/login)', login),
    row('dashboard, added after sign-in', added),
    row('login + dashboard', afterSignIn),
    row('dashboard opened directly', opened),
  ];
  const encodings = new Set(rows.flatMap((r) => r.scripts.map((s) => s.contentEncoding)));
  const sent = [...encodings].map((e) => e ?? 'identity').join(', ');
  const compression =
    encodings.size === 1 && encodings.has(null)
      ? 'the server sends scripts uncompressed: "as sent" is each body at zlib level 6'
      : `scripts arrive as ${sent}: "as sent" is the bytes transferred (an uncompressed one at zlib level 6)`;

  const n = (v: number) => v.toLocaleString('en-US');
  const lines = [
    `\nFirst-load JavaScript, Chromium, empty cache; ${compression}`,
    `${'page'.padEnd(32)} ${'JS requests'.padStart(11)} ${'raw bytes'.padStart(11)} ${'as sent'.padStart(11)} ${'gzip-6'.padStart(11)}`,
    ...rows.map(
      (r) =>
        `${r.page.padEnd(32)} ${String(r.requests).padStart(11)} ${n(r.rawBytes).padStart(11)} ${n(r.gzipBytes).padStart(11)} ${n(r.gzip6Bytes).padStart(11)}`,
    ),
  ];
  mkdirSync(resolve(outFile, '..'), { recursive: true });
  const commit = git('rev-parse', 'HEAD');
  const dirty = git('status', '--porcelain', '--untracked-files=no') !== '';
  writeFileSync(
    outFile,
    `${JSON.stringify({ measuredAt: new Date().toISOString(), commit, dirty, compression, rows }, null, 2)}\n`,
  );
  process.stdout.write(`${lines.join('\n')}\nwritten to ${outFile}\n`);

  expect([...recorder.failures, ...directRecorder.failures]).toEqual([]);
});

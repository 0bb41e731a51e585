/**
 * Page loads (`pnpm bench`, through bench/playwright.config.ts): the login page, the dashboard (signed in),
 * the rent order list and the tour events calendar, each loaded cold (a fresh browser context: empty cache, the session carried
 * over in storage) RUNS times after one discarded warm-up load that wakes the server. Per load, measured in
 * the page against its navigation start: LCP ('largest-contentful-paint', buffered), the start of the first
 * API request, the frame where the page's content appears (the login form, the dashboard's figures, the
 * list's rows) and the JavaScript the browser received until the network went quiet (Resource Timing
 * encodedBodySize: the compressed bytes when the server compresses, the whole body when it does not).
 * Prints the medians beside the targets and writes every load to DATA_DIR/bench/pages.json.
 * Figures only, no thresholds.
 */
import { expect, test, type Browser, type BrowserContextOptions } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { benchDir, repoRoot } from './bench-env.ts';
import { settledSession } from './saved-session.ts';

const ADMIN = { email: 'admin@nine.test', password: 'Nine-demo-1' };
const RUNS = 5;
const outFile = resolve(benchDir, 'pages.json');
const KIB = 1024;

type PageSpec = {
  name: string;
  path: string;
  signedIn: boolean;
  /** CSS selector of what the person waits for; its first frame is the "content" time. */
  content: string;
  contentLabel: string;
  targets: { lcpMs?: number; contentMs?: number; jsKiB?: number };
};

const PAGES: PageSpec[] = [
  {
    name: 'login',
    path: '/nine/auth/login',
    signedIn: false,
    content: 'main form input[type="password"]',
    contentLabel: 'login form',
    targets: { lcpMs: 400, jsKiB: 150 },
  },
  {
    name: 'dashboard',
    path: '/nine/dashboard',
    signedIn: true,
    // A summary card no longer busy: today's figures arrived.
    content: 'main section[aria-labelledby][aria-busy="false"]',
    contentLabel: 'figures',
    targets: { lcpMs: 800, jsKiB: 250 },
  },
  {
    name: 'rent order list',
    path: '/nine/rent-orders',
    signedIn: true,
    content: 'main table tbody tr td a',
    contentLabel: 'rows',
    targets: { contentMs: 1000 },
  },
  {
    // FullCalendar comes with this page's chunk only, so its JavaScript shows here (issue #19).
    name: 'tour calendar',
    path: '/nine/tours/events/calendar',
    signedIn: true,
    // The month's departures drawn (the seeded season has some in every month).
    content: 'main section[aria-busy="false"] .fc-event',
    contentLabel: 'events',
    targets: {},
  },
];

type Load = {
  lcpMs: number | null;
  /** What the largest paint was: tag, test id or role, and the start of its text. */
  lcpElement: string | null;
  firstApiMs: number | null;
  contentMs: number | null;
  jsRequests: number;
  /** Bytes of script bodies as transferred (compressed when the server compressed them). */
  jsTransferredBytes: number;
  jsDecodedBytes: number;
  jsEncodings: string[];
  /** Every script and API request of the load: path, start and end in ms, to see what waited on what. */
  timeline: [string, number, number][];
};

// In-page code as text: the tests compile without the DOM library. Installed before the app's scripts run.
const INSTALL = `(() => {
  performance.setResourceTimingBufferSize(2000);
  const bench = (window.__nineBench = { lcp: null, lcpElement: null, content: null, seen: false });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      bench.lcp = entry.startTime;
      const el = entry.element;
      bench.lcpElement = el
        ? [el.tagName.toLowerCase(), el.getAttribute('data-testid') || el.getAttribute('role') || '',
           (el.textContent || '').trim().slice(0, 40)].filter(Boolean).join(' ')
        : null;
    }
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  const check = () => {
    if (bench.seen || !document.querySelector(window.__nineBenchContent)) return;
    bench.seen = true;
    requestAnimationFrame((frame) => (bench.content = frame));
  };
  new MutationObserver(check).observe(document, { childList: true, subtree: true, attributes: true });
})();`;

const COLLECT = `(() => {
  const scripts = performance.getEntriesByType('resource').filter(
    (e) => e.initiatorType === 'script' || /\\.m?js$/.test(new URL(e.name).pathname),
  );
  const api = performance
    .getEntriesByType('resource')
    .filter((e) => new URL(e.name).pathname.startsWith('/api/'))
    .map((e) => e.startTime);
  return {
    lcpMs: window.__nineBench.lcp,
    lcpElement: window.__nineBench.lcpElement,
    contentMs: window.__nineBench.content,
    firstApiMs: api.length ? Math.min(...api) : null,
    jsRequests: scripts.length,
    jsTransferredBytes: scripts.reduce((sum, e) => sum + e.encodedBodySize, 0),
    jsDecodedBytes: scripts.reduce((sum, e) => sum + e.decodedBodySize, 0),
    timeline: performance
      .getEntriesByType('resource')
      .map((e) => [new URL(e.name).pathname, Math.round(e.startTime), Math.round(e.responseEnd)]),
  };
})()`;

async function coldLoad(browser: Browser, options: BrowserContextOptions, spec: PageSpec): Promise<Load> {
  const context = await browser.newContext(options);
  try {
    const page = await context.newPage();
    await page.addInitScript(`window.__nineBenchContent = ${JSON.stringify(spec.content)};\n${INSTALL}`);
    const encodings = new Set<string>();
    page.on('response', (response) => {
      if (/\.m?js$/.test(new URL(response.url()).pathname))
        encodings.add(response.headers()['content-encoding'] ?? 'identity');
    });
    await page.goto(spec.path);
    await expect(page.locator(spec.content).first()).toBeVisible({ timeout: 30_000 });
    // Scripts a route fetches after its content (lazy chunks, prefetches) count too.
    await page.waitForLoadState('networkidle');
    const load = (await page.evaluate(COLLECT)) as Omit<Load, 'jsEncodings'>;
    return { ...load, jsEncodings: [...encodings].sort() };
  } finally {
    await context.close();
  }
}

function median(values: (number | null)[]): number | null {
  const known = values.filter((v): v is number => v !== null).sort((a, b) => a - b);
  if (known.length === 0) return null;
  const mid = Math.floor(known.length / 2);
  return known.length % 2 ? known[mid]! : (known[mid - 1]! + known[mid]!) / 2;
}

function git(...args: string[]): string {
  try {
    return execFileSync('git', args, { cwd: repoRoot, encoding: 'utf8' }).trim();
  } catch {
    return '';
  }
}

test('page loads: LCP, first API call, content and first-load JavaScript', async ({ browser, baseURL }) => {
  // One sign-in for every signed-in load; the demo admin works in several locations and chooses one.
  const setup = await browser.newContext({ baseURL });
  const signIn = await setup.newPage();
  await signIn.goto('/nine/auth/login');
  await signIn.getByLabel('Email', { exact: true }).fill(ADMIN.email);
  await signIn.getByLabel('Password', { exact: true }).fill(ADMIN.password);
  await signIn.getByRole('button', { name: 'Sign in', exact: true }).click();
  const chooser = signIn.getByRole('alertdialog', { name: 'Choose a location' });
  const heading = signIn.getByRole('heading', { name: 'Dashboard', level: 1 });
  await expect(heading.or(chooser)).toBeVisible();
  if (await chooser.isVisible()) await chooser.getByRole('button', { name: 'Harbor Front' }).click();
  await expect(heading).toBeVisible();
  const storageState = await settledSession(browser, baseURL!, await setup.storageState());
  await setup.close();

  const results = [];
  for (const spec of PAGES) {
    const options: BrowserContextOptions = spec.signedIn ? { baseURL, storageState } : { baseURL };
    await coldLoad(browser, options, spec);
    const loads: Load[] = [];
    for (let run = 0; run < RUNS; run++) loads.push(await coldLoad(browser, options, spec));
    const med = (
      key: 'lcpMs' | 'firstApiMs' | 'contentMs' | 'jsRequests' | 'jsTransferredBytes' | 'jsDecodedBytes',
    ) => median(loads.map((l) => l[key]));
    results.push({
      page: spec.name,
      path: spec.path,
      content: spec.contentLabel,
      targets: spec.targets,
      median: {
        lcpMs: med('lcpMs'),
        firstApiMs: med('firstApiMs'),
        contentMs: med('contentMs'),
        jsRequests: med('jsRequests'),
        jsTransferredBytes: med('jsTransferredBytes'),
        jsDecodedBytes: med('jsDecodedBytes'),
      },
      encodings: [...new Set(loads.flatMap((l) => l.jsEncodings))].sort(),
      loads,
    });
  }

  const ms = (v: number | null) => (v === null ? '-' : v.toFixed(0));
  const kib = (v: number | null) => (v === null ? '-' : (v / KIB).toFixed(1));
  const vs = (value: number | null, target: number | undefined, unit: string) =>
    target === undefined ? '' : `<= ${target} ${unit} ${value !== null && value <= target ? 'ok' : 'OVER'}`;
  const header = [
    'page'.padEnd(16),
    'LCP ms'.padStart(7),
    'target'.padEnd(15),
    '1st API ms'.padStart(10),
    'content ms'.padStart(10),
    'target'.padEnd(16),
    'JS req'.padStart(6),
    'JS KiB'.padStart(8),
    'target'.padEnd(15),
    'raw KiB'.padStart(8),
    ' encoding',
  ].join(' ');
  const lines = results.map((r) =>
    [
      r.page.padEnd(16),
      ms(r.median.lcpMs).padStart(7),
      vs(r.median.lcpMs, r.targets.lcpMs, 'ms').padEnd(15),
      ms(r.median.firstApiMs).padStart(10),
      `${ms(r.median.contentMs)}`.padStart(10),
      `${r.content} ${vs(r.median.contentMs, r.targets.contentMs, 'ms')}`.padEnd(16),
      ms(r.median.jsRequests).padStart(6),
      kib(r.median.jsTransferredBytes).padStart(8),
      vs(r.median.jsTransferredBytes && r.median.jsTransferredBytes / KIB, r.targets.jsKiB, 'KiB').padEnd(15),
      kib(r.median.jsDecodedBytes).padStart(8),
      ` ${r.encodings.join(', ')}`,
    ].join(' '),
  );
  const title =
    `\nPage loads, Chromium, median of ${RUNS} cold loads (fresh context, empty cache) after one warm-up;` +
    ' times from navigation start; JS KiB as transferred';
  mkdirSync(benchDir, { recursive: true });
  writeFileSync(
    outFile,
    `${JSON.stringify(
      {
        measuredAt: new Date().toISOString(),
        commit: git('rev-parse', 'HEAD'),
        dirty: git('status', '--porcelain', '--untracked-files=no') !== '',
        runs: RUNS,
        pages: results,
      },
      null,
      2,
    )}\n`,
  );
  process.stdout.write(`${[title, header, ...lines].join('\n')}\nwritten to ${outFile}\n`);
});

// Builds the web app for `pnpm start` only when what it is built from changed since the last build, so a
// restart does not spend ~12 s (and ~1 GB) rebuilding the same files. `pnpm build` always builds.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const dist = resolve(root, 'web/dist');
// Inside dist: every build empties dist, so a build run any other way (`pnpm build`, `pnpm test:e2e`) drops
// the stamp and the next start builds again rather than trusting files it did not build. A dotfile: not served.
const stampFile = join(dist, '.build-stamp');

/** Everything the bundle is made from; dependencies through the lockfile. */
const INPUTS = [
  'web/src',
  'web/public',
  'web/index.html',
  'web/vite.config.ts',
  'web/package.json',
  'web/tsconfig.json',
  'locales',
  'shared/src',
  'shared/package.json',
  'pnpm-lock.yaml',
];

function files(path) {
  if (!existsSync(path)) return [];
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && !e.parentPath.includes('node_modules'))
    .map((e) => join(e.parentPath, e.name));
}

/** A hash of the names and contents of every input file. */
export function webSourceHash() {
  const hash = createHash('sha256');
  const all = INPUTS.flatMap((p) => files(resolve(root, p))).sort();
  for (const file of all) {
    hash.update(relative(root, file)).update('\0').update(readFileSync(file)).update('\0');
  }
  return hash.digest('hex');
}

/** Builds web/dist unless its stamp says it was built from the sources as they are. */
export function ensureWebBuild(log = (line) => process.stdout.write(`${line}\n`)) {
  const started = Date.now();
  const current = webSourceHash();
  const built =
    existsSync(join(dist, 'index.html')) && existsSync(stampFile) && readFileSync(stampFile, 'utf8');
  if (built === current) {
    log(`web app up to date (checked in ${Date.now() - started} ms)`);
    return;
  }
  log('building the web app (its sources changed)…');
  const result = spawnSync(
    process.platform === 'win32' ? 'pnpm.cmd' : 'pnpm',
    ['--filter', '@nine/web', 'build'],
    {
      cwd: root,
      stdio: 'inherit',
    },
  );
  if (result.status !== 0) {
    log('the web build failed');
    process.exit(result.status ?? 1);
  }
  // The hash taken before the build: a file changed during it makes the next start build again.
  writeFileSync(stampFile, current);
}

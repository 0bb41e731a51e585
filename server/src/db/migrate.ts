import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type pg from 'pg';

interface Migration {
  version: number;
  name: string;
  sql: string;
  checksum: string;
}

async function readMigrations(dir: string): Promise<Migration[]> {
  const files = (await readdir(dir)).filter((f) => /^\d{4}_[\w-]+\.sql$/.test(f)).sort();
  return Promise.all(
    files.map(async (name) => {
      const sql = await readFile(join(dir, name), 'utf8');
      return {
        version: Number(name.slice(0, 4)),
        name,
        sql,
        checksum: createHash('sha256').update(sql).digest('hex'),
      };
    }),
  );
}

/**
 * Applies numbered SQL migrations, each in its own transaction, under an advisory lock so two
 * servers starting together do not race. An applied file that changed since is refused.
 */
export async function migrate(pool: pg.Pool, dir: string): Promise<string[]> {
  const client = await pool.connect();
  const applied: string[] = [];
  try {
    // A migration may rewrite a big table, and a second server waits here for the first one's migrations:
    // the request timeouts of the pool do not apply to this session.
    await client.query(
      'SET statement_timeout = 0; SET lock_timeout = 0; SET idle_in_transaction_session_timeout = 0',
    );
    await client.query('SELECT pg_advisory_lock(7239001)');
    await client.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
      version integer PRIMARY KEY, name text NOT NULL, checksum text NOT NULL,
      applied_at timestamptz NOT NULL DEFAULT now())`);
    const done = new Map<number, string>(
      (
        await client.query<{ version: number; checksum: string }>(
          'SELECT version, checksum FROM schema_migrations',
        )
      ).rows.map((r) => [r.version, r.checksum]),
    );
    for (const m of await readMigrations(dir)) {
      const previous = done.get(m.version);
      if (previous !== undefined) {
        if (previous !== m.checksum) throw new Error(`migration ${m.name} changed after it was applied`);
        continue;
      }
      await client.query('BEGIN');
      try {
        await client.query(m.sql);
        await client.query('INSERT INTO schema_migrations (version, name, checksum) VALUES ($1, $2, $3)', [
          m.version,
          m.name,
          m.checksum,
        ]);
        await client.query('COMMIT');
        applied.push(m.name);
      } catch (err) {
        await client.query('ROLLBACK');
        throw new Error(`migration ${m.name} failed: ${(err as Error).message}`, { cause: err });
      }
    }
  } finally {
    await client.query('SELECT pg_advisory_unlock(7239001)').catch(() => {});
    await client.query('RESET ALL').catch(() => {});
    client.release();
  }
  return applied;
}

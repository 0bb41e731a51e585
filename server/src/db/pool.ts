import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Database } from './schema.ts';

// bigint (int8) columns hold minor units and counts: read them as numbers, refusing unsafe values.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => {
  const n = Number(value);
  if (!Number.isSafeInteger(n)) throw new RangeError(`int8 value ${value} exceeds the safe integer range`);
  return n;
});

export interface Db {
  pool: pg.Pool;
  kysely: Kysely<Database>;
  close(): Promise<void>;
}

export function createDb(connectionString: string, max = 20): Db {
  const pool = new pg.Pool({ connectionString, max, application_name: 'nine-server' });
  // An idle client dropped by the server (restart, admin kill) must not crash the process.
  pool.on('error', (err) => process.stderr.write(`[db] idle client error: ${err.message}\n`));
  const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return {
    pool,
    kysely,
    // Kysely ends the pool only if it ever used it; end it ourselves otherwise.
    async close() {
      await kysely.destroy();
      if (!pool.ended) await pool.end();
    },
  };
}

import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { exec, maybeOne, MissingRowError, one, prepared, rows } from '../src/db/sql.ts';
import { transaction } from '../src/lib/transaction.ts';
import { createTestDatabase, type TestDatabase } from './helpers/test-db.ts';

let tdb: TestDatabase;
beforeAll(async () => {
  tdb = await createTestDatabase();
});
afterAll(() => tdb.drop());

describe('the one SQL helper', () => {
  it('reads rows, one row, maybe a row, and counts what a statement touched', async () => {
    const pool = tdb.db.pool;
    expect(await rows<{ n: number }>(pool, 'SELECT generate_series(1, 3)::int AS n')).toEqual([
      { n: 1 },
      { n: 2 },
      { n: 3 },
    ]);
    expect(await maybeOne<{ n: number }>(pool, 'SELECT 1 AS n WHERE $1::boolean', [false])).toBeUndefined();
    expect(await one<{ n: number }>(pool, 'SELECT $1::int AS n', [7])).toEqual({ n: 7 });
    await expect(one(pool, 'SELECT 1 WHERE false')).rejects.toBeInstanceOf(MissingRowError);
    // A temp table lives on one connection: count inside one transaction.
    const touched = await transaction(tdb.db, async (client) => {
      await exec(client, 'CREATE TEMP TABLE t_sql2 (n int) ON COMMIT DROP');
      await exec(client, 'INSERT INTO t_sql2 SELECT generate_series(1, 4)');
      return exec(client, 'UPDATE t_sql2 SET n = n + 1 WHERE n > 1');
    });
    expect(touched).toBe(3);
  });

  it('runs reads started together on a transaction client one after another, without pg queueing them', async () => {
    const warn = vi.spyOn(process, 'emitWarning');
    try {
      const found = await transaction(tdb.db, (client) =>
        Promise.all([
          one<{ n: number }>(client, 'SELECT pg_sleep(0.05), 1 AS n'),
          one<{ n: number }>(client, 'SELECT 2 AS n'),
          one<{ n: number }>(client, 'SELECT 3 AS n'),
        ]),
      );
      expect(found.map((r) => r.n)).toEqual([1, 2, 3]);
      const pgWarnings = warn.mock.calls.filter(([message]) => String(message).includes('already executing'));
      expect(pgWarnings).toEqual([]);
    } finally {
      warn.mockRestore();
    }
  });

  it('runs a prepared statement as a named one, planned once on its connection, with the same answers', async () => {
    const statement = prepared('SELECT $1::int + 1 AS n');
    expect(prepared('SELECT $1::int + 1 AS n')).toEqual(statement);
    expect(prepared('SELECT $1::int + 2 AS n').name).not.toBe(statement.name);
    const named = await transaction(tdb.db, async (client) => {
      expect(await one<{ n: number }>(client, statement, [1])).toEqual({ n: 2 });
      expect(await one<{ n: number }>(client, statement, [41])).toEqual({ n: 42 });
      return rows<{ name: string }>(client, 'SELECT name FROM pg_prepared_statements');
    });
    expect(named.map((r) => r.name)).toContain(statement.name);
    // Plain text stays unnamed.
    const plain = await transaction(tdb.db, async (client) => {
      await one(client, 'SELECT $1::int AS n', [1]);
      return rows<{ statement: string }>(client, 'SELECT statement FROM pg_prepared_statements');
    });
    expect(plain.map((r) => r.statement)).not.toContain('SELECT $1::int AS n');
  });
});

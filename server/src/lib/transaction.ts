import type pg from 'pg';
import { holdingConnection, type Db } from '../db/pool.ts';
import { exec } from '../db/sql.ts';

/**
 * The one way to open a transaction: `work` runs on one pooled connection between BEGIN and COMMIT, and
 * any failure rolls it back. Inside `work` the pool refuses a second connection (NestedConnectionError),
 * so every query must use `client`; what `work` hands to `afterRollback()` runs once it is rolled back.
 * `readOnly` opens a READ ONLY transaction (a quote that books nothing).
 */
export async function transaction<T>(
  db: Db,
  work: (client: pg.PoolClient) => Promise<T>,
  options: { readOnly?: boolean } = {},
): Promise<T> {
  const client = await db.pool.connect();
  let released = false;
  // Rolled back and given back to the pool at most once, whoever gets here first.
  const rollbackAndRelease = async () => {
    if (released) return;
    released = true;
    await exec(client, 'ROLLBACK').catch(() => {});
    client.release();
  };
  try {
    await exec(client, options.readOnly ? 'BEGIN READ ONLY' : 'BEGIN');
    const result = await holdingConnection(() => work(client), rollbackAndRelease);
    await exec(client, 'COMMIT');
    return result;
  } catch (err) {
    await rollbackAndRelease();
    throw err;
  } finally {
    if (!released) {
      released = true;
      client.release();
    }
  }
}

import { AsyncLocalStorage } from 'node:async_hooks';
import pg from 'pg';

/** A bigint read back from the database that a JavaScript number cannot hold exactly. */
export class UnsafeIntegerError extends RangeError {
  constructor(value: string) {
    super(`int8 value ${value} exceeds the safe integer range`);
    this.name = 'UnsafeIntegerError';
  }
}

// bigint (int8) columns hold minor units and counts: read them as numbers, refusing unsafe values.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => {
  const n = Number(value);
  if (!Number.isSafeInteger(n)) throw new UnsafeIntegerError(value);
  return n;
});

/** A pool connection asked for while this request already holds one in a transaction. */
export class NestedConnectionError extends Error {
  constructor() {
    super(
      "a second database connection was asked for inside a transaction: pass the transaction's client down",
    );
    this.name = 'NestedConnectionError';
  }
}

interface Holding {
  afterRollback: (() => Promise<void>)[];
}
const holding = new AsyncLocalStorage<Holding>();

/**
 * Runs `work` as the holder of a transaction's connection. Asking the pool for another connection inside
 * it fails at once: under load every pooled connection can be held by requests waiting on this one's
 * locks, so the second connection would never come (a pool deadlock that freezes the whole server).
 * When `work` fails, what it asked for with `afterRollback` runs once the connection is given back.
 */
export async function holdingConnection<T>(work: () => Promise<T>, release: () => Promise<void>): Promise<T> {
  const store: Holding = { afterRollback: [] };
  try {
    return await holding.run(store, work);
  } catch (err) {
    await release();
    for (const task of store.afterRollback) await task().catch(() => {});
    throw err;
  }
}

/**
 * A write that must outlast the rollback of the transaction it is decided in (a wrong access key still
 * counts when the refund it guarded is refused). Inside a transaction it runs after the rollback, on a
 * connection of its own; outside one, at once.
 */
export async function afterRollback(task: () => Promise<void>): Promise<void> {
  const store = holding.getStore();
  if (store) store.afterRollback.push(task);
  else await task();
}

export interface DbLimits {
  /** Pooled connections per server process. */
  max: number;
  /** How long a request waits for a pooled connection before it is refused as busy. */
  acquireTimeoutMs: number;
  /** How long one statement may wait for a row or table lock. */
  lockTimeoutMs: number;
  /** How long one statement may run. */
  statementTimeoutMs: number;
  /** A transaction left idle this long (a stuck process) is ended, releasing its locks. */
  idleInTransactionTimeoutMs: number;
}

export const DEFAULT_DB_LIMITS: DbLimits = {
  max: 20,
  acquireTimeoutMs: 10_000,
  lockTimeoutMs: 5_000,
  statementTimeoutMs: 30_000,
  idleInTransactionTimeoutMs: 60_000,
};

export interface Db {
  pool: pg.Pool;
  close(): Promise<void>;
}

export function createDb(connectionString: string, limits: Partial<DbLimits> | number = {}): Db {
  const l = { ...DEFAULT_DB_LIMITS, ...(typeof limits === 'number' ? { max: limits } : limits) };
  const pool = new pg.Pool({
    connectionString,
    max: l.max,
    application_name: 'nine-server',
    connectionTimeoutMillis: l.acquireTimeoutMs,
    lock_timeout: l.lockTimeoutMs,
    statement_timeout: l.statementTimeoutMs,
    idle_in_transaction_session_timeout: l.idleInTransactionTimeoutMs,
  });
  // An idle client dropped by the server (restart, admin kill) must not crash the process.
  pool.on('error', (err) => process.stderr.write(`[db] idle client error: ${err.message}\n`));
  // pool.query comes through connect() too.
  const connect = pool.connect.bind(pool) as (...args: unknown[]) => unknown;
  pool.connect = ((...args: unknown[]) => {
    if (holding.getStore()) {
      const err = new NestedConnectionError();
      const callback = args[0];
      if (typeof callback === 'function') return void callback(err);
      return Promise.reject(err);
    }
    return connect(...args);
  }) as typeof pool.connect;
  return {
    pool,
    async close() {
      if (!pool.ended) await pool.end();
    },
  };
}

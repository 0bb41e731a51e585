import type pg from 'pg';
import QueryStream from 'pg-query-stream';

/**
 * The one way to run SQL: plain parameterised SQL through these four functions, each row typed by the
 * caller from the generated table types (`Pick<Tables['orders'], 'id' | 'status'>`, plus hand-typed
 * computed columns). The row type has no default, so an untyped read is `unknown` and does not compile.
 *
 * `on` is the pool outside a transaction and the transaction's client inside one (the pool refuses a
 * second connection inside `transaction()`).
 */
export type Queryable = Pick<pg.Pool, 'query'> | Pick<pg.PoolClient, 'query'>;
type Params = readonly unknown[];

/** A statement to run prepared (`prepared()`), or plain SQL text. */
export type Sql = string | PreparedSql;
export interface PreparedSql {
  readonly text: string;
  readonly name: string | undefined;
}

const MAX_PREPARED = 2_000;
const names = new Map<string, string>();

/**
 * Marks a statement to run as a named (prepared) statement: each connection plans it once and may then
 * reuse a generic plan instead of planning on every call (a list's page planned in 0.7-3.6 ms and ran in
 * 0.6-1.8). Only for statements whose best plan does not depend on the values: not a search (a LIKE
 * pattern or an array of ids: a generic plan cannot see how selective they are, and one walked every
 * customer). Past MAX_PREPARED distinct texts, new ones run unprepared, so memory stays bounded.
 */
export function prepared(text: string): PreparedSql {
  let name = names.get(text);
  if (name === undefined && names.size < MAX_PREPARED) {
    name = `nine_${names.size}`;
    names.set(text, name);
  }
  return { text, name };
}

/** A row `one()` expected and the database did not return: a bug in the caller, not bad input. */
export class MissingRowError extends Error {
  constructor(text: string) {
    super(`expected a row from: ${text.replace(/\s+/g, ' ').trim().slice(0, 120)}`);
    this.name = 'MissingRowError';
  }
}

// One connection runs one statement at a time; pg 8 queues a second one with a deprecation warning and
// pg 9 refuses it. Reads started together on a transaction's client (Promise.all) wait their turn here.
const inFlight = new WeakMap<object, Promise<unknown>>();

async function run<R>(
  on: Queryable,
  sql: Sql,
  params: Params,
): Promise<pg.QueryResult<R & pg.QueryResultRow>> {
  const { text, name } = typeof sql === 'string' ? { text: sql, name: undefined } : sql;
  const query = () =>
    (on as pg.Pool).query<R & pg.QueryResultRow>({ name, text, values: params as unknown[] });
  // A pool gives each statement a connection of its own: only a single client needs turns.
  if (!('release' in on)) return query();
  const turn = (inFlight.get(on) ?? Promise.resolve()).then(query, query);
  inFlight.set(
    on,
    turn.catch(() => undefined),
  );
  return turn;
}

/** Every row the statement returns. */
export async function rows<R>(on: Queryable, text: Sql, params: Params = []): Promise<R[]> {
  return (await run<R>(on, text, params)).rows;
}

/** The first row, or undefined when there is none (a lookup that may miss). */
export async function maybeOne<R>(on: Queryable, text: Sql, params: Params = []): Promise<R | undefined> {
  return (await run<R>(on, text, params)).rows[0];
}

/** The first row of a statement that always returns one (an aggregate, an INSERT ... RETURNING). */
export async function one<R>(on: Queryable, text: Sql, params: Params = []): Promise<R> {
  const row = (await run<R>(on, text, params)).rows[0];
  if (row === undefined) throw new MissingRowError(typeof text === 'string' ? text : text.text);
  return row;
}

/** A statement run for its effect: how many rows it touched. */
export async function exec(on: Queryable, text: Sql, params: Params = []): Promise<number> {
  return (await run<never>(on, text, params)).rowCount ?? 0;
}

/**
 * The rows of a long read one batch at a time, through a server-side cursor (an export of every order),
 * so memory holds one batch. Needs a connection of its own: a transaction's client, not the pool.
 */
export function cursor<R>(
  client: pg.PoolClient,
  text: string,
  params: Params = [],
  batchSize = 1000,
): AsyncIterable<R> {
  return client.query(new QueryStream(text, params as unknown[], { batchSize })) as AsyncIterable<R>;
}

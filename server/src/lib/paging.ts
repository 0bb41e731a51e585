import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Page } from '@nine/shared/schemas/page';
import type { Db } from '../db/pool.ts';
import { one, prepared, rows } from '../db/sql.ts';
import type { Access } from '../plugins/access.ts';
import { parse } from './validate.ts';

/** Counting stops here: past it a list says "10,000+" instead of counting every match. */
export const COUNT_CAP = 10_000;

/** One page of a list whose count is capped: the shared list envelope. */
export type Paged<T> = Page<T> & { total_capped: boolean };

/** What a list selects, from where and in which order; `pageOf` adds the page. */
export interface ListSql {
  select: string;
  from: string;
  orderBy: string;
  params: unknown[];
  countFrom?: string;
  /**
   * Page the keys first: `SELECT key FROM … ORDER BY … LIMIT … OFFSET …` walks an index (the skipped rows
   * cost an index entry each), and `select` (per-row subqueries, joins) runs for the page's rows only, read
   * by key from `from` (a FROM without WHERE). `keyFrom` is the inner FROM … WHERE when fewer joins serve it;
   * when it reads another table that carries the key and the sort, `innerKey` and `innerOrderBy` name them there.
   */
  byKey?: { key: string; from: string; keyFrom?: string; innerKey?: string; innerOrderBy?: string };
  /**
   * Run the page and the count prepared (db/sql.ts `prepared`): for lists whose best plan does not
   * depend on the values, which is every list without a search.
   */
  prepare?: boolean;
}

/**
 * One page of a list and its capped count, run side by side. `from` is the FROM … WHERE part both
 * share; `countFrom` may differ when another form of the same filter counts faster.
 */
export async function pageOf<T extends object>(
  db: Db,
  q: ListSql & { page: number; pageSize: number },
): Promise<Paged<T>> {
  const n = q.params.length;
  const sql = (text: string) => (q.prepare ? prepared(text) : text);
  const [page, count] = await Promise.all([
    rows<T>(db.pool, sql(pageSql(q, `LIMIT $${n + 1} OFFSET $${n + 2}`)), [
      ...q.params,
      q.pageSize,
      (q.page - 1) * q.pageSize,
    ]),
    one<{ n: number }>(
      db.pool,
      sql(`SELECT count(*)::int AS n FROM (SELECT 1 ${q.countFrom ?? q.from} LIMIT ${COUNT_CAP + 1}) t`),
      q.params,
    ),
  ]);
  const total = count.n;
  return {
    rows: page,
    total: Math.min(total, COUNT_CAP),
    total_capped: total > COUNT_CAP,
    page: q.page,
    page_size: q.pageSize,
  };
}

/** The page's SELECT: whole rows, or the page's keys first and then their rows (`byKey`). */
export function pageSql(q: ListSql, limit: string): string {
  if (!q.byKey) return `SELECT ${q.select} ${q.from} ${q.orderBy} ${limit}`;
  const { key, from, keyFrom, innerKey = key, innerOrderBy = q.orderBy } = q.byKey;
  // The outer ORDER BY sorts the page's rows again: IN keeps no order, and the order ends with the key.
  return `SELECT ${q.select} ${from} WHERE ${key} IN (SELECT ${innerKey} ${keyFrom ?? q.from} ${innerOrderBy} ${limit}) ${q.orderBy}`;
}

/**
 * Registers a paged list: GET `url` parses its page query, `sql` says what to list for it, and the answer is
 * `{ data: Paged<T> }` at the query's page and page size.
 */
export function listRoute<T extends object, S extends z.ZodType<{ page: number; page_size: number }>>(
  app: FastifyInstance,
  db: Db,
  route: { url: string; access: Access; query: S },
  sql: (q: z.output<S>, request: FastifyRequest) => ListSql | Promise<ListSql>,
): void {
  app.get(route.url, { config: { access: route.access } }, async (request): Promise<{ data: Paged<T> }> => {
    const q = parse(route.query, request.query);
    const list = await sql(q, request);
    return { data: await pageOf<T>(db, { ...list, page: q.page, pageSize: q.page_size }) };
  });
}

/** A LIKE pattern matching `text` anywhere, lower-cased, with LIKE's own wildcards escaped. */
export function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

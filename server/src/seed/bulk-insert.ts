import { exec, type Queryable } from '../db/sql.ts';

export type Column = readonly [name: string, pgType: string];

/**
 * Inserts rows column-wise with one `INSERT … SELECT FROM unnest(…)` per chunk: a single round trip
 * and parse for thousands of rows, much faster than row-by-row inserts.
 */
export async function bulkInsert(
  client: Queryable,
  table: string,
  columns: readonly Column[],
  rows: readonly (readonly unknown[])[],
  opts: { overridingSystemValue?: boolean; chunk?: number } = {},
): Promise<void> {
  const chunk = opts.chunk ?? 10_000;
  const names = columns.map(([n]) => n).join(', ');
  const params = columns.map(([, t], i) => `$${i + 1}::${t}[]`).join(', ');
  const text = `INSERT INTO ${table} (${names}) ${opts.overridingSystemValue ? 'OVERRIDING SYSTEM VALUE ' : ''}SELECT * FROM unnest(${params})`;
  for (let start = 0; start < rows.length; start += chunk) {
    const slice = rows.slice(start, start + chunk);
    const arrays = columns.map((_, c) => slice.map((r) => r[c] ?? null));
    await exec(client, text, arrays);
  }
}

import { maybeOne, type Queryable } from '../db/sql.ts';
import type { Tables } from '../db/tables.ts';
import { AppError } from '@nine/shared/errors';

/**
 * Locks one row (SELECT … FOR UPDATE) and checks the version the client edited, before the caller reads
 * or writes it: a missing row is a 404, another version a 409 `versionConflict` carrying the current one.
 * `table` and `where` are SQL written in code, never input.
 */
export async function lockVersion(
  client: Queryable,
  table: string,
  id: number,
  version: number,
  where = 'true',
): Promise<void> {
  // Every versioned table's `version` is an integer; orders stands for them all.
  const row = await maybeOne<Pick<Tables['orders'], 'version'>>(
    client,
    `SELECT version FROM ${table} WHERE id = $1 AND ${where} FOR UPDATE`,
    [id],
  );
  if (!row) throw new AppError('notFound');
  if (row.version !== version) throw new AppError('versionConflict', { data: { version: row.version } });
}

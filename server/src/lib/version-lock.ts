import type pg from 'pg';
import { AppError } from '@nine/shared/errors';

/**
 * Locks one row (SELECT … FOR UPDATE) and checks the version the client edited, before the caller reads
 * or writes it: a missing row is a 404, another version a 409 `versionConflict` carrying the current one.
 * `table` and `where` are SQL written in code, never input.
 */
export async function lockVersion(
  client: pg.PoolClient,
  table: string,
  id: number,
  version: number,
  where = 'true',
): Promise<void> {
  const { rows } = await client.query<{ version: number }>(
    `SELECT version FROM ${table} WHERE id = $1 AND ${where} FOR UPDATE`,
    [id],
  );
  if (!rows[0]) throw new AppError('notFound');
  if (rows[0].version !== version)
    throw new AppError('versionConflict', { data: { version: rows[0].version } });
}

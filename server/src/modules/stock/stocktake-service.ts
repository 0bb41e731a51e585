import type pg from 'pg';
import { AppError } from '@nine/shared/errors';
import type { Stocktake, StocktakeLine, StocktakeScanResult } from '@nine/shared/schemas/stock';

import { audit } from '../../lib/audit.ts';
import type { Actor } from '../../lib/actor.ts';

type Queryable = pg.PoolClient | pg.Pool;

/** Items a location should hold on its shelves: not out on rent, not retired or already lost. */
const EXPECTED = `current_location_id = $1 AND status IN ('available', 'maintenance')`;

const LINE_SELECT = `SELECT i.id AS item_id, i.sku, i.barcode, p.name AS product_name, i.status, l.name AS current_location, sl.scanned_at
  FROM stocktake_lines sl JOIN items i ON i.id = sl.item_id JOIN products p ON p.id = i.product_id
  JOIN locations l ON l.id = i.current_location_id`;

export async function getStocktake(q: Queryable, locationId: number, id: number): Promise<Stocktake> {
  const { rows } = await q.query<Omit<Stocktake, 'missing' | 'unexpected'>>(
    `SELECT s.id, s.status, s.started_at, su.name AS started_by, au.name AS approved_by, s.closed_at, s.expected_count AS expected,
            (SELECT count(*)::int FROM stocktake_lines sl WHERE sl.stocktake_id = s.id AND sl.expected AND sl.scanned_at IS NOT NULL) AS counted
     FROM stocktakes s LEFT JOIN users su ON su.id = s.started_by LEFT JOIN users au ON au.id = s.approved_by
     WHERE s.id = $1 AND s.location_id = $2`,
    [id, locationId],
  );
  const head = rows[0];
  if (!head) throw new AppError('notFound');
  const missing = await q.query<StocktakeLine>(
    `${LINE_SELECT} WHERE sl.stocktake_id = $1 AND sl.expected AND sl.scanned_at IS NULL ORDER BY i.sku`,
    [id],
  );
  const unexpected = await q.query<StocktakeLine>(
    `${LINE_SELECT} WHERE sl.stocktake_id = $1 AND NOT sl.expected ORDER BY sl.scanned_at`,
    [id],
  );
  return { ...head, missing: missing.rows, unexpected: unexpected.rows };
}

export async function currentStocktakeId(q: Queryable, locationId: number): Promise<number | null> {
  const { rows } = await q.query<{ id: number }>(
    `SELECT id FROM stocktakes WHERE location_id = $1 AND status = 'open'`,
    [locationId],
  );
  return rows[0]?.id ?? null;
}

/** Starts a stocktake (approved by an access key): the items expected here are noted now. */
export async function startStocktake(
  client: pg.PoolClient,
  actor: Actor,
  approvedBy: number,
): Promise<number> {
  // A second open stocktake is refused by stocktakes_open_idx (stocktakeInProgress).
  const { rows } = await client.query<{ id: number }>(
    `INSERT INTO stocktakes (location_id, started_by, approved_by) VALUES ($1, $2, $3) RETURNING id`,
    [actor.locationId, actor.userId, approvedBy],
  );
  const id = rows[0]!.id;
  const expected = await client.query(
    `INSERT INTO stocktake_lines (stocktake_id, item_id, expected) SELECT $2, id, true FROM items WHERE ${EXPECTED}`,
    [actor.locationId, id],
  );
  await client.query('UPDATE stocktakes SET expected_count = $2 WHERE id = $1', [id, expected.rowCount ?? 0]);
  await audit(client, actor, {
    entity: 'stocktake',
    entityId: id,
    action: 'started',
    data: {
      approved_by: approvedBy,
      expected: expected.rowCount ?? 0,
    },
  });
  return id;
}

async function lockOpen(client: pg.PoolClient, actor: Actor, id: number): Promise<void> {
  const { rows } = await client.query<{ status: string }>(
    'SELECT status FROM stocktakes WHERE id = $1 AND location_id = $2 FOR UPDATE',
    [id, actor.locationId],
  );
  if (!rows[0]) throw new AppError('notFound');
  if (rows[0].status !== 'open') throw new AppError('stocktakeClosed');
}

/** One scan: an expected item is counted, any other known item is unexpected; scanning twice counts once. */
export async function scanIntoStocktake(
  client: pg.PoolClient,
  actor: Actor,
  id: number,
  code: string,
): Promise<StocktakeScanResult> {
  await lockOpen(client, actor, id);
  const { rows: items } = await client.query<{ id: number }>(
    'SELECT id FROM items WHERE lower(barcode) = lower($1) OR lower(sku) = lower($1) LIMIT 1',
    [code],
  );
  const item = items[0];
  if (!item) throw new AppError('codeNotFound');
  const { rows: existing } = await client.query<{ expected: boolean; scanned_at: string | null }>(
    'SELECT expected, scanned_at FROM stocktake_lines WHERE stocktake_id = $1 AND item_id = $2',
    [id, item.id],
  );
  let outcome: StocktakeScanResult['outcome'];
  if (existing[0]?.scanned_at) outcome = 'already_scanned';
  else if (existing[0]) {
    outcome = 'counted';
    await client.query(
      'UPDATE stocktake_lines SET scanned_at = now(), scanned_by = $3 WHERE stocktake_id = $1 AND item_id = $2',
      [id, item.id, actor.userId],
    );
  } else {
    outcome = 'unexpected';
    await client.query(
      `INSERT INTO stocktake_lines (stocktake_id, item_id, expected, scanned_at, scanned_by) VALUES ($1, $2, false, now(), $3)`,
      [id, item.id, actor.userId],
    );
  }
  const line = await client.query<StocktakeLine>(
    `${LINE_SELECT} WHERE sl.stocktake_id = $1 AND sl.item_id = $2`,
    [id, item.id],
  );
  return { outcome, line: line.rows[0]!, stocktake: await getStocktake(client, actor.locationId, id) };
}

/** One audit row per item the closing changed, in its transaction. */
async function auditItems<R extends { id: number }>(
  client: pg.PoolClient,
  actor: Actor,
  action: string,
  items: R[],
  data: (item: R) => object,
): Promise<void> {
  for (const item of items)
    await audit(client, actor, { entity: 'item', entityId: item.id, action, data: data(item) });
}

/**
 * Closes a stocktake and writes what it found: expected items not scanned become lost; unexpected items
 * found here (lost, or booked to another location) become available here. Each change is audit-logged.
 */
export async function closeStocktake(client: pg.PoolClient, actor: Actor, id: number): Promise<void> {
  await lockOpen(client, actor, id);
  const missing = await client.query<{ id: number }>(
    `UPDATE items i SET status = 'lost', updated_at = now(), version = i.version + 1
     FROM stocktake_lines sl
     WHERE sl.stocktake_id = $2 AND sl.item_id = i.id AND sl.expected AND sl.scanned_at IS NULL AND i.current_location_id = $1 AND i.status IN ('available', 'maintenance')
     RETURNING i.id`,
    [actor.locationId, id],
  );
  await auditItems(client, actor, 'stocktake_missing', missing.rows, () => ({
    stocktake_id: id,
    status: 'lost',
  }));
  // Rented items scanned here stay on their order: the return is the counter's job, the list shows them.
  const found = await client.query<{ id: number; old_status: string; old_location: number }>(
    `UPDATE items i SET status = CASE WHEN i.status = 'lost' THEN 'available'::item_status ELSE i.status END,
            current_location_id = $1, updated_at = now(), version = i.version + 1
     FROM stocktake_lines sl, items old
     WHERE sl.stocktake_id = $2 AND sl.item_id = i.id AND NOT sl.expected AND old.id = i.id AND i.status <> 'rented'
     RETURNING i.id, old.status AS old_status, old.current_location_id AS old_location`,
    [actor.locationId, id],
  );
  await auditItems(client, actor, 'stocktake_found', found.rows, (item) => ({
    stocktake_id: id,
    from_status: item.old_status,
    from_location_id: item.old_location,
  }));
  const unexpected = await client.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM stocktake_lines WHERE stocktake_id = $1 AND NOT expected',
    [id],
  );
  await client.query(
    `UPDATE stocktakes SET status = 'closed', closed_by = $2, closed_at = now(),
       missing_count = (SELECT count(*) FROM stocktake_lines WHERE stocktake_id = $1 AND expected AND scanned_at IS NULL),
       unexpected_count = $3
     WHERE id = $1`,
    [id, actor.userId, unexpected.rows[0]!.n],
  );
  await audit(client, actor, {
    entity: 'stocktake',
    entityId: id,
    action: 'closed',
    data: {
      lost: missing.rows.map((r) => r.id),
      found: found.rows.map((r) => r.id),
    },
  });
}

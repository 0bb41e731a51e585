import { AppError } from '@nine/shared/errors';
import type { Stocktake, StocktakeLine, StocktakeScanResult } from '@nine/shared/schemas/stock';

import { exec, maybeOne, one, rows, type Queryable } from '../../db/sql.ts';
import type { Tables } from '../../db/tables.ts';
import { audit } from '../../lib/audit.ts';
import type { Actor } from '../../lib/actor.ts';

type HeadRow = Pick<Tables['stocktakes'], 'id' | 'status' | 'started_at' | 'closed_at'> & {
  started_by: Tables['users']['name'] | null;
  approved_by: Tables['users']['name'] | null;
  expected: Tables['stocktakes']['expected_count'];
  counted: number;
};

type LineRow = Pick<Tables['stocktake_lines'], 'item_id' | 'scanned_at'> &
  Pick<Tables['items'], 'sku' | 'barcode' | 'status'> & {
    product_name: Tables['products']['name'];
    current_location: Tables['locations']['name'];
  };

/** A line as the response carries it: pg reads timestamptz as a Date, the contract has ISO strings. */
function lineOf(row: LineRow): StocktakeLine {
  return { ...row, scanned_at: row.scanned_at?.toISOString() ?? null };
}

/** Items a location should hold on its shelves: not out on rent, not retired or already lost. */
const EXPECTED = `current_location_id = $1 AND status IN ('available', 'maintenance')`;

const LINE_SELECT = `SELECT i.id AS item_id, i.sku, i.barcode, p.name AS product_name, i.status, l.name AS current_location, sl.scanned_at
  FROM stocktake_lines sl JOIN items i ON i.id = sl.item_id JOIN products p ON p.id = i.product_id
  JOIN locations l ON l.id = i.current_location_id`;

export async function getStocktake(q: Queryable, locationId: number, id: number): Promise<Stocktake> {
  const head = await maybeOne<HeadRow>(
    q,
    `SELECT s.id, s.status, s.started_at, su.name AS started_by, au.name AS approved_by, s.closed_at, s.expected_count AS expected,
            (SELECT count(*)::int FROM stocktake_lines sl WHERE sl.stocktake_id = s.id AND sl.expected AND sl.scanned_at IS NOT NULL) AS counted
     FROM stocktakes s LEFT JOIN users su ON su.id = s.started_by LEFT JOIN users au ON au.id = s.approved_by
     WHERE s.id = $1 AND s.location_id = $2`,
    [id, locationId],
  );
  if (!head) throw new AppError('notFound');
  const missing = await rows<LineRow>(
    q,
    `${LINE_SELECT} WHERE sl.stocktake_id = $1 AND sl.expected AND sl.scanned_at IS NULL ORDER BY i.sku`,
    [id],
  );
  const unexpected = await rows<LineRow>(
    q,
    `${LINE_SELECT} WHERE sl.stocktake_id = $1 AND NOT sl.expected ORDER BY sl.scanned_at`,
    [id],
  );
  return {
    ...head,
    started_at: head.started_at.toISOString(),
    closed_at: head.closed_at?.toISOString() ?? null,
    missing: missing.map(lineOf),
    unexpected: unexpected.map(lineOf),
  };
}

export async function currentStocktakeId(q: Queryable, locationId: number): Promise<number | null> {
  const open = await maybeOne<Pick<Tables['stocktakes'], 'id'>>(
    q,
    `SELECT id FROM stocktakes WHERE location_id = $1 AND status = 'open'`,
    [locationId],
  );
  return open?.id ?? null;
}

/** Starts a stocktake (approved by an access key): the items expected here are noted now. */
export async function startStocktake(client: Queryable, actor: Actor, approvedBy: number): Promise<number> {
  // A second open stocktake is refused by stocktakes_open_idx (stocktakeInProgress).
  const { id } = await one<Pick<Tables['stocktakes'], 'id'>>(
    client,
    `INSERT INTO stocktakes (location_id, started_by, approved_by) VALUES ($1, $2, $3) RETURNING id`,
    [actor.locationId, actor.userId, approvedBy],
  );
  const expected = await exec(
    client,
    `INSERT INTO stocktake_lines (stocktake_id, item_id, expected) SELECT $2, id, true FROM items WHERE ${EXPECTED}`,
    [actor.locationId, id],
  );
  await exec(client, 'UPDATE stocktakes SET expected_count = $2 WHERE id = $1', [id, expected]);
  await audit(client, actor, {
    entity: 'stocktake',
    entityId: id,
    action: 'started',
    data: {
      approved_by: approvedBy,
      expected,
    },
  });
  return id;
}

async function lockOpen(client: Queryable, actor: Actor, id: number): Promise<void> {
  const stocktake = await maybeOne<Pick<Tables['stocktakes'], 'status'>>(
    client,
    'SELECT status FROM stocktakes WHERE id = $1 AND location_id = $2 FOR UPDATE',
    [id, actor.locationId],
  );
  if (!stocktake) throw new AppError('notFound');
  if (stocktake.status !== 'open') throw new AppError('stocktakeClosed');
}

/** One scan: an expected item is counted, any other known item is unexpected; scanning twice counts once. */
export async function scanIntoStocktake(
  client: Queryable,
  actor: Actor,
  id: number,
  code: string,
): Promise<StocktakeScanResult> {
  await lockOpen(client, actor, id);
  const item = await maybeOne<Pick<Tables['items'], 'id'>>(
    client,
    'SELECT id FROM items WHERE lower(barcode) = lower($1) OR lower(sku) = lower($1) LIMIT 1',
    [code],
  );
  if (!item) throw new AppError('codeNotFound');
  const existing = await maybeOne<Pick<Tables['stocktake_lines'], 'expected' | 'scanned_at'>>(
    client,
    'SELECT expected, scanned_at FROM stocktake_lines WHERE stocktake_id = $1 AND item_id = $2',
    [id, item.id],
  );
  let outcome: StocktakeScanResult['outcome'];
  if (existing?.scanned_at) outcome = 'already_scanned';
  else if (existing) {
    outcome = 'counted';
    await exec(
      client,
      'UPDATE stocktake_lines SET scanned_at = now(), scanned_by = $3 WHERE stocktake_id = $1 AND item_id = $2',
      [id, item.id, actor.userId],
    );
  } else {
    outcome = 'unexpected';
    await exec(
      client,
      `INSERT INTO stocktake_lines (stocktake_id, item_id, expected, scanned_at, scanned_by) VALUES ($1, $2, false, now(), $3)`,
      [id, item.id, actor.userId],
    );
  }
  // The line was found or written above, in this transaction.
  const line = await one<LineRow>(client, `${LINE_SELECT} WHERE sl.stocktake_id = $1 AND sl.item_id = $2`, [
    id,
    item.id,
  ]);
  return { outcome, line: lineOf(line), stocktake: await getStocktake(client, actor.locationId, id) };
}

/** One audit row per item the closing changed, in its transaction. */
async function auditItems<R extends { id: number }>(
  client: Queryable,
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
export async function closeStocktake(client: Queryable, actor: Actor, id: number): Promise<void> {
  await lockOpen(client, actor, id);
  const missing = await rows<Pick<Tables['items'], 'id'>>(
    client,
    `UPDATE items i SET status = 'lost', updated_at = now(), version = i.version + 1
     FROM stocktake_lines sl
     WHERE sl.stocktake_id = $2 AND sl.item_id = i.id AND sl.expected AND sl.scanned_at IS NULL AND i.current_location_id = $1 AND i.status IN ('available', 'maintenance')
     RETURNING i.id`,
    [actor.locationId, id],
  );
  await auditItems(client, actor, 'stocktake_missing', missing, () => ({
    stocktake_id: id,
    status: 'lost',
  }));
  // Rented items scanned here stay on their order: the return is the counter's job, the list shows them.
  const found = await rows<
    Pick<Tables['items'], 'id'> & {
      old_status: Tables['items']['status'];
      old_location: Tables['items']['current_location_id'];
    }
  >(
    client,
    `UPDATE items i SET status = CASE WHEN i.status = 'lost' THEN 'available'::item_status ELSE i.status END,
            current_location_id = $1, updated_at = now(), version = i.version + 1
     FROM stocktake_lines sl, items old
     WHERE sl.stocktake_id = $2 AND sl.item_id = i.id AND NOT sl.expected AND old.id = i.id AND i.status <> 'rented'
     RETURNING i.id, old.status AS old_status, old.current_location_id AS old_location`,
    [actor.locationId, id],
  );
  await auditItems(client, actor, 'stocktake_found', found, (item) => ({
    stocktake_id: id,
    from_status: item.old_status,
    from_location_id: item.old_location,
  }));
  const unexpected = await one<{ n: number }>(
    client,
    'SELECT count(*)::int AS n FROM stocktake_lines WHERE stocktake_id = $1 AND NOT expected',
    [id],
  );
  await exec(
    client,
    `UPDATE stocktakes SET status = 'closed', closed_by = $2, closed_at = now(),
       missing_count = (SELECT count(*) FROM stocktake_lines WHERE stocktake_id = $1 AND expected AND scanned_at IS NULL),
       unexpected_count = $3
     WHERE id = $1`,
    [id, actor.userId, unexpected.n],
  );
  await audit(client, actor, {
    entity: 'stocktake',
    entityId: id,
    action: 'closed',
    data: {
      lost: missing.map((r) => r.id),
      found: found.map((r) => r.id),
    },
  });
}

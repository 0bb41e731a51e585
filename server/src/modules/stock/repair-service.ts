import type pg from 'pg';
import { AppError } from '@nine/shared/errors';
import type { RepairLog } from '@nine/shared/schemas/stock';

import { audit } from '../../lib/audit.ts';
import type { Actor } from '../../lib/actor.ts';

/** The item row the repair flow changes, locked for the rest of the transaction. */
async function lockItem(client: pg.PoolClient, actor: Actor, itemId: number) {
  const { rows } = await client.query<{ id: number; status: string; current_location_id: number }>(
    'SELECT id, status, current_location_id FROM items WHERE id = $1 FOR UPDATE',
    [itemId],
  );
  const item = rows[0];
  if (!item) throw new AppError('notFound');
  if (item.current_location_id !== actor.locationId) throw new AppError('itemNotHere');
  return item;
}

/**
 * Opens a repair log: the item goes to maintenance (not bookable) until the log is closed. From a return
 * with damage, `order_id` names the order it came back from.
 */
export async function openRepair(
  client: pg.PoolClient,
  actor: Actor,
  input: { item_id: number; problem: string; order_id?: number | undefined },
): Promise<number> {
  const item = await lockItem(client, actor, input.item_id);
  if (item.status === 'rented') throw new AppError('itemOutOnRent');
  if (item.status === 'retired' || item.status === 'lost') throw new AppError('conflict');
  if (input.order_id !== undefined) {
    const { rowCount } = await client.query(
      'SELECT 1 FROM order_items WHERE order_id = $1 AND item_id = $2',
      [input.order_id, input.item_id],
    );
    if (!rowCount)
      throw new AppError('validation', { data: { issues: [{ path: 'order_id', code: 'not_on_order' }] } });
  }
  // A second open repair of the item is refused by repair_logs_open_item_idx (repairAlreadyOpen).
  const { rows } = await client.query<{ id: number }>(
    `INSERT INTO repair_logs (item_id, location_id, order_id, problem, opened_by) VALUES ($1, $2, $3, $4, $5) RETURNING id`,
    [input.item_id, actor.locationId, input.order_id ?? null, input.problem, actor.userId],
  );
  const id = rows[0]!.id;
  await client.query(
    `UPDATE items SET status = 'maintenance', updated_at = now(), version = version + 1 WHERE id = $1`,
    [input.item_id],
  );
  await audit(client, actor, {
    entity: 'item',
    entityId: input.item_id,
    action: 'repair_opened',
    data: {
      repair_log_id: id,
      from_status: item.status,
      problem: input.problem,
      order_id: input.order_id ?? null,
    },
  });
  return id;
}

async function lockOpenLog(client: pg.PoolClient, actor: Actor, logId: number) {
  const { rows } = await client.query<{ id: number; item_id: number; status: string }>(
    'SELECT id, item_id, status FROM repair_logs WHERE id = $1 AND location_id = $2 FOR UPDATE',
    [logId, actor.locationId],
  );
  const log = rows[0];
  if (!log) throw new AppError('notFound');
  if (log.status !== 'open') throw new AppError('repairLogClosed');
  return log;
}

export async function addRepairWork(
  client: pg.PoolClient,
  actor: Actor,
  logId: number,
  input: { work: string; cost_minor: number },
): Promise<void> {
  const log = await lockOpenLog(client, actor, logId);
  await client.query(
    'INSERT INTO repair_work (repair_log_id, work, cost_minor, user_id) VALUES ($1, $2, $3, $4)',
    [log.id, input.work, input.cost_minor, actor.userId],
  );
  await audit(client, actor, {
    entity: 'repair_log',
    entityId: log.id,
    action: 'work_recorded',
    data: input,
  });
}

/** Counts a service now: rent hours and days restart from here. */
async function recordService(client: pg.PoolClient, itemId: number): Promise<void> {
  await client.query(
    `INSERT INTO item_services (item_id, last_service_at, rent_minutes_at_service)
     SELECT id, now(), rent_minutes FROM items WHERE id = $1
     ON CONFLICT (item_id) DO UPDATE SET last_service_at = EXCLUDED.last_service_at, rent_minutes_at_service = EXCLUDED.rent_minutes_at_service`,
    [itemId],
  );
}

/** Closes a repair log: the item is serviced and available again. */
export async function closeRepair(
  client: pg.PoolClient,
  actor: Actor,
  logId: number,
  input: { work?: string | undefined; cost_minor: number },
): Promise<void> {
  const log = await lockOpenLog(client, actor, logId);
  await lockItem(client, actor, log.item_id);
  if (input.work !== undefined)
    await addRepairWork(client, actor, logId, { work: input.work, cost_minor: input.cost_minor });
  await client.query(
    `UPDATE repair_logs SET status = 'closed', closed_by = $2, closed_at = now() WHERE id = $1`,
    [log.id, actor.userId],
  );
  await finishService(client, actor, log.item_id, { repair_log_id: log.id });
}

async function finishService(
  client: pg.PoolClient,
  actor: Actor,
  itemId: number,
  data: object,
): Promise<void> {
  await recordService(client, itemId);
  await client.query(
    `UPDATE items SET status = 'available', updated_at = now(), version = version + 1 WHERE id = $1 AND status = 'maintenance'`,
    [itemId],
  );
  await audit(client, actor, { entity: 'item', entityId: itemId, action: 'serviced', data });
}

/**
 * 'Mark available after repair' from the barcode screen: closes the item's open repair log when it has
 * one, else records the service (items put in maintenance without a log).
 */
export async function markServiced(
  client: pg.PoolClient,
  actor: Actor,
  itemId: number,
  input: { work?: string | undefined; cost_minor: number },
): Promise<void> {
  const item = await lockItem(client, actor, itemId);
  const open = await client.query<{ id: number }>(
    `SELECT id FROM repair_logs WHERE item_id = $1 AND status = 'open'`,
    [itemId],
  );
  if (open.rows[0]) return closeRepair(client, actor, open.rows[0].id, input);
  if (item.status === 'rented') throw new AppError('itemOutOnRent');
  if (item.status === 'retired' || item.status === 'lost') throw new AppError('conflict');
  await finishService(client, actor, itemId, { work: input.work ?? null, cost_minor: input.cost_minor });
}

export async function getRepairLog(
  q: pg.PoolClient | pg.Pool,
  locationId: number,
  id: number,
): Promise<RepairLog> {
  const { rows } = await q.query<RepairLog>(
    `SELECT ${REPAIR_COLUMNS} ${REPAIR_FROM} WHERE r.id = $1 AND r.location_id = $2`,
    [id, locationId],
  );
  if (!rows[0]) throw new AppError('notFound');
  return rows[0];
}

export const REPAIR_COLUMNS = `r.id, r.item_id, i.sku AS item_sku, p.name AS product_name, r.status, r.problem, r.order_id,
  o.number AS order_number, r.opened_at, ou.name AS opened_by, r.closed_at,
  coalesce((SELECT sum(w.cost_minor) FROM repair_work w WHERE w.repair_log_id = r.id), 0)::bigint AS cost_minor,
  coalesce((SELECT json_agg(json_build_object('work', w.work, 'cost_minor', w.cost_minor, 'at', w.at, 'user', wu.name) ORDER BY w.id)
            FROM repair_work w LEFT JOIN users wu ON wu.id = w.user_id WHERE w.repair_log_id = r.id), '[]') AS work`;
export const REPAIR_FROM = `FROM repair_logs r JOIN items i ON i.id = r.item_id JOIN products p ON p.id = i.product_id
  LEFT JOIN orders o ON o.id = r.order_id LEFT JOIN users ou ON ou.id = r.opened_by`;

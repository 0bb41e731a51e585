import { AppError } from '@nine/shared/errors';
import type { RepairLog } from '@nine/shared/schemas/stock';

import { exec, maybeOne, one, type Queryable } from '../../db/sql.ts';
import type { Tables } from '../../db/tables.ts';
import { audit } from '../../lib/audit.ts';
import type { Actor } from '../../lib/actor.ts';

/** A repair log as REPAIR_COLUMNS reads it. */
export type RepairLogRow = Pick<
  Tables['repair_logs'],
  'id' | 'item_id' | 'status' | 'problem' | 'order_id' | 'opened_at' | 'closed_at'
> & {
  item_sku: Tables['items']['sku'];
  product_name: Tables['products']['name'];
  order_number: Tables['orders']['number'] | null;
  opened_by: Tables['users']['name'] | null;
  cost_minor: number;
  /** json_agg: `at` arrives as the ISO text JSON gives it. */
  work: RepairLog['work'];
};

/** A repair log as the response carries it: pg reads timestamptz as a Date, the contract has ISO strings. */
function repairLogOf(row: RepairLogRow): RepairLog {
  return { ...row, opened_at: row.opened_at.toISOString(), closed_at: row.closed_at?.toISOString() ?? null };
}

/** The item row the repair flow changes, locked for the rest of the transaction. */
async function lockItem(client: Queryable, actor: Actor, itemId: number) {
  const item = await maybeOne<Pick<Tables['items'], 'id' | 'status' | 'current_location_id'>>(
    client,
    'SELECT id, status, current_location_id FROM items WHERE id = $1 FOR UPDATE',
    [itemId],
  );
  if (!item) throw new AppError('notFound');
  if (item.current_location_id !== actor.locationId) throw new AppError('itemNotHere');
  return item;
}

/**
 * Opens a repair log: the item goes to maintenance (not bookable) until the log is closed. From a return
 * with damage, `order_id` names the order it came back from.
 */
export async function openRepair(
  client: Queryable,
  actor: Actor,
  input: { item_id: number; problem: string; order_id?: number | undefined },
): Promise<number> {
  const item = await lockItem(client, actor, input.item_id);
  if (item.status === 'rented') throw new AppError('itemOutOnRent');
  if (item.status === 'retired' || item.status === 'lost') throw new AppError('conflict');
  if (input.order_id !== undefined) {
    const onOrder = await exec(client, 'SELECT 1 FROM order_items WHERE order_id = $1 AND item_id = $2', [
      input.order_id,
      input.item_id,
    ]);
    if (!onOrder)
      throw new AppError('validation', { data: { issues: [{ path: 'order_id', code: 'not_on_order' }] } });
  }
  // A second open repair of the item is refused by repair_logs_open_item_idx (repairAlreadyOpen).
  const { id } = await one<Pick<Tables['repair_logs'], 'id'>>(
    client,
    `INSERT INTO repair_logs (item_id, location_id, order_id, problem, opened_by) VALUES ($1, $2, $3, $4, $5) RETURNING id`,
    [input.item_id, actor.locationId, input.order_id ?? null, input.problem, actor.userId],
  );
  await exec(
    client,
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

async function lockOpenLog(client: Queryable, actor: Actor, logId: number) {
  const log = await maybeOne<Pick<Tables['repair_logs'], 'id' | 'item_id' | 'status'>>(
    client,
    'SELECT id, item_id, status FROM repair_logs WHERE id = $1 AND location_id = $2 FOR UPDATE',
    [logId, actor.locationId],
  );
  if (!log) throw new AppError('notFound');
  if (log.status !== 'open') throw new AppError('repairLogClosed');
  return log;
}

export async function addRepairWork(
  client: Queryable,
  actor: Actor,
  logId: number,
  input: { work: string; cost_minor: number },
): Promise<void> {
  const log = await lockOpenLog(client, actor, logId);
  await exec(
    client,
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
async function recordService(client: Queryable, itemId: number): Promise<void> {
  await exec(
    client,
    `INSERT INTO item_services (item_id, last_service_at, rent_minutes_at_service)
     SELECT id, now(), rent_minutes FROM items WHERE id = $1
     ON CONFLICT (item_id) DO UPDATE SET last_service_at = EXCLUDED.last_service_at, rent_minutes_at_service = EXCLUDED.rent_minutes_at_service`,
    [itemId],
  );
}

/** Closes a repair log: the item is serviced and available again. */
export async function closeRepair(
  client: Queryable,
  actor: Actor,
  logId: number,
  input: { work?: string | undefined; cost_minor: number },
): Promise<void> {
  const log = await lockOpenLog(client, actor, logId);
  await lockItem(client, actor, log.item_id);
  if (input.work !== undefined)
    await addRepairWork(client, actor, logId, { work: input.work, cost_minor: input.cost_minor });
  await exec(
    client,
    `UPDATE repair_logs SET status = 'closed', closed_by = $2, closed_at = now() WHERE id = $1`,
    [log.id, actor.userId],
  );
  await finishService(client, actor, log.item_id, { repair_log_id: log.id });
}

async function finishService(client: Queryable, actor: Actor, itemId: number, data: object): Promise<void> {
  await recordService(client, itemId);
  await exec(
    client,
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
  client: Queryable,
  actor: Actor,
  itemId: number,
  input: { work?: string | undefined; cost_minor: number },
): Promise<void> {
  const item = await lockItem(client, actor, itemId);
  const open = await maybeOne<Pick<Tables['repair_logs'], 'id'>>(
    client,
    `SELECT id FROM repair_logs WHERE item_id = $1 AND status = 'open'`,
    [itemId],
  );
  if (open) return closeRepair(client, actor, open.id, input);
  if (item.status === 'rented') throw new AppError('itemOutOnRent');
  if (item.status === 'retired' || item.status === 'lost') throw new AppError('conflict');
  await finishService(client, actor, itemId, { work: input.work ?? null, cost_minor: input.cost_minor });
}

export async function getRepairLog(q: Queryable, locationId: number, id: number): Promise<RepairLog> {
  const log = await maybeOne<RepairLogRow>(
    q,
    `SELECT ${REPAIR_COLUMNS} ${REPAIR_FROM} WHERE r.id = $1 AND r.location_id = $2`,
    [id, locationId],
  );
  if (!log) throw new AppError('notFound');
  return repairLogOf(log);
}

export const REPAIR_COLUMNS = `r.id, r.item_id, i.sku AS item_sku, p.name AS product_name, r.status, r.problem, r.order_id,
  o.number AS order_number, r.opened_at, ou.name AS opened_by, r.closed_at,
  coalesce((SELECT sum(w.cost_minor) FROM repair_work w WHERE w.repair_log_id = r.id), 0)::bigint AS cost_minor,
  coalesce((SELECT json_agg(json_build_object('work', w.work, 'cost_minor', w.cost_minor, 'at', w.at, 'user', wu.name) ORDER BY w.id)
            FROM repair_work w LEFT JOIN users wu ON wu.id = w.user_id WHERE w.repair_log_id = r.id), '[]') AS work`;
export const REPAIR_FROM = `FROM repair_logs r JOIN items i ON i.id = r.item_id JOIN products p ON p.id = i.product_id
  LEFT JOIN orders o ON o.id = r.order_id LEFT JOIN users ou ON ou.id = r.opened_by`;

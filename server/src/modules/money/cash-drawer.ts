import type pg from 'pg';
import { AppError } from '@nine/shared/errors';
import type { Actor } from '../../lib/actor.ts';
import { exec, maybeOne, rows } from '../../db/sql.ts';
import type { Tables } from '../../db/tables.ts';

type Register = Pick<Tables['cash_registers'], 'id' | 'name'>;

/** The register and its open session a cash movement lands in. */
export interface Drawer {
  registerId: number;
  sessionId: number;
}

function closed(register: Register | null): AppError {
  return new AppError('registerClosed', {
    data: { register_id: register?.id ?? null, register_name: register?.name ?? null },
    // The message reads "Open the cash register{{name}} …": with no register chosen it names none.
    params: { name: register ? ` ${register.name}` : '' },
  });
}

/**
 * Where cash goes in or out (a cash payment, a cash refund, a deposit held or returned in cash): the
 * counter's own register when the location runs several (multi_register), else the location's current
 * register, else the only one open. It must have an open session, or the cash is refused (1256), because a
 * drawer that is not open cannot be counted. A location without any register takes cash as before: there is
 * no drawer to reconcile. Returns null then.
 *
 * The register row is share-locked before its session is read: closing a register locks it for update, so a
 * close waits for cash being taken and then counts it, or the cash waits for the close and finds it closed.
 */
export async function cashDrawer(
  client: pg.PoolClient,
  actor: Actor,
  asked: number | undefined,
): Promise<Drawer | null> {
  const registers = await rows<Register>(
    client,
    // Retired registers take no cash; a location whose registers are all retired has no drawer to count.
    'SELECT id, name FROM cash_registers WHERE location_id = $1 AND is_active ORDER BY id',
    [actor.locationId],
  );
  if (registers.length === 0) return null;
  const settings = await maybeOne<
    Pick<Tables['general_settings'], 'multi_register' | 'current_cash_register'>
  >(client, 'SELECT multi_register, current_cash_register FROM general_settings WHERE location_id = $1', [
    actor.locationId,
  ]);
  const s = settings ?? { multi_register: false, current_cash_register: null };
  let chosen: Register | undefined;
  if (asked !== undefined && s.multi_register && asked !== s.current_cash_register) {
    chosen = registers.find((r) => r.id === asked);
    if (!chosen)
      throw new AppError('validation', {
        data: { issues: [{ path: 'cash_register_id', code: 'unknown_register' }] },
      });
  } else if (s.current_cash_register !== null) {
    chosen = registers.find((r) => r.id === s.current_cash_register);
  }
  if (!chosen) {
    // No register named for this counter: the one open register, if exactly one is.
    const open = await rows<Pick<Tables['register_sessions'], 'cash_register_id'>>(
      client,
      `SELECT s.cash_register_id FROM register_sessions s JOIN cash_registers r ON r.id = s.cash_register_id
       WHERE r.location_id = $1 AND r.is_active AND s.closed_at IS NULL`,
      [actor.locationId],
    );
    if (open.length !== 1) throw closed(null);
    chosen = registers.find((r) => r.id === open[0]!.cash_register_id)!;
  }
  await exec(client, 'SELECT 1 FROM cash_registers WHERE id = $1 FOR SHARE', [chosen.id]);
  const session = await maybeOne<Pick<Tables['register_sessions'], 'id'>>(
    client,
    'SELECT id FROM register_sessions WHERE cash_register_id = $1 AND closed_at IS NULL',
    [chosen.id],
  );
  if (!session) throw closed(chosen);
  return { registerId: chosen.id, sessionId: session.id };
}

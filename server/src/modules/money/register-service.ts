import type pg from 'pg';
import { AppError } from '@nine/shared/errors';
import { MAX_TOTAL_MINOR } from '@nine/shared/money';
import { glAccounts, methodAccount } from './gl-accounts.ts';
import { postLedger } from './ledger.ts';
import { audit } from '../../lib/audit.ts';
import type { Actor } from '../../lib/actor.ts';
import { exec, maybeOne, one, type Queryable } from '../../db/sql.ts';
import type { Tables } from '../../db/tables.ts';

type RegisterRow = Pick<
  Tables['cash_registers'],
  'id' | 'name' | 'header_title' | 'default_terminal' | 'is_active' | 'version'
>;
/** An open session with the cash that went through it, as EXPECTED reads it. */
type SessionRow = Pick<Tables['register_sessions'], 'id' | 'opened_at' | 'float_minor'> & {
  opened_by: string;
  cash_sales_minor: number;
  cash_refunds_minor: number;
  cash_deposits_held_minor: number;
  cash_deposits_returned_minor: number;
  cash_in_minor: number;
  cash_out_minor: number;
};

/** A register as read (CashRegisterState on the wire, opened_at serialised from its Date). */
export type RegisterState = RegisterRow & { session: (SessionRow & { expected_minor: number }) | null };

/**
 * Cash expected in the drawer, all derived from what went through the session: float + cash taken (what was
 * kept: change given back is not in amount_minor) − cash refunded + cash deposits held − cash deposits
 * returned + cash in − cash out. Refunds and deposit movements record the session they went through (0022).
 */
const EXPECTED = `SELECT s.id, s.opened_at, u.name AS opened_by, s.float_minor,
    coalesce((SELECT sum(amount_minor) FROM payments p WHERE p.register_session_id = s.id AND p.method = 'cash'), 0)::bigint AS cash_sales_minor,
    coalesce((SELECT sum(r.amount_minor) FROM refunds r WHERE r.register_session_id = s.id), 0)::bigint AS cash_refunds_minor,
    coalesce((SELECT sum(amount_minor) FROM deposit_movements m
              WHERE m.register_session_id = s.id AND m.method = 'cash' AND m.kind = 'held'), 0)::bigint AS cash_deposits_held_minor,
    coalesce((SELECT sum(amount_minor) FROM deposit_movements m
              WHERE m.register_session_id = s.id AND m.method = 'cash' AND m.kind = 'returned'), 0)::bigint AS cash_deposits_returned_minor,
    coalesce((SELECT sum(amount_minor) FROM register_movements m WHERE m.register_session_id = s.id AND m.kind = 'cash_in'), 0)::bigint AS cash_in_minor,
    coalesce((SELECT sum(amount_minor) FROM register_movements m WHERE m.register_session_id = s.id AND m.kind = 'cash_out'), 0)::bigint AS cash_out_minor
  FROM register_sessions s JOIN users u ON u.id = s.opened_by`;

/** Moves and closes of one drawer take turns, each reading the drawer after it holds the lock. */
async function lockRegister(client: pg.PoolClient, actor: Actor, registerId: number): Promise<void> {
  const rowCount = await exec(
    client,
    'SELECT 1 FROM cash_registers WHERE id = $1 AND location_id = $2 FOR UPDATE',
    [registerId, actor.locationId],
  );
  if (!rowCount) throw new AppError('notFound');
}

export function createRegisterService() {
  async function register(client: Queryable, actor: Actor, registerId: number): Promise<RegisterState> {
    const row = await maybeOne<RegisterRow>(
      client,
      'SELECT id, name, header_title, default_terminal, is_active, version FROM cash_registers WHERE id = $1 AND location_id = $2',
      [registerId, actor.locationId],
    );
    if (!row) throw new AppError('notFound');
    const s = await maybeOne<SessionRow>(
      client,
      `${EXPECTED} WHERE s.cash_register_id = $1 AND s.closed_at IS NULL`,
      [registerId],
    );
    return {
      ...row,
      session: s
        ? {
            ...s,
            expected_minor:
              s.float_minor +
              s.cash_sales_minor -
              s.cash_refunds_minor +
              s.cash_deposits_held_minor -
              s.cash_deposits_returned_minor +
              s.cash_in_minor -
              s.cash_out_minor,
          }
        : null,
    };
  }

  async function open(
    client: pg.PoolClient,
    actor: Actor,
    registerId: number,
    floatMinor: number,
  ): Promise<void> {
    // Locked, so a register being retired (Location settings) is either retired first or waits for this open.
    await lockRegister(client, actor, registerId);
    if (!(await register(client, actor, registerId)).is_active) throw new AppError('registerInactive');
    // A second open session is refused by register_sessions_one_open (409 register_already_open).
    await exec(
      client,
      'INSERT INTO register_sessions (cash_register_id, opened_by, float_minor) VALUES ($1, $2, $3)',
      [registerId, actor.userId, floatMinor],
    );
    await audit(client, actor, {
      entity: 'cash_register',
      entityId: registerId,
      action: 'opened',
      data: { float_minor: floatMinor },
    });
  }

  async function move(
    client: pg.PoolClient,
    actor: Actor,
    registerId: number,
    input: { kind: 'cash_in' | 'cash_out'; amount_minor: number; reason: string },
  ): Promise<void> {
    await lockRegister(client, actor, registerId);
    const state = await register(client, actor, registerId);
    if (!state.session) throw new AppError('conflict', { data: { reason: 'register_closed' } });
    if (input.kind === 'cash_in' && state.session.expected_minor + input.amount_minor > MAX_TOTAL_MINOR)
      throw new AppError('amountTooLarge', { params: { max: MAX_TOTAL_MINOR / 100 } });
    if (input.kind === 'cash_out' && input.amount_minor > state.session.expected_minor) {
      throw new AppError('validation', {
        data: {
          issues: [
            { path: 'amount_minor', code: 'exceeds_drawer', expected_minor: state.session.expected_minor },
          ],
        },
      });
    }
    const movement = await one<Pick<Tables['register_movements'], 'id'>>(
      client,
      'INSERT INTO register_movements (register_session_id, kind, amount_minor, reason, created_by) VALUES ($1, $2, $3, $4, $5) RETURNING id',
      [state.session.id, input.kind, input.amount_minor, input.reason, actor.userId],
    );
    // Cash deposits to the bank (cash out) or change brought in: cash against the owner's account.
    const sign = input.kind === 'cash_in' ? 1 : -1;
    const gl = await glAccounts(client);
    await postLedger(client, { location_id: actor.locationId, register_movement_id: movement.id }, [
      { gl: methodAccount(gl, 'cash'), amount: sign * input.amount_minor },
      { gl: gl.system.over_short, amount: -sign * input.amount_minor },
    ]);
  }

  /** Closing records the counted cash and the difference; a shortfall or surplus goes to over/short. */
  async function close(
    client: pg.PoolClient,
    actor: Actor,
    registerId: number,
    countedMinor: number,
  ): Promise<{ expected_minor: number; counted_minor: number; difference_minor: number }> {
    await lockRegister(client, actor, registerId);
    const state = await register(client, actor, registerId);
    if (!state.session) throw new AppError('conflict', { data: { reason: 'register_closed' } });
    const expected = state.session.expected_minor;
    const difference = countedMinor - expected;
    await exec(
      client,
      `UPDATE register_sessions SET closed_by = $2, closed_at = now(), expected_minor = $3, counted_minor = $4, difference_minor = $5 WHERE id = $1`,
      [state.session.id, actor.userId, expected, countedMinor, difference],
    );
    if (difference !== 0) {
      const gl = await glAccounts(client);
      await postLedger(client, { location_id: actor.locationId }, [
        { gl: methodAccount(gl, 'cash'), amount: difference },
        { gl: gl.system.over_short, amount: -difference },
      ]);
    }
    await audit(client, actor, {
      entity: 'cash_register',
      entityId: registerId,
      action: 'closed',
      data: {
        expected_minor: expected,
        counted_minor: countedMinor,
        difference_minor: difference,
      },
    });
    return { expected_minor: expected, counted_minor: countedMinor, difference_minor: difference };
  }

  return { register, open, move, close };
}

export type RegisterService = ReturnType<typeof createRegisterService>;

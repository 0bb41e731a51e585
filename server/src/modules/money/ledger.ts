import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { exec } from '../../db/sql.ts';

export interface LedgerLine {
  gl: string;
  amount: number;
}

export interface LedgerRefs {
  location_id: number;
  order_id?: number | null;
  invoice_id?: number | null;
  payment_id?: number | null;
  refund_id?: number | null;
  deposit_movement_id?: number | null;
  register_movement_id?: number | null;
}

/**
 * Writes one balanced transaction: its lines must sum to zero, or nothing is written and the
 * caller's transaction fails. Balances are read from these rows, never kept beside them.
 */
export async function postLedger(
  client: pg.PoolClient,
  refs: LedgerRefs,
  lines: LedgerLine[],
): Promise<string> {
  const sum = lines.reduce((s, l) => s + l.amount, 0);
  if (sum !== 0 || lines.some((l) => !Number.isSafeInteger(l.amount)))
    throw new Error(`unbalanced ledger transaction: ${JSON.stringify(lines)}`);
  const txn = randomUUID();
  const rows = lines.filter((l) => l.amount !== 0);
  await exec(
    client,
    `INSERT INTO ledger_entries (txn_id, gl_code, amount_minor, location_id, order_id, invoice_id, payment_id, refund_id, deposit_movement_id, register_movement_id)
     SELECT $1, gl, amount, $4, $5, $6, $7, $8, $9, $10 FROM unnest($2::text[], $3::bigint[]) AS t(gl, amount)`,
    [
      txn,
      rows.map((l) => l.gl),
      rows.map((l) => l.amount),
      refs.location_id,
      refs.order_id ?? null,
      refs.invoice_id ?? null,
      refs.payment_id ?? null,
      refs.refund_id ?? null,
      refs.deposit_movement_id ?? null,
      refs.register_movement_id ?? null,
    ],
  );
  return txn;
}

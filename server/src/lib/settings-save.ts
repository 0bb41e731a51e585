import { AppError } from '@nine/shared/errors';
import { exec, maybeOne, one, type Queryable } from '../db/sql.ts';
import type { Tables } from '../db/tables.ts';
import { audit, type AuditActor } from './audit.ts';

/** The tables a settings screen saves into; every one has `version` and `updated_at` (migration 0026). */
export type SettingsTable =
  | 'business_info'
  | 'general_settings'
  | 'activity_settings'
  | 'location_activity_settings'
  | 'access_policy'
  | 'taxes'
  | 'gl_codes'
  | 'gl_payment_accounts'
  | 'gl_system_accounts'
  | 'gl_tax_accounts'
  | 'gl_category_accounts'
  | 'cash_registers'
  | 'locations'
  | 'location_hours'
  | 'location_special_days'
  | 'delivery_zones'
  | 'delivery_windows'
  | 'rental_periods'
  | 'rent_rates'
  | 'special_pricing_rules'
  | 'location_square'
  | 'product_line_defaults'
  | 'location_product_lines'
  | 'coupon_settings'
  | 'tour_settings'
  | 'tour_places'
  | 'tour_groups'
  | 'tour_age_groups'
  | 'tour_terms';

type Row<T extends SettingsTable> = Tables[T];

export interface SettingsChange<T extends SettingsTable> {
  table: T;
  /** The row's key, e.g. `{ location_id: 3, rental_type_id: 1 }`; columns named in code, never input. */
  key: Partial<Row<T>>;
  /** The version the person edited; another one is a 409 carrying the current version. */
  version: number;
  /** Only the columns the schema allows; an unchanged value is left out of the update and the audit. */
  changes: Partial<Row<T>>;
  /**
   * A missing row means "the defaults" (per-location settings no one has saved yet): it is created with the
   * columns' defaults, version 1, before the change applies, so a screen that showed the defaults saves.
   */
  createMissing?: boolean;
  /** Columns whose values never reach the audit log: it records that they changed, not to what. */
  secret?: readonly (keyof Row<T>)[];
}

const IDENTIFIER = /^[a-z_][a-z0-9_]*$/;

function identifiers(names: string[]): string[] {
  for (const name of names) if (!IDENTIFIER.test(name)) throw new Error(`settings: bad column ${name}`);
  return names;
}

/**
 * Raises the business's settings revision. Every settings save does it first, before it locks a settings
 * row, so concurrent saves queue on this one row in the same order and cannot deadlock. Answers carry the
 * committed revision (authenticate), which tells browsers to refetch the settings they hold.
 */
export async function bumpSettingsRevision(client: Queryable): Promise<void> {
  await exec(client, 'UPDATE settings_revision SET revision = revision + 1 WHERE id = 1');
}

const same = (a: unknown, b: unknown): boolean =>
  a instanceof Date || b instanceof Date
    ? String(a instanceof Date ? a.toISOString() : a) === String(b instanceof Date ? b.toISOString() : b)
    : JSON.stringify(a) === JSON.stringify(b);

/**
 * The one way a settings row changes, inside the caller's transaction: raises the revision, locks the row,
 * checks the version, writes the changed columns with version + 1, and audits old and new values. Answers
 * the row as it now stands. A change that changes nothing keeps the version and writes no audit row.
 */
export async function saveSettings<T extends SettingsTable>(
  client: Queryable,
  actor: AuditActor | null,
  change: SettingsChange<T>,
): Promise<Row<T>> {
  const keyColumns = identifiers(Object.keys(change.key));
  const keyValues = keyColumns.map((c) => (change.key as Record<string, unknown>)[c]);
  const where = keyColumns.map((c, i) => `${c} = $${i + 1}`).join(' AND ');
  await bumpSettingsRevision(client);
  if (change.createMissing) {
    await exec(
      client,
      `INSERT INTO ${change.table} (${keyColumns.join(', ')}) VALUES (${keyColumns.map((_, i) => `$${i + 1}`).join(', ')})
       ON CONFLICT DO NOTHING`,
      keyValues,
    );
  }
  const before = await maybeOne<Row<T>>(
    client,
    `SELECT * FROM ${change.table} WHERE ${where} FOR UPDATE`,
    keyValues,
  );
  if (!before) throw new AppError('notFound');
  const current = (before as { version: number }).version;
  if (current !== change.version) throw new AppError('versionConflict', { data: { version: current } });

  const changes = change.changes as Record<string, unknown>;
  const old = before as Record<string, unknown>;
  const columns = identifiers(
    Object.keys(changes).filter((c) => changes[c] !== undefined && !same(changes[c], old[c])),
  );
  if (columns.length === 0) return before;
  const after = await one<Row<T>>(
    client,
    `UPDATE ${change.table}
     SET ${columns.map((c, i) => `${c} = $${keyColumns.length + i + 1}`).join(', ')},
         version = version + 1, updated_at = now()
     WHERE ${where} RETURNING *`,
    [...keyValues, ...columns.map((c) => changes[c])],
  );
  const secret = new Set<string>((change.secret ?? []) as string[]);
  const shown = (row: Record<string, unknown>) =>
    Object.fromEntries(columns.map((c) => [c, secret.has(c) ? '(changed)' : row[c]]));
  // One audit entity for every settings table; the id names the table and the row.
  await audit(client, actor, {
    entity: 'settings',
    entityId: [change.table, ...keyValues].join(':'),
    action: 'updated',
    data: { old: shown(old), new: shown(after as Record<string, unknown>) },
  });
  return after;
}

/**
 * Removes one row of a settings list (a tax, a code, a special day, a delivery window) inside the caller's
 * transaction: raises the revision, locks the row, refuses a stale version with 409 like a save, runs the
 * caller's check on the row as locked (in use? built in?), deletes it and audits what it was. Answers it.
 */
export async function deleteSettings<T extends SettingsTable>(
  client: Queryable,
  actor: AuditActor | null,
  change: Pick<SettingsChange<T>, 'table' | 'key' | 'version'> & { check?: (row: Row<T>) => Promise<void> },
): Promise<Row<T>> {
  const keyColumns = identifiers(Object.keys(change.key));
  const keyValues = keyColumns.map((c) => (change.key as Record<string, unknown>)[c]);
  const where = keyColumns.map((c, i) => `${c} = $${i + 1}`).join(' AND ');
  await bumpSettingsRevision(client);
  const before = await maybeOne<Row<T>>(
    client,
    `SELECT * FROM ${change.table} WHERE ${where} FOR UPDATE`,
    keyValues,
  );
  if (!before) throw new AppError('notFound');
  const current = (before as { version: number }).version;
  if (current !== change.version) throw new AppError('versionConflict', { data: { version: current } });
  await change.check?.(before);
  await exec(client, `DELETE FROM ${change.table} WHERE ${where}`, keyValues);
  const { version: _version, updated_at: _updated, ...old } = before as Record<string, unknown>;
  await audit(client, actor, {
    entity: 'settings',
    entityId: [change.table, ...keyValues].join(':'),
    action: 'deleted',
    data: { old },
  });
  return before;
}

/**
 * Moves a settings row's version without changing a column: for a value kept elsewhere but saved under this
 * row's version (a location's time zone shown in its Regional section), so a screen that showed the old one
 * is refused. The caller raised the revision already (its own save did).
 */
export async function touchSettings<T extends SettingsTable>(
  client: Queryable,
  change: Pick<SettingsChange<T>, 'table' | 'key'>,
): Promise<void> {
  const keyColumns = identifiers(Object.keys(change.key));
  await exec(
    client,
    `UPDATE ${change.table} SET version = version + 1, updated_at = now()
     WHERE ${keyColumns.map((c, i) => `${c} = $${i + 1}`).join(' AND ')}`,
    keyColumns.map((c) => (change.key as Record<string, unknown>)[c]),
  );
}

/**
 * Adds one row to a settings list (a tax, a cash register, a general ledger code) inside the caller's
 * transaction: raises the revision, inserts, audits the new values. A taken name is the table's unique rule
 * (lib/db-errors.ts), a 409.
 */
export async function createSettings<T extends SettingsTable>(
  client: Queryable,
  actor: AuditActor | null,
  table: T,
  values: Partial<Row<T>>,
  entityId: (row: Row<T>) => string | number,
): Promise<Row<T>> {
  const record = values as Record<string, unknown>;
  const columns = identifiers(Object.keys(record).filter((c) => record[c] !== undefined));
  await bumpSettingsRevision(client);
  const row = await one<Row<T>>(
    client,
    `INSERT INTO ${table} (${columns.join(', ')}) VALUES (${columns.map((_, i) => `$${i + 1}`).join(', ')})
     RETURNING *`,
    columns.map((c) => record[c]),
  );
  await audit(client, actor, {
    entity: 'settings',
    entityId: `${table}:${entityId(row)}`,
    action: 'created',
    data: { new: Object.fromEntries(columns.map((c) => [c, (row as Record<string, unknown>)[c]])) },
  });
  return row;
}

import {
  isGeneralSetting,
  LINE_SETTINGS,
  lineRentalType,
  PRODUCT_LINES,
  type LineSetting,
  type LineValues,
  type ProductLine,
} from '@nine/shared/schemas/product-lines';
import { exec, maybeOne, one, rows, type Queryable } from '../../db/sql.ts';
import type { Tables } from '../../db/tables.ts';
import type { AuditActor } from '../../lib/audit.ts';
import { saveSettings } from '../../lib/settings-save.ts';
import { activitySettingsAnswer } from './get-activity-settings.ts';

// Setting levels (ARCHITECTURE.md): the business's default of a line (DSL, product_line_defaults), a
// location's own values (CPL, location_product_lines.overrides) and what is enforced (CVL), held in the
// activity and general settings rows that every reader reads. Writers of this file keep CVL = CPL where the
// location overrides, else DSL, else the built-in default. Every function runs in the caller's transaction,
// after the settings revision was raised (so the versions read here cannot move before the save locks).

export type Values = LineValues;

export const settingsOf = (line: ProductLine): readonly LineSetting[] => LINE_SETTINGS[line];

const BUILT_IN = activitySettingsAnswer(0, lineRentalType.rent, null);

/** The value a location with no row works by (the columns' defaults; no print header). */
function builtIn(setting: LineSetting): LineValues[keyof LineValues] {
  return isGeneralSetting(setting) ? null : BUILT_IN[setting];
}

/** False for the tour line of a business without the Tours rental type. */
export async function lineAvailable(q: Queryable, line: ProductLine): Promise<boolean> {
  return (await exec(q, 'SELECT 1 FROM rental_types WHERE id = $1', [lineRentalType[line]])) > 0;
}

/** The business's defaults of a line: the row, the values it sets, and every setting's default value. */
export async function lineDefaults(q: Queryable, line: ProductLine) {
  const row = await one<
    Pick<Tables['product_line_defaults'], 'version' | 'updated_at'> & { settings: Values }
  >(q, 'SELECT settings, version, updated_at FROM product_line_defaults WHERE product_line = $1', [line]);
  const values = Object.fromEntries(
    settingsOf(line).map((s) => [s, s in row.settings ? row.settings[s] : builtIn(s)]),
  ) as Values;
  return { row, set: row.settings, values };
}

/** The values a location works by (CVL) for a line: its rows, or the built-in defaults without. */
export async function locationValues(q: Queryable, locationId: number, line: ProductLine): Promise<Values> {
  const rentalTypeId = lineRentalType[line];
  const activity = await maybeOne<Tables['activity_settings']>(
    q,
    'SELECT * FROM activity_settings WHERE location_id = $1 AND rental_type_id = $2',
    [locationId, rentalTypeId],
  );
  const general = await maybeOne<
    Pick<Tables['general_settings'], 'order_print_header' | 'sale_order_print_header'>
  >(q, 'SELECT order_print_header, sale_order_print_header FROM general_settings WHERE location_id = $1', [
    locationId,
  ]);
  const current = activitySettingsAnswer(locationId, rentalTypeId, activity);
  return Object.fromEntries(
    settingsOf(line).map((s) => [s, isGeneralSetting(s) ? (general?.[s] ?? null) : current[s]]),
  ) as Values;
}

/** The settings of a line a location overrides, and its row's version (1 while it has none). */
export async function locationOverrides(
  q: Queryable,
  locationId: number,
  line: ProductLine,
): Promise<{ overrides: LineSetting[]; version: number }> {
  const row = await maybeOne<Pick<Tables['location_product_lines'], 'overrides' | 'version'>>(
    q,
    'SELECT overrides, version FROM location_product_lines WHERE location_id = $1 AND product_line = $2',
    [locationId, line],
  );
  const known = new Set<string>(settingsOf(line));
  return {
    overrides: (row?.overrides ?? []).filter((s): s is LineSetting => known.has(s)),
    version: row?.version ?? 1,
  };
}

/** Saves a location's overrides of a line (the row is created on the first one). */
export async function saveOverrides(
  client: Queryable,
  actor: AuditActor | null,
  locationId: number,
  line: ProductLine,
  overrides: readonly LineSetting[],
): Promise<void> {
  const { version } = await locationOverrides(client, locationId, line);
  await saveSettings(client, actor, {
    table: 'location_product_lines',
    key: { location_id: locationId, product_line: line },
    version,
    changes: { overrides: [...new Set(overrides)].sort() },
    createMissing: true,
  });
}

/**
 * Writes values into a location's activity and general settings rows (created when missing) through
 * settings-save, so each row's version moves and the change is audited. Only changed columns are written.
 */
export async function writeLocationValues(
  client: Queryable,
  actor: AuditActor | null,
  locationId: number,
  line: ProductLine,
  values: Values,
): Promise<void> {
  const entries = Object.entries(values) as [LineSetting, unknown][];
  const activity = Object.fromEntries(entries.filter(([s]) => !isGeneralSetting(s)));
  const general = Object.fromEntries(entries.filter(([s]) => isGeneralSetting(s)));
  if (Object.keys(activity).length > 0) {
    const rentalTypeId = lineRentalType[line];
    const row = await maybeOne<Pick<Tables['activity_settings'], 'version'>>(
      client,
      'SELECT version FROM activity_settings WHERE location_id = $1 AND rental_type_id = $2',
      [locationId, rentalTypeId],
    );
    await saveSettings(client, actor, {
      table: 'activity_settings',
      key: { location_id: locationId, rental_type_id: rentalTypeId },
      version: row?.version ?? 1,
      changes: activity,
      createMissing: true,
    });
  }
  if (Object.keys(general).length > 0) {
    const row = await maybeOne<Pick<Tables['general_settings'], 'version'>>(
      client,
      'SELECT version FROM general_settings WHERE location_id = $1',
      [locationId],
    );
    await saveSettings(client, actor, {
      table: 'general_settings',
      key: { location_id: locationId },
      version: row?.version ?? 1,
      changes: general,
      createMissing: true,
    });
  }
}

/**
 * Writes the values a line's default sets into every location that does not override them (or only into
 * `onlyLocation`, a new location). Locations in id order, as every settings save locks rows.
 */
export async function applyLineDefaults(
  client: Queryable,
  actor: AuditActor | null,
  line: ProductLine,
  set: Values,
  onlyLocation?: number,
): Promise<void> {
  const locations = await rows<{ id: number; overrides: string[] | null }>(
    client,
    `SELECT l.id, o.overrides FROM locations l
     LEFT JOIN location_product_lines o ON o.location_id = l.id AND o.product_line = $1
     WHERE $2::int IS NULL OR l.id = $2 ORDER BY l.id`,
    [line, onlyLocation ?? null],
  );
  for (const location of locations) {
    const own = new Set(location.overrides ?? []);
    const values = Object.fromEntries(
      settingsOf(line)
        .filter((s) => s in set && !own.has(s))
        .map((s) => [s, set[s]]),
    ) as Values;
    await writeLocationValues(client, actor, location.id, line, values);
  }
}

/**
 * A new location starts from the business's defaults of every line. No route creates locations yet; a
 * location create calls this in its transaction (the seed does, seed-settings-lines.ts).
 */
export async function applyProductLineDefaults(
  client: Queryable,
  actor: AuditActor | null,
  locationId: number,
): Promise<void> {
  for (const line of PRODUCT_LINES) {
    if (!(await lineAvailable(client, line))) continue;
    const { set } = await lineDefaults(client, line);
    await applyLineDefaults(client, actor, line, set, locationId);
  }
}

/**
 * After a save made at a location by another screen (Activity, Location's print headers): a line's setting
 * the location follows whose value now differs from the business's default is the location's own from now
 * on, so a later default does not overwrite it. Call after the save, in its transaction.
 */
export async function keepLocationValues(
  client: Queryable,
  actor: AuditActor | null,
  locationId: number,
  rentalTypeId: number | null,
): Promise<void> {
  for (const line of PRODUCT_LINES) {
    if (rentalTypeId !== null && lineRentalType[line] !== rentalTypeId) continue;
    const settings = settingsOf(line).filter((s) => (rentalTypeId === null) === isGeneralSetting(s));
    if (settings.length === 0) continue;
    const { values: defaults } = await lineDefaults(client, line);
    const current = await locationValues(client, locationId, line);
    const { overrides } = await locationOverrides(client, locationId, line);
    const own = new Set(overrides);
    const added = settings.filter((s) => !own.has(s) && !sameValue(current[s], defaults[s]));
    if (added.length > 0) await saveOverrides(client, actor, locationId, line, [...overrides, ...added]);
  }
}

export const sameValue = (a: unknown, b: unknown): boolean => (a ?? null) === (b ?? null);

/** FNV-1a of what a location's line screen shows (positive 31 bits, as a version is): its version. */
export function fingerprint(shown: unknown): number {
  let hash = 0x811c9dc5;
  for (const c of JSON.stringify(shown)) hash = Math.imul(hash ^ c.charCodeAt(0), 0x01000193);
  return hash >>> 1 || 1;
}

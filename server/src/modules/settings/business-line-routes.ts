import type { FastifyInstance } from 'fastify';
import { AppError } from '@nine/shared/errors';
import {
  businessLineUpdate,
  lineParams,
  type BusinessLine,
  type ProductLine,
} from '@nine/shared/schemas/product-lines';
import type { Db } from '../../db/pool.ts';
import { exec, rows, type Queryable } from '../../db/sql.ts';
import { actorOf } from '../../lib/actor.ts';
import { bumpSettingsRevision, saveSettings } from '../../lib/settings-save.ts';
import { transaction } from '../../lib/transaction.ts';
import { parse } from '../../lib/validate.ts';
import { assertBusinessWide, BUSINESS_SETTING_CHANGE } from './business-setting-access.ts';
import {
  applyLineDefaults,
  lineAvailable,
  lineDefaults,
  sameValue,
  settingsOf,
  type Values,
} from './product-line-state.ts';

const BUSINESS_SETTING_VIEW = { resource: 'business_setting', action: 'view' } as const;

async function businessLineOf(q: Queryable, line: ProductLine): Promise<BusinessLine> {
  const { row, values } = await lineDefaults(q, line);
  const counts = await rows<{ setting: string; locations: number }>(
    q,
    `SELECT s.setting, count(*)::int AS locations
     FROM location_product_lines o CROSS JOIN unnest(o.overrides) AS s(setting)
     WHERE o.product_line = $1 GROUP BY s.setting`,
    [line],
  );
  const settings = settingsOf(line);
  return {
    line,
    available: await lineAvailable(q, line),
    settings: [...settings],
    values,
    overridden: Object.fromEntries(
      counts
        .filter((c) => (settings as readonly string[]).includes(c.setting))
        .map((c) => [c.setting, c.locations]),
    ),
    version: row.version,
    updated_at: row.version === 1 ? null : row.updated_at.toISOString(),
  };
}

/**
 * The business's defaults per product line (DSL, screens business-rent, -sale, -tour). A save changes every
 * location at once, so it needs business_setting change at each of them (403 business_wide_only), and writes
 * the defaults into the settings rows of every location that does not override them, in one transaction.
 */
export function registerBusinessLineRoutes(app: FastifyInstance, deps: { db: Db }): void {
  app.get(
    '/api/nine/settings/business-lines/:line',
    { config: { access: BUSINESS_SETTING_VIEW } },
    async (request) => {
      const { line } = parse(lineParams, request.params);
      return { data: await businessLineOf(deps.db.pool, line) };
    },
  );

  app.put(
    '/api/nine/settings/business-lines/:line',
    { config: { access: BUSINESS_SETTING_CHANGE } },
    async (request) => {
      const { line } = parse(lineParams, request.params);
      const { version, values } = parse(businessLineUpdate, request.body);
      const settings = settingsOf(line);
      const foreign = Object.keys(values).filter((s) => !(settings as readonly string[]).includes(s));
      if (foreign.length > 0)
        throw new AppError('validation', {
          data: { issues: foreign.map((path) => ({ path: `values.${path}`, code: 'not_in_line' })) },
        });
      const actor = actorOf(request);
      const data = await transaction(deps.db, async (client) => {
        await assertBusinessWide(client, actor.userId);
        if (!(await lineAvailable(client, line))) throw new AppError('productLineUnavailable');
        // The revision first (every settings save takes it first), then the defaults row under its lock:
        // what is merged below is what no one else can change before this commits.
        await bumpSettingsRevision(client);
        await exec(client, 'SELECT 1 FROM product_line_defaults WHERE product_line = $1 FOR UPDATE', [line]);
        const { set } = await lineDefaults(client, line);
        // An absent setting keeps the default it had (a key left undefined by the schema counts as absent).
        const given = Object.fromEntries(
          Object.entries(values as Values).filter(([, v]) => v !== undefined),
        ) as Values;
        const merged: Values = Object.fromEntries(
          settings.filter((s) => s in set || s in given).map((s) => [s, s in given ? given[s] : set[s]]),
        ) as Values;
        const changed = settings.some((s) => s in merged && (!(s in set) || !sameValue(merged[s], set[s])));
        // Version checked and the revision raised even when nothing changed, so a stale screen is told.
        const saved = await saveSettings(client, actor, {
          table: 'product_line_defaults',
          key: { product_line: line },
          version,
          changes: changed ? { settings: merged } : {},
        });
        await applyLineDefaults(client, actor, line, saved.settings as Values);
        return businessLineOf(client, line);
      });
      return { data };
    },
  );
}

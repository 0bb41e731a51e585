import type { FastifyInstance } from 'fastify';
import { AppError } from '@nine/shared/errors';
import {
  lineParams,
  locationLineQuery,
  locationLineUpdate,
  type LocationLine,
  type ProductLine,
} from '@nine/shared/schemas/product-lines';
import type { Db } from '../../db/pool.ts';
import type { Queryable } from '../../db/sql.ts';
import { actorOf } from '../../lib/actor.ts';
import { assertLocationAccess } from '../../lib/location-access.ts';
import { bumpSettingsRevision } from '../../lib/settings-save.ts';
import { transaction } from '../../lib/transaction.ts';
import { parse } from '../../lib/validate.ts';
import type { AuthService } from '../auth/auth-service.ts';
import {
  fingerprint,
  lineAvailable,
  lineDefaults,
  locationOverrides,
  locationValues,
  saveOverrides,
  settingsOf,
  writeLocationValues,
  type Values,
} from './product-line-state.ts';

const LOCATION_SETTING_VIEW = { resource: 'location_setting', action: 'view' } as const;
const LOCATION_SETTING_CHANGE = { resource: 'location_setting', action: 'change' } as const;

async function locationLineOf(q: Queryable, locationId: number, line: ProductLine): Promise<LocationLine> {
  const { values: defaults } = await lineDefaults(q, line);
  const values = await locationValues(q, locationId, line);
  const { overrides } = await locationOverrides(q, locationId, line);
  return {
    line,
    location_id: locationId,
    available: await lineAvailable(q, line),
    settings: [...settingsOf(line)],
    values,
    defaults,
    overrides,
    // What the screen shows, not a row's version: another section of the same rows saved meanwhile (a
    // currency, the invoice header) does not make this screen stale; a changed value or default does.
    version: fingerprint([values, defaults, overrides]),
  };
}

/**
 * A location's values of a product line (CPL over DSL, screens location-rent, -sale, -tour), read and changed
 * with location_setting at that location. A value set here becomes the location's own (overridden) and is
 * written into its settings rows; a reset follows the business default again and takes its value back.
 */
export function registerLocationLineRoutes(app: FastifyInstance, deps: { db: Db; auth: AuthService }): void {
  app.get(
    '/api/nine/settings/location-lines/:line',
    { config: { access: LOCATION_SETTING_VIEW } },
    async (request) => {
      const { line } = parse(lineParams, request.params);
      const { location_id } = parse(locationLineQuery, request.query);
      const actor = actorOf(request);
      const locationId = location_id ?? actor.locationId;
      await assertLocationAccess(deps.auth, actor, locationId, LOCATION_SETTING_VIEW);
      return { data: await locationLineOf(deps.db.pool, locationId, line) };
    },
  );

  app.put(
    '/api/nine/settings/location-lines/:line',
    { config: { access: LOCATION_SETTING_CHANGE } },
    async (request) => {
      const { line } = parse(lineParams, request.params);
      const input = parse(locationLineUpdate, request.body);
      const settings: readonly string[] = settingsOf(line);
      const given = Object.fromEntries(
        Object.entries(input.values as Values).filter(([, v]) => v !== undefined),
      ) as Values;
      const issues = [
        ...Object.keys(given)
          .filter((s) => !settings.includes(s))
          .map((s) => ({ path: `values.${s}`, code: 'not_in_line' })),
        ...input.reset
          .filter((s) => !settings.includes(s) || s in given)
          .map((s) => ({ path: 'reset', code: settings.includes(s) ? 'set_and_reset' : 'not_in_line' })),
      ];
      if (issues.length > 0) throw new AppError('validation', { data: { issues } });
      const actor = actorOf(request);
      const locationId = input.location_id ?? actor.locationId;
      const data = await transaction(deps.db, async (client) => {
        await assertLocationAccess(deps.auth, actor, locationId, LOCATION_SETTING_CHANGE, client);
        if (!(await lineAvailable(client, line))) throw new AppError('productLineUnavailable');
        // First, so every settings save queues behind this one: what is read next cannot move before it ends.
        await bumpSettingsRevision(client);
        const shown = await locationLineOf(client, locationId, line);
        if (shown.version !== input.version)
          throw new AppError('versionConflict', { data: { version: shown.version } });
        const reset = new Set(input.reset);
        const overrides = [
          ...shown.overrides.filter((s) => !reset.has(s)),
          ...(Object.keys(given) as typeof shown.overrides),
        ];
        await saveOverrides(client, actor, locationId, line, overrides);
        const back = Object.fromEntries(input.reset.map((s) => [s, shown.defaults[s]])) as Values;
        await writeLocationValues(client, actor, locationId, line, { ...given, ...back });
        return locationLineOf(client, locationId, line);
      });
      return { data };
    },
  );
}

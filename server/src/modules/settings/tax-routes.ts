import type { FastifyInstance } from 'fastify';
import { AppError } from '@nine/shared/errors';
import {
  taxInput,
  taxModeUpdate,
  taxUpdate,
  type TaxList,
  type TaxModeView,
  type TaxRow,
} from '@nine/shared/schemas/business-settings';
import { showTaxesMode } from '@nine/shared/tax';
import type { Db } from '../../db/pool.ts';
import { exec, maybeOne, rows, type Queryable } from '../../db/sql.ts';
import type { Tables } from '../../db/tables.ts';
import { actorOf } from '../../lib/actor.ts';
import { idParams } from '../../lib/id-param.ts';
import {
  bumpSettingsRevision,
  createSettings,
  deleteSettings,
  saveSettings,
} from '../../lib/settings-save.ts';
import { transaction } from '../../lib/transaction.ts';
import { parse } from '../../lib/validate.ts';
import { assertBusinessWide, BUSINESS_SETTING_CHANGE } from './business-setting-access.ts';
import { settingsDeleteQuery } from '@nine/shared/schemas/settings';

const BUSINESS_SETTING_VIEW = { resource: 'business_setting', action: 'view' } as const;

const TAX_ROW = `SELECT t.id, t.name, t.rate_bp, t.is_active, t.version,
                        (EXISTS (SELECT 1 FROM products p WHERE p.tax_id = t.id)
                         OR EXISTS (SELECT 1 FROM invoice_lines l WHERE l.tax_id = t.id)) AS in_use
                 FROM taxes t`;

async function taxRow(q: Queryable, id: number): Promise<TaxRow> {
  const row = await maybeOne<TaxRow>(q, `${TAX_ROW} WHERE t.id = $1`, [id]);
  if (!row) throw new AppError('notFound');
  return row;
}

/**
 * A number that changes whenever any location's tax presentation does (FNV-1a of the rows): the version
 * of the business view. Other general settings (a print header, the current register) move the rows'
 * own versions but not this, so saving one of them does not make the Taxes screen stale.
 */
function fingerprint(found: TaxModeRow[]): number {
  let hash = 0x811c9dc5;
  for (const c of JSON.stringify(found.map((r) => [r.location_id, r.is_tax_included, r.show_taxes_mode])))
    hash = Math.imul(hash ^ c.charCodeAt(0), 0x01000193);
  // A positive 31-bit number, as the schema wants a version to be.
  return hash >>> 1 || 1;
}

/**
 * The tax presentation of the whole business, read from every location's general settings (a location
 * without a row has the defaults).
 */
async function taxModeOf(q: Queryable): Promise<{ view: TaxModeView; rows: TaxModeRow[] }> {
  const found = await rows<TaxModeRow>(
    q,
    `SELECT l.id AS location_id, coalesce(g.is_tax_included, false) AS is_tax_included,
            coalesce(g.show_taxes_mode, 'separate') AS show_taxes_mode, coalesce(g.version, 1) AS version
     FROM locations l LEFT JOIN general_settings g ON g.location_id = l.id
     ORDER BY l.id`,
  );
  const first = found[0];
  const modes = new Set(found.map((r) => `${r.is_tax_included}:${showTaxesMode(r.show_taxes_mode)}`));
  const view = {
    is_tax_included: first?.is_tax_included ?? false,
    show_taxes_mode: showTaxesMode(first?.show_taxes_mode),
    version: fingerprint(found),
    mixed: modes.size > 1,
  };
  return { view, rows: found };
}
type TaxModeRow = Pick<
  Tables['general_settings'],
  'location_id' | 'is_tax_included' | 'show_taxes_mode' | 'version'
>;

/**
 * Business settings, Taxes: the business's taxes (every active one applies to every price, shared/tax.ts)
 * and whether prices include them and how they are shown, for every location at once.
 */
export function registerTaxRoutes(app: FastifyInstance, deps: { db: Db }): void {
  app.get('/api/nine/taxes', { config: { access: BUSINESS_SETTING_VIEW } }, async () => {
    const list: TaxList = { rows: await rows<TaxRow>(deps.db.pool, `${TAX_ROW} ORDER BY t.name, t.id`) };
    return { data: list };
  });

  app.post('/api/nine/taxes', { config: { access: BUSINESS_SETTING_CHANGE } }, async (request, reply) => {
    const input = parse(taxInput, request.body);
    const actor = actorOf(request);
    const row = await transaction(deps.db, async (client) => {
      await assertBusinessWide(client, actor.userId);
      const created = await createSettings(client, actor, 'taxes', input, (r) => r.id);
      return taxRow(client, created.id);
    });
    return reply.code(201).send({ data: row });
  });

  app.put('/api/nine/taxes/:id', { config: { access: BUSINESS_SETTING_CHANGE } }, async (request) => {
    const { id } = parse(idParams, request.params);
    const { version, ...changes } = parse(taxUpdate, request.body);
    const actor = actorOf(request);
    const row = await transaction(deps.db, async (client) => {
      await assertBusinessWide(client, actor.userId);
      await saveSettings(client, actor, { table: 'taxes', key: { id }, version, changes });
      return taxRow(client, id);
    });
    return { data: row };
  });

  // A tax a product or an invoice line names stays for the record; it can be deactivated instead.
  app.delete('/api/nine/taxes/:id', { config: { access: BUSINESS_SETTING_CHANGE } }, async (request) => {
    const { id } = parse(idParams, request.params);
    const { version } = parse(settingsDeleteQuery, request.query);
    const actor = actorOf(request);
    await transaction(deps.db, async (client) => {
      await assertBusinessWide(client, actor.userId);
      await deleteSettings(client, actor, {
        table: 'taxes',
        key: { id },
        version,
        check: async () => {
          if ((await taxRow(client, id)).in_use) throw new AppError('taxInUse');
        },
      });
    });
    return { data: { id } };
  });

  app.get('/api/nine/tax-mode', { config: { access: BUSINESS_SETTING_VIEW } }, async () => {
    return { data: (await taxModeOf(deps.db.pool)).view };
  });

  app.put('/api/nine/tax-mode', { config: { access: BUSINESS_SETTING_CHANGE } }, async (request) => {
    const { version, ...changes } = parse(taxModeUpdate, request.body);
    const actor = actorOf(request);
    const view = await transaction(deps.db, async (client) => {
      await assertBusinessWide(client, actor.userId);
      await bumpSettingsRevision(client);
      // Every location's row is locked before the check, so the state read is the one saved over (a missing
      // row cannot appear meanwhile: every settings save queues on the revision raised above).
      await exec(client, 'SELECT location_id FROM general_settings ORDER BY location_id FOR UPDATE');
      const current = await taxModeOf(client);
      if (current.view.version !== version)
        throw new AppError('versionConflict', { data: { version: current.view.version } });
      for (const row of current.rows)
        await saveSettings(client, actor, {
          table: 'general_settings',
          key: { location_id: row.location_id },
          version: row.version,
          changes,
          createMissing: true,
        });
      return (await taxModeOf(client)).view;
    });
    return { data: view };
  });
}

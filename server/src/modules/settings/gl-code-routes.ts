import type { FastifyInstance } from 'fastify';
import { AppError } from '@nine/shared/errors';
import {
  glCodeInput,
  glCodeParams,
  glCodeUpdate,
  type GlCodeList,
  type GlCodeRow,
} from '@nine/shared/schemas/business-settings';
import type { Db } from '../../db/pool.ts';
import { maybeOne, rows, type Queryable } from '../../db/sql.ts';
import { actorOf } from '../../lib/actor.ts';
import { createSettings, deleteSettings, saveSettings } from '../../lib/settings-save.ts';
import { transaction } from '../../lib/transaction.ts';
import { parse } from '../../lib/validate.ts';
import { assertBusinessWide, BUSINESS_SETTING_CHANGE } from './business-setting-access.ts';
import { settingsDeleteQuery } from '@nine/shared/schemas/settings';

/**
 * A code an account mapping names (Business settings, accounts: payment methods, system postings, taxes,
 * categories) is one the books post to: deleting it would make the next such posting fail, so it stays (the
 * mappings' foreign keys refuse it too).
 */
const GL_ROW = `SELECT g.code, g.description, g.version,
                       EXISTS (SELECT 1 FROM ledger_entries e WHERE e.gl_code = g.code) AS in_use,
                       (EXISTS (SELECT 1 FROM gl_payment_accounts m WHERE m.gl_code = g.code)
                        OR EXISTS (SELECT 1 FROM gl_system_accounts m WHERE m.gl_code = g.code)
                        OR EXISTS (SELECT 1 FROM gl_tax_accounts m WHERE m.gl_code = g.code)
                        OR EXISTS (SELECT 1 FROM gl_category_accounts m WHERE m.gl_code = g.code)) AS built_in
                FROM gl_codes g`;

async function glCodeRow(q: Queryable, code: string): Promise<GlCodeRow> {
  const row = await maybeOne<GlCodeRow>(q, `${GL_ROW} WHERE g.code = $1`, [code]);
  if (!row) throw new AppError('notFound');
  return row;
}

/** Business settings, Codes: the chart of general ledger codes the books post to. */
export function registerGlCodeRoutes(app: FastifyInstance, deps: { db: Db }): void {
  app.get(
    '/api/nine/gl-codes',
    { config: { access: { resource: 'business_setting', action: 'view' } } },
    async () => {
      const list: GlCodeList = {
        rows: await rows<GlCodeRow>(deps.db.pool, `${GL_ROW} ORDER BY g.code`),
      };
      return { data: list };
    },
  );

  app.post('/api/nine/gl-codes', { config: { access: BUSINESS_SETTING_CHANGE } }, async (request, reply) => {
    const input = parse(glCodeInput, request.body);
    const actor = actorOf(request);
    const row = await transaction(deps.db, async (client) => {
      await assertBusinessWide(client, actor.userId);
      await createSettings(client, actor, 'gl_codes', input, (r) => r.code);
      return glCodeRow(client, input.code);
    });
    return reply.code(201).send({ data: row });
  });

  app.put('/api/nine/gl-codes/:code', { config: { access: BUSINESS_SETTING_CHANGE } }, async (request) => {
    const { code } = parse(glCodeParams, request.params);
    const { version, description } = parse(glCodeUpdate, request.body);
    const actor = actorOf(request);
    const row = await transaction(deps.db, async (client) => {
      await assertBusinessWide(client, actor.userId);
      await saveSettings(client, actor, {
        table: 'gl_codes',
        key: { code },
        version,
        changes: { description },
      });
      return glCodeRow(client, code);
    });
    return { data: row };
  });

  // A code with ledger rows stays: the books must still add up and name their accounts.
  app.delete('/api/nine/gl-codes/:code', { config: { access: BUSINESS_SETTING_CHANGE } }, async (request) => {
    const { code } = parse(glCodeParams, request.params);
    const { version } = parse(settingsDeleteQuery, request.query);
    const actor = actorOf(request);
    await transaction(deps.db, async (client) => {
      await assertBusinessWide(client, actor.userId);
      await deleteSettings(client, actor, {
        table: 'gl_codes',
        key: { code },
        version,
        check: async () => {
          const row = await glCodeRow(client, code);
          if (row.built_in) throw new AppError('glCodeBuiltIn');
          if (row.in_use) throw new AppError('glCodeInUse');
        },
      });
    });
    return { data: { code } };
  });
}

import type { FastifyInstance } from 'fastify';
import { AppError } from '@nine/shared/errors';
import {
  GL_FIXED_POSTINGS,
  GL_PAYMENT_METHODS,
  GL_SYSTEM_POSTINGS,
  glAccountParams,
  glAccountUpdate,
  type GlAccounts,
  type GlAccountSaved,
  type GlCategoryAccount,
  type GlPaymentAccount,
  type GlSystemAccount,
  type GlTaxAccount,
} from '@nine/shared/schemas/gl-accounts';
import type { Db } from '../../db/pool.ts';
import { exec, maybeOne, rows } from '../../db/sql.ts';
import { actorOf } from '../../lib/actor.ts';
import { bumpSettingsRevision, saveSettings } from '../../lib/settings-save.ts';
import { transaction } from '../../lib/transaction.ts';
import { parse } from '../../lib/validate.ts';
import { assertBusinessWide, BUSINESS_SETTING_CHANGE } from './business-setting-access.ts';

const BUSINESS_SETTING_VIEW = { resource: 'business_setting', action: 'view' } as const;

const required = () =>
  new AppError('validation', { data: { issues: [{ path: 'gl_code', code: 'required' }] } });

/** The positive integer id a tax or category key names, else none (404). */
function idOf(key: string): number {
  const id = Number(key);
  if (!/^[1-9][0-9]{0,9}$/.test(key) || id > 2_147_483_647) throw new AppError('notFound');
  return id;
}

/**
 * Business settings, Payment, System, Tax and Category Accounts: the general ledger code each payment
 * method, system posting, tax and product category posts to (money/gl-accounts.ts reads them when posting).
 * Business-wide: a save needs business_setting change at every location.
 */
export function registerGlAccountRoutes(app: FastifyInstance, deps: { db: Db }): void {
  app.get('/api/nine/gl-accounts', { config: { access: BUSINESS_SETTING_VIEW } }, async () => {
    const db = deps.db.pool;
    const [payment, system, tax, category] = await Promise.all([
      rows<Omit<GlPaymentAccount, 'method'> & { method: string }>(
        db,
        'SELECT method, gl_code, version FROM gl_payment_accounts',
      ),
      rows<Omit<GlSystemAccount, 'posting' | 'fixed'> & { posting: string }>(
        db,
        'SELECT posting, gl_code, version FROM gl_system_accounts',
      ),
      // A tax or category nobody mapped yet shows its default account at version 1 (saved with createMissing).
      rows<GlTaxAccount>(
        db,
        `SELECT t.id AS tax_id, t.name, t.rate_bp, t.is_active, m.gl_code, coalesce(m.version, 1) AS version
         FROM taxes t LEFT JOIN gl_tax_accounts m ON m.tax_id = t.id ORDER BY lower(t.name), t.id`,
      ),
      rows<GlCategoryAccount>(
        db,
        `WITH RECURSIVE tree AS (
           SELECT id, name::text AS path FROM categories WHERE parent_id IS NULL
           UNION ALL
           SELECT c.id, t.path || ' / ' || c.name FROM categories c JOIN tree t ON c.parent_id = t.id)
         SELECT t.id AS category_id, t.path AS name, m.gl_code, coalesce(m.version, 1) AS version
         FROM tree t LEFT JOIN gl_category_accounts m ON m.category_id = t.id ORDER BY lower(t.path), t.id`,
      ),
    ]);
    const order = <K extends string>(list: readonly K[], k: string) => list.indexOf(k as K);
    const data: GlAccounts = {
      payment: payment
        .filter((r) => order(GL_PAYMENT_METHODS, r.method) >= 0)
        .sort((a, b) => order(GL_PAYMENT_METHODS, a.method) - order(GL_PAYMENT_METHODS, b.method))
        .map((r) => ({ ...r, method: r.method as GlPaymentAccount['method'] })),
      system: system
        .filter((r) => order(GL_SYSTEM_POSTINGS, r.posting) >= 0)
        .sort((a, b) => order(GL_SYSTEM_POSTINGS, a.posting) - order(GL_SYSTEM_POSTINGS, b.posting))
        .map((r) => {
          const posting = r.posting as GlSystemAccount['posting'];
          return { ...r, posting, fixed: GL_FIXED_POSTINGS.includes(posting) };
        }),
      tax,
      category,
    };
    return { data };
  });

  app.put(
    '/api/nine/gl-accounts/:kind/:key',
    { config: { access: BUSINESS_SETTING_CHANGE } },
    async (request) => {
      const { kind, key } = parse(glAccountParams, request.params);
      const { version, gl_code } = parse(glAccountUpdate, request.body);
      const actor = actorOf(request);
      const saved = await transaction(deps.db, async (client): Promise<GlAccountSaved> => {
        await assertBusinessWide(client, actor.userId);
        // The revision first, like every settings save: then the code's lock, so a code being deleted is
        // either gone (422) or still there and, once this commits, refused as mapped.
        await bumpSettingsRevision(client);
        if (gl_code !== null) {
          const code = await maybeOne<{ code: string }>(
            client,
            'SELECT code FROM gl_codes WHERE code = $1 FOR KEY SHARE',
            [gl_code],
          );
          if (!code) throw new AppError('glCodeUnknown', { data: { gl_code } });
        }
        const base = { version, changes: { gl_code } };
        switch (kind) {
          case 'payment': {
            if (!(GL_PAYMENT_METHODS as readonly string[]).includes(key)) throw new AppError('notFound');
            if (gl_code === null) throw required();
            const row = await saveSettings(client, actor, {
              ...base,
              table: 'gl_payment_accounts',
              key: { method: key },
              changes: { gl_code },
            });
            return { kind, key, gl_code: row.gl_code, version: row.version };
          }
          case 'system': {
            if (!(GL_SYSTEM_POSTINGS as readonly string[]).includes(key)) throw new AppError('notFound');
            if ((GL_FIXED_POSTINGS as readonly string[]).includes(key)) throw new AppError('glAccountFixed');
            if (gl_code === null) throw required();
            const row = await saveSettings(client, actor, {
              ...base,
              table: 'gl_system_accounts',
              key: { posting: key },
              changes: { gl_code },
            });
            return { kind, key, gl_code: row.gl_code, version: row.version };
          }
          case 'tax': {
            const id = idOf(key);
            if ((await exec(client, 'SELECT 1 FROM taxes WHERE id = $1 FOR KEY SHARE', [id])) === 0)
              throw new AppError('notFound');
            const row = await saveSettings(client, actor, {
              ...base,
              table: 'gl_tax_accounts',
              key: { tax_id: id },
              createMissing: true,
            });
            return { kind, key, gl_code: row.gl_code, version: row.version };
          }
          case 'category': {
            const id = idOf(key);
            if ((await exec(client, 'SELECT 1 FROM categories WHERE id = $1 FOR KEY SHARE', [id])) === 0)
              throw new AppError('notFound');
            const row = await saveSettings(client, actor, {
              ...base,
              table: 'gl_category_accounts',
              key: { category_id: id },
              createMissing: true,
            });
            return { kind, key, gl_code: row.gl_code, version: row.version };
          }
        }
      });
      return { data: saved };
    },
  );
}
